import * as z from './zod';

/** A quote's id and its page's link token: named by every quote route, built apart from the quote views. */
export const quoteIdSchema = z.uuid('Not a quote id');
/** A quote page's signed token, as its link carries it (functions/lib/signed-tokens.ts). */
export const quoteTokenSchema = z
  .string()
  .check(
    z.minLength(10, 'This link is not complete. Please open the link from your mail again.'),
    z.maxLength(600, 'This link is not valid.'),
    z.regex(/^[A-Za-z0-9_.-]+$/, 'This link is not valid.'),
  );
