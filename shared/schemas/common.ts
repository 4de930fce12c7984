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
