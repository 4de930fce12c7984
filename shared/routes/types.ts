import type { ApiRateLimitGroupId } from '../rate-limits';
import type * as z from '../schemas/zod';

/** The shape of a route-table entry (see shared/routes.ts). */
export type Access = 'public' | 'user' | 'admin';
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/**
 * Other services a function calls; infra grants exactly these. `stripe`: the function reads the Stripe keys
 * (in AWS from Secrets Manager, through STRIPE_SECRET_ARN; never the test card processor there). `origin`: the function
 * knows the shop's public origin (SITE_URL) for absolute addresses, and nothing more. `site`: the function also reads
 * the SPA's index.html and first screens (SPA_BUCKET): the page function. `links`: the function
 * signs or checks the links of mails (restore a cart, unsubscribe: functions/lib/signed-tokens.ts; in AWS it reads the
 * generated signing key through LINK_SIGNING_SECRET_ARN) and knows the shop's origin (SITE_URL) and postal address.
 * `shipping`: the function calls the shipping provider (EasyPost; in AWS its keys through SHIPPING_SECRET_ARN).
 */
export type Service = 'ses' | 's3' | 'cognito' | 'stripe' | 'shipping' | 'origin' | 'site' | 'links';

/** Native packages a function may load (RouteDef `native`). */
export type NativePackage = 'sharp';

/** Statuses of a success. */
export type SuccessStatus = 200 | 201 | 301 | 303;
/**
 * Statuses a route's own logic may answer besides those its entry implies (docs/decisions/0068): 400 (a rule beyond
 * the schemas), 402 (a card declined), 403 (not yours, not bought), 404 (unknown), 409 (a conflict: out of stock,
 * paid, exists, changed meanwhile), 502 (a provider refused: SES, Stripe), 503 (not ready yet).
 */
export type RefusalStatus = 400 | 402 | 403 | 404 | 409 | 502 | 503;
/** When a refusal is answered; with `body` when it is not the error format (`{"error": {...}}`). */
export type Refusal = string | { when: string; body: z.ZodMiniType };

export interface RouteDef {
  method: Method;
  /** API Gateway path; `{name}` marks a path parameter. */
  path: string;
  /** Module under functions/http, without extension. */
  handler: string;
  access: Access;
  /**
   * Each `{name}` of the path with the shared zod schema its value must pass: checked before the handler runs
   * (400 naming the parameter), typed for the handler, described in the API document.
   */
  params?: Readonly<Record<string, z.ZodMiniType>>;
  /**
   * Request body schema, when the route takes a JSON body: the chain answers 415 to any other Content-Type, then 413,
   * 400 (docs/decisions/0092).
   */
  body?: z.ZodMiniType;
  /**
   * A route that reads a body other than JSON says so, and has no `body` schema (nothing in the chain reads it):
   * `form`, form data (`application/x-www-form-urlencoded`: a mail client's one-click unsubscribe, RFC 8058); `raw`,
   * the bytes as sent, for a signature over them (`rawBody` says which header; Stripe's events).
   */
  bodyType?: 'form' | 'raw';
  /**
   * A JSON body the handler reads as it came (a signature covers its bytes: Stripe's events), with the header that
   * signs it: described in the API document, not parsed by the route's chain.
   */
  rawBody?: { description: string; signatureHeader: string };
  /** Query string schema (an object of strings), when the route reads one: checked before the handler runs (400). */
  query?: z.ZodMiniType;
  /**
   * The JSON answer of a success, a shared zod schema: the handler's return value is typed by it (defineHandler),
   * every answer a test sees is checked against it (tests/helpers.ts invoke), and the API document describes it.
   */
  answer?: z.ZodMiniType;
  /** The media type of a successful answer when it is not JSON (the crawler pages: HTML, XML, text; Meta's feed). */
  answers?: 'text/html' | 'application/xml' | 'text/plain' | 'text/csv';
  /** A download the route also answers when asked for it (`?format=csv`), besides its JSON answer. */
  download?: 'text/csv';
  /**
   * Success statuses, when not only 200 (201: something was made; 301: a page's address without its trailing slash;
   * 303: the browser is sent on to a page of the site, `Location`).
   */
  success?: readonly SuccessStatus[];
  /**
   * The refusals the route's own logic answers, each with one sentence on when. Those the entry implies are
   * added by themselves: 400 (body, query or a path parameter refused), 401 (user and admin routes), 403 (admin
   * routes; any request that did not come through the shop's address), 413 (a body), 429, 503 (`uses` stripe), 5XX.
   */
  refusals?: Readonly<Partial<Record<RefusalStatus, Refusal>>>;
  /**
   * The rate limit group (shared/rate-limits.ts) whose per-client limit counts this route's requests; a public POST,
   * PUT, PATCH or DELETE must name one, or say why it needs none: `{ none: 'reason' }` (the contract tests check it).
   */
  rateLimit?: ApiRateLimitGroupId | { none: string };
  /** What the function may do with the table: least privilege in AWS. */
  table: 'none' | 'read' | 'readwrite';
  /** Other AWS services the function calls. */
  uses?: readonly Service[];
  /**
   * Native packages the function loads, installed beside its bundle for Lambda's arm64 Linux instead of bundled (a
   * package with a native binary cannot be bundled: sharp's build throws when loaded from a CommonJS bundle).
   */
  native?: readonly NativePackage[];
  summary: string;
}
