import * as z from 'zod';

/**
 * Settings every function reads, checked by a schema. Read on each call (not frozen at import) so tests
 * and the local gateway can point a handler at another table.
 */
const envSchema = z.object({
  TABLE_NAME: z.string().min(1),
  AWS_REGION: z.string().min(1).default('us-east-1'),
  /** Set locally to DynamoDB Local; unset in AWS. */
  DYNAMODB_ENDPOINT: z.url().optional(),
  /** Token issuer: https://cognito-idp.<region>.amazonaws.com/<poolId> in AWS, the Cognito stand-in locally. */
  COGNITO_ISSUER: z.url(),
  COGNITO_CLIENT_ID: z.string().min(1),
  /** Defaults to <issuer>/.well-known/jwks.json. */
  COGNITO_JWKS_URI: z.url().optional(),
  /** Set locally to the S3 stand-in (path-style); unset in AWS. */
  S3_ENDPOINT: z.url().optional(),
  /** Set locally to the SES v2 stand-in; unset in AWS. */
  SES_ENDPOINT: z.url().optional(),
  /** Bucket of product images (served under /images/). */
  IMAGES_BUCKET: z.string().min(1).optional(),
  /** Where contact, support and quote mails go. */
  SHOP_EMAIL: z.email().optional(),
  /** Sender of every mail (an SES verified identity in AWS). */
  MAIL_FROM: z.email().optional(),
  /** Stripe test or live keys; without them the built-in test card processor is used. */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** In AWS: the Secrets Manager secret holding the Stripe keys (JSON {secretKey, webhookSecret}); Stripe only. */
  STRIPE_SECRET_ARN: z.string().min(1).optional(),
  /** Set in tests to a Secrets Manager stand-in; unset in AWS. */
  SECRETS_MANAGER_ENDPOINT: z.url().optional(),
  /** Set by the Lambda runtime: inside AWS the test card processor is never used. */
  AWS_LAMBDA_FUNCTION_NAME: z.string().optional(),
});

export type Env = z.infer<typeof envSchema>;

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const missing = parsed.error.issues.map((issue) => issue.path.join('.')).join(', ');
    throw new Error(`Function settings are invalid or missing: ${missing}`);
  }
  return parsed.data;
}
