import * as z from './zod';

/** A signed link token as a mail carries it (functions/lib/signed-tokens.ts): base64url payload and signature. */
export const linkTokenSchema = z
  .string()
  .check(
    z.minLength(10, 'This link is not complete.'),
    z.maxLength(600, 'This link is not one of ours.'),
    z.regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, 'This link is not complete or was changed.'),
  );

/** The query of POST /api/email-preferences/unsubscribe: the token of the mail's link. */
export const unsubscribeQuerySchema = z.object({ token: linkTokenSchema });

/**
 * The query of GET /api/email-preferences/unsubscribe (the List-Unsubscribe address opened in a browser): any token
 * goes on to the unsubscribe page, which says clearly when it is cut short or changed; only a missing or absurdly
 * long one is refused here.
 */
export const unsubscribePageQuerySchema = z.object({
  token: z
    .string()
    .check(z.minLength(1, 'This link has no token.'), z.maxLength(2000, 'This link is not one of ours.')),
});

/** The answer: done, and the address (masked: `ad•••@example.com`). */
export const unsubscribeAnswerSchema = z.object({ unsubscribed: z.literal(true), email: z.string() });
export type UnsubscribeAnswer = z.infer<typeof unsubscribeAnswerSchema>;
