import * as z from './zod';

/** The one error body of every endpoint (design section 3). */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.optional(z.record(z.string(), z.string())),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const healthSchema = z.object({ ok: z.literal(true) });
/** GET /api/health while the local stack still seeds or migrates (docs/decisions/0073): what it is doing. */
export const startingSchema = z.object({ ok: z.literal(false), starting: z.string() });

export const validateAdminSchema = z.object({ isAdmin: z.boolean() });

/** Runtime settings the SPA reads from GET /config.json (design section 2). */
export const runtimeConfigSchema = z.object({
  region: z.string(),
  userPoolId: z.string(),
  userPoolClientId: z.string(),
  cognitoEndpoint: z.nullable(z.string()),
  stripePublishableKey: z.nullable(z.string()),
  paymentMode: z.enum(['stripe', 'test']),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

/** Largest JSON body any endpoint accepts. */
export const MAX_BODY_BYTES = 16 * 1024;

/**
 * The `limit` and `cursor` query parameters of every paged list (the catalogue, the admin tables): `limit` a whole
 * number from 1 to `max` (default `size`), `cursor` the opaque `nextCursor` of the page before, as given.
 */
export function pageQueryFields(size: number, max: number, badCursor: string) {
  const badLimit = `Limit must be a whole number from 1 to ${max}.`;
  return {
    limit: z._default(
      z.pipe(z.string(), z.transform(Number)).check(z.int(badLimit), z.gte(1, badLimit), z.lte(max, badLimit)),
      size,
    ),
    cursor: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{1,1000}$/, badCursor))),
  };
}
