import * as z from '#shared/schemas/zod';

/**
 * Settings every function reads, checked by a schema. Read on each call (not frozen at import) so tests
 * and the local gateway can point a handler at another table.
 */
const envSchema = z.object({
  TABLE_NAME: z.string().check(z.minLength(1)),
  AWS_REGION: z._default(z.string().check(z.minLength(1)), 'us-east-1'),
  /** Set locally to DynamoDB Local; unset in AWS. */
  DYNAMODB_ENDPOINT: z.optional(z.url()),
  /**
   * Locally: the access key id DynamoDB Local is called with. It names the database (DynamoDB Local keeps one per
   * key id and region), so it is random, kept in the data folder, and never in a URL (docs/decisions/0060).
   */
  DYNAMODB_ACCESS_KEY_ID: z.optional(z.string().check(z.minLength(1))),
  /** Locally: the key the S3 and SES stand-ins are called with, random per start (the S3 stand-in checks it). */
  STANDIN_ACCESS_KEY_ID: z.optional(z.string().check(z.minLength(1))),
  STANDIN_SECRET_ACCESS_KEY: z.optional(z.string().check(z.minLength(1))),
  /** Token issuer: https://cognito-idp.<region>.amazonaws.com/<poolId> in AWS, the Cognito stand-in locally. */
  COGNITO_ISSUER: z.url(),
  COGNITO_CLIENT_ID: z.string().check(z.minLength(1)),
  /** The user pool, for functions whose route `uses` cognito (infra sets it); else the last part of the issuer. */
  USER_POOL_ID: z.optional(z.string().check(z.minLength(1))),
  /** Set locally to the S3 stand-in (path-style); unset in AWS. */
  S3_ENDPOINT: z.optional(z.url()),
  /** Set locally to the SES v2 stand-in; unset in AWS. */
  SES_ENDPOINT: z.optional(z.url()),
  /** Bucket of product images (served under /images/). */
  IMAGES_BUCKET: z.optional(z.string().check(z.minLength(1))),
  /** Where contact, support and quote mails go. */
  SHOP_EMAIL: z.optional(z.email()),
  /**
   * The shop's public origin (https://shop.example.com): links in mails (order status; unset: mails carry no link)
   * and absolute URLs in pages (locally the page function uses the Host header).
   */
  SITE_URL: z.optional(z.url()),
  /**
   * The shop's postal address, in the footer of every mail a shopper did not ask for (reminders, back-in-stock
   * alerts), as CAN-SPAM asks of commercial mail (functions/domain/mail/commercial.ts). Unset: such mails are not sent.
   */
  SHOP_POSTAL_ADDRESS: z.optional(z.string().check(z.minLength(1), z.maxLength(300))),
  /**
   * Locally and in tests: the key that signs the links in mails (restore a cart, unsubscribe;
   * functions/lib/signed-tokens.ts), random and kept in the data folder so links survive a restart. Unset in AWS
   * (LINK_SIGNING_SECRET_ARN).
   */
  LINK_SIGNING_KEY: z.optional(z.string().check(z.minLength(32))),
  /** In AWS: the Secrets Manager secret (generated) holding that key, for functions whose entry `uses` links. */
  LINK_SIGNING_SECRET_ARN: z.optional(z.string().check(z.minLength(1))),
  /** Sender of every mail (an SES verified identity in AWS). */
  MAIL_FROM: z.optional(z.email()),
  /** Stripe test or live keys; without them the built-in test card processor is used. */
  STRIPE_SECRET_KEY: z.optional(z.string().check(z.minLength(1))),
  STRIPE_WEBHOOK_SECRET: z.optional(z.string().check(z.minLength(1))),
  /** In AWS: the Secrets Manager secret holding the Stripe keys (JSON {secretKey, webhookSecret}); Stripe only. */
  STRIPE_SECRET_ARN: z.optional(z.string().check(z.minLength(1))),
  /**
   * `on`: the card step prices the tax with Stripe Tax (a calculation by the full address), and the order records it
   * as a Stripe Tax transaction after the capture (docs/decisions/0108). Set in AWS by the stage setting `stripeTax`;
   * locally with STRIPE_SECRET_KEY. Needs Stripe keys; without them, or unset, the shop's table prices the tax.
   */
  STRIPE_TAX: z.optional(z.enum(['on', 'off'])),
  /** Set in tests to a Stripe API stand-in (tests/stripe-stand-in.ts); unset in AWS. */
  STRIPE_API_BASE: z.optional(z.url()),
  /**
   * The shipping provider's key (EasyPost: a test key `EZTK...` or a live one) and its webhook secret, locally; without
   * a key calculated rates are not offered (the flat rate is). In AWS: SHIPPING_SECRET_ARN (docs/decisions/0161).
   */
  SHIPPING_API_KEY: z.optional(z.string().check(z.minLength(1))),
  SHIPPING_WEBHOOK_SECRET: z.optional(z.string().check(z.minLength(1))),
  /** In AWS: the Secrets Manager secret holding the provider's keys (JSON {apiKey, webhookSecret}). */
  SHIPPING_SECRET_ARN: z.optional(z.string().check(z.minLength(1))),
  /** Locally and in tests: the provider's stand-in (`http://127.0.0.1:<port>/v2/`); unset in AWS. */
  SHIPPING_API_BASE: z.optional(z.url()),
  /** How long the shop waits for the provider before it offers the flat rate, ms (default 4000). */
  SHIPPING_TIMEOUT_MS: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(10_000))),
  /**
   * Buyers a drop's line lets in a second (docs/decisions/0171), when not DROP_RULES.letInPerSecond (Stripe's rate on
   * AWS). For a stack whose slowest part is slower than Stripe: `npm run bench:drop` sets it, as one Node process plays
   * every function there and takes fewer card steps a second than the line would let in.
   */
  DROP_LET_IN_PER_SECOND: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(1000))),
  /**
   * In AWS: the Secrets Manager secret CloudFront sends in the `x-origin-verify` header; every route's function
   * refuses a request without it (functions/lib/origin.ts, docs/decisions/0066).
   */
  ORIGIN_SECRET_ARN: z.optional(z.string().check(z.minLength(1))),
  /** Locally: the value the gateway puts in that header (random per start); unset in AWS and in handler tests. */
  ORIGIN_SECRET: z.optional(z.string().check(z.minLength(1))),
  /** Set in tests to a Secrets Manager stand-in; unset in AWS. */
  SECRETS_MANAGER_ENDPOINT: z.optional(z.url()),
  /** In AWS: the SPA bucket the page function reads index.html from. */
  SPA_BUCKET: z.optional(z.string().check(z.minLength(1))),
  /** Locally: the built SPA (web/dist) the page function reads index.html from. */
  WEB_DIR: z.optional(z.string().check(z.minLength(1))),
  /**
   * Locally: what the stack is still doing before it is ready (seeding the demo data on the first start, migrating
   * older data), set by functions/local/stack.ts; GET /api/health answers 503 meanwhile. Unset in AWS.
   */
  SHOP_STARTING: z.optional(z.string().check(z.minLength(1))),
  /** Set by the Lambda runtime: inside AWS the test card processor is never used. */
  AWS_LAMBDA_FUNCTION_NAME: z.optional(z.string()),
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
