import { RATE_LIMIT_MESSAGES } from './messages';
import { matchPath, ROUTE_LIST } from './routes';
import type { Method } from './routes/types';

/**
 * Bots are held back (design section 4): the one definition of the per-client rate limits. The local gateway
 * enforces it (functions/local/rate-limit.ts) and the CDK turns each group into a WAF rate-based rule
 * (infra/lib/rate-limits.ts); docs/decisions/0025 says where the two differ.
 *
 * A group counts the requests of one client address to its endpoints together: at most `limit` of them in any
 * `windowSeconds`; the next one is answered 429 with `Retry-After` and the group's message, and reaches nothing.
 */

/** The evaluation windows WAF rate-based rules offer (seconds); the local limiter uses the same. */
export const RATE_LIMIT_WINDOWS = [60, 120, 300, 600] as const;
export type RateLimitWindow = (typeof RATE_LIMIT_WINDOWS)[number];
/** The lowest limit a WAF rate-based rule takes. */
export const RATE_LIMIT_MINIMUM = 10;

/** Cognito calls carry `x-amz-target: AWSCognitoIdentityProviderService.<Operation>`. */
export const COGNITO_TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';
export type CognitoOperation = 'SignUp' | 'ForgotPassword' | 'ConfirmForgotPassword';
/** An operation name as Cognito spells them (SignUp, InitiateAuth, ...): a capital, then letters. */
const COGNITO_OPERATION = /^[A-Z][A-Za-z]{1,63}$/;

/**
 * The operation a Cognito call names, or undefined when its x-amz-target is not exactly
 * `AWSCognitoIdentityProviderService.<Operation>` (what the SDKs send; Cognito answers anything else with
 * UnknownOperationException). The one reading of the header: the local gateway refuses a call without an
 * operation before anything else sees it, and the limiter, the local Cognito triggers and the Cognito stand-in
 * (which routes on the part after the dot) then all see the same operation.
 */
export function cognitoOperationOf(target: string | undefined): string | undefined {
  if (target === undefined || !target.startsWith(COGNITO_TARGET_PREFIX)) return undefined;
  const operation = target.slice(COGNITO_TARGET_PREFIX.length);
  return COGNITO_OPERATION.test(operation) ? operation : undefined;
}

/**
 * One kind of request a group counts: an API route (method and route-table path; `{name}` matches one segment),
 * or a Cognito operation (locally through the gateway's /cognito proxy, in AWS straight to the user pool).
 */
export type LimitedApiRequest = { readonly method: Method; readonly path: string };
export type LimitedCognitoRequest = { readonly cognito: CognitoOperation };
export type LimitedRequest = LimitedApiRequest | LimitedCognitoRequest;

/**
 * A group as defined below: an API group's requests are the routes whose route-table entry names it (`rateLimit`:
 * a route joins a group in its own entry, in one place); a Cognito group lists its operations.
 */
interface RateLimitDefinition {
  readonly id: string;
  readonly summary: string;
  readonly limit: number;
  readonly windowSeconds: RateLimitWindow;
  readonly message: string;
  readonly cognito?: readonly CognitoOperation[];
}

export interface RateLimitGroup {
  /** Stable id: the WAF rule and its metric, the `group` of the local log line. Letters, digits and dashes. */
  readonly id: string;
  readonly summary: string;
  /** Requests per client address per window. At least RATE_LIMIT_MINIMUM (WAF's floor). */
  readonly limit: number;
  readonly windowSeconds: RateLimitWindow;
  readonly requests: readonly LimitedRequest[];
  /** What the shopper reads (shared/messages.ts). */
  readonly message: string;
}

const DEFINITIONS = [
  {
    id: 'payment-intents',
    summary: 'Pricing a checkout and creating its payment intent: a shopper needs one or two per checkout',
    limit: 20,
    windowSeconds: 300,
    message: RATE_LIMIT_MESSAGES.checkout,
  },
  {
    id: 'wallet-quotes',
    summary:
      "A wallet sheet's total for the address it shows (Apple Pay, Google Pay, Link, the test wallet): each address the shopper picks in the sheet asks once",
    limit: 40,
    windowSeconds: 300,
    message: RATE_LIMIT_MESSAGES.checkout,
  },
  {
    id: 'card-confirmations',
    summary:
      "The test processor's card step (local; in AWS the route only answers 404, cards go to Stripe): room for a few declined cards and retries, not for card testing",
    limit: 15,
    windowSeconds: 300,
    message: RATE_LIMIT_MESSAGES.checkout,
  },
  {
    id: 'order-recording',
    summary:
      'Recording the order of an authorized card (browser retries included): does nothing without an authorized intent and is idempotent, so generous; still bounded, since each call may ask the payment provider',
    limit: 60,
    windowSeconds: 300,
    message: RATE_LIMIT_MESSAGES.orderRecording,
  },
  {
    id: 'promo-code-checks',
    summary: 'Checking a promo code: a shopper types a few; guessing codes needs thousands',
    limit: 10,
    windowSeconds: 300,
    message: RATE_LIMIT_MESSAGES.promoCodes,
  },
  {
    id: 'order-lookups',
    summary: 'Order status and replacement requests by number and email: guessing pairs needs many tries',
    limit: 10,
    windowSeconds: 300,
    message: RATE_LIMIT_MESSAGES.orderLookups,
  },
  {
    id: 'forms',
    summary: 'Contact, support and quote messages: each is stored and mailed to the shop',
    limit: 10,
    windowSeconds: 600,
    message: RATE_LIMIT_MESSAGES.forms,
  },
  {
    id: 'stock-alerts',
    summary:
      'Back-in-stock requests ("Email me when it\'s back"): a shopper asks for a size or two; each stores an address the shop will mail once',
    limit: 10,
    windowSeconds: 600,
    message: RATE_LIMIT_MESSAGES.stockAlerts,
  },
  {
    id: 'funnel',
    summary:
      "The shoppers' path beacons: at most one per page a shopper leaves; generous, as many shoppers may share one address (a school, an office)",
    limit: 300,
    windowSeconds: 300,
    message: RATE_LIMIT_MESSAGES.funnel,
  },
  {
    id: 'drop-line',
    summary:
      "A drop's line: joining, then asking where one stands every 5 s (the page does it); asking faster moves no one forward, so a bot is only slowed",
    limit: 60,
    windowSeconds: 60,
    message: RATE_LIMIT_MESSAGES.dropLine,
  },
  {
    id: 'search',
    summary:
      'Product search: each new phrase passes CloudFront to the API (answers are cached per phrase); a shopper types a few a minute, a scraper thousands',
    limit: 60,
    windowSeconds: 60,
    message: RATE_LIMIT_MESSAGES.search,
  },
  {
    id: 'email-preferences',
    summary:
      "Unsubscribing with a mail's link (the shop's page, or a mail client's one-click POST, or its address opened in a browser): a person clicks once; generous, as a mail provider may post many shoppers' one-clicks from one address",
    limit: 30,
    windowSeconds: 300,
    message: RATE_LIMIT_MESSAGES.emailPreferences,
  },
  {
    id: 'cart-restores',
    summary:
      "Opening a reminder's link (its cart and shipping details come back): a shopper opens it once or twice; guessing tokens gets nowhere, but each try reads the table",
    limit: 20,
    windowSeconds: 300,
    message: RATE_LIMIT_MESSAGES.cartRestores,
  },
  {
    id: 'shipping-webhooks',
    summary:
      "The shipping provider's tracking events (EasyPost's servers, signature-checked): a few per parcel; a shop's busiest hour stays far below, and EasyPost retries an event refused with 429",
    limit: 600,
    windowSeconds: 60,
    message: RATE_LIMIT_MESSAGES.shippingWebhooks,
  },
  {
    id: 'gift-card-checks',
    summary:
      "Checking a gift card's balance: a holder checks once or twice; guessing 98-bit codes needs far more. Wrong codes are also counted per client by the function (10 in 10 minutes, decision 0126)",
    limit: 20,
    windowSeconds: 600,
    message: RATE_LIMIT_MESSAGES.giftCards,
  },
  {
    id: 'quote-uploads',
    summary:
      "A quote request's artwork: an upload URL and a check per file (5 files at most per request), with room for a few files refused and sent again",
    limit: 40,
    windowSeconds: 600,
    message: RATE_LIMIT_MESSAGES.quoteUploads,
  },
  {
    id: 'quotes',
    summary:
      'Quote requests for printing and design: each is stored, mailed to the shop and acknowledged to the shopper',
    limit: 10,
    windowSeconds: 600,
    message: RATE_LIMIT_MESSAGES.quotes,
  },
  {
    id: 'quote-pages',
    summary:
      "A quote's page by its signed link: reading it, its files, messages and a decline; guessing links gets nowhere, but each try reads the table",
    limit: 60,
    windowSeconds: 300,
    message: RATE_LIMIT_MESSAGES.quotePages,
  },
  {
    id: 'sign-up',
    summary: 'New accounts (Cognito SignUp)',
    limit: 10,
    windowSeconds: 600,
    cognito: ['SignUp'],
    message: RATE_LIMIT_MESSAGES.signUp,
  },
  {
    id: 'password-reset',
    summary: 'Reset links and new passwords (Cognito ForgotPassword, ConfirmForgotPassword): each link is a mail',
    limit: 10,
    windowSeconds: 600,
    cognito: ['ForgotPassword', 'ConfirmForgotPassword'],
    message: RATE_LIMIT_MESSAGES.passwordReset,
  },
] as const satisfies readonly RateLimitDefinition[];

export type RateLimitGroupId = (typeof DEFINITIONS)[number]['id'];
/** The groups a route-table entry may name in `rateLimit`: those that count API routes. */
export type ApiRateLimitGroupId = Exclude<(typeof DEFINITIONS)[number], { cognito: readonly CognitoOperation[] }>['id'];

/** The routes whose entry names a group, in the route table's order. */
const routesNaming = (id: string): LimitedApiRequest[] =>
  ROUTE_LIST.filter((route) => route.rateLimit === id).map((route) => ({ method: route.method, path: route.path }));

/** Every group with the requests it counts. */
export const RATE_LIMITS: readonly RateLimitGroup[] = DEFINITIONS.map((definition) => {
  const { id, summary, limit, windowSeconds, message } = definition;
  const requests = 'cognito' in definition ? definition.cognito.map((cognito) => ({ cognito })) : routesNaming(id);
  return { id, summary, limit, windowSeconds, message, requests };
});

/** The same list, by the name the gateway, infra and tests loop over. */
export const RATE_LIMIT_GROUPS: readonly RateLimitGroup[] = RATE_LIMITS;

export const isCognitoRequest = (request: LimitedRequest): request is LimitedCognitoRequest => 'cognito' in request;
/** Whether a group counts Cognito calls (in AWS: the user pool's web ACL) rather than API routes (CloudFront's). */
export const isCognitoGroup = (group: RateLimitGroup): boolean => group.requests.every(isCognitoRequest);

/** What a request is, for finding its group: an API call, or a Cognito call named by its x-amz-target. */
export type RequestToLimit = { method: string; path: string } | { cognitoTarget: string };

/** The group a request counts toward, if any. */
export function rateLimitGroupOf(
  request: RequestToLimit,
  groups: readonly RateLimitGroup[] = RATE_LIMIT_GROUPS,
): RateLimitGroup | undefined {
  if ('cognitoTarget' in request) {
    const operation = cognitoOperationOf(request.cognitoTarget);
    return operation === undefined
      ? undefined
      : groups.find((group) => group.requests.some((r) => isCognitoRequest(r) && r.cognito === operation));
  }
  const method = request.method.toUpperCase();
  return groups.find((group) =>
    group.requests.some((r) => !isCognitoRequest(r) && r.method === method && matchPath(r.path, request.path) !== null),
  );
}

export const RATE_LIMITED_CODE = 'rate_limited';

/**
 * The 429 body: the API's error format (design section 3). For Cognito calls it also carries `__type` and
 * `message` as Cognito's own errors do, so the SDK in the browser raises TooManyRequestsException with the message.
 */
export function rateLimitedBody(group: RateLimitGroup) {
  const error = { error: { code: RATE_LIMITED_CODE, message: group.message } };
  return isCognitoGroup(group) ? { __type: 'TooManyRequestsException', message: group.message, ...error } : error;
}

/**
 * The switch an operator sets (`RATE_LIMITS` locally, `-c rateLimits=` in AWS): `on` (the default), `off`, or
 * a number that multiplies every limit (`2` doubles them, `0.5` halves them).
 */
export interface RateLimitSwitch {
  enabled: boolean;
  scale: number;
}

/**
 * A setting's value as an error message shows it: text and numbers as they are, anything else (an object from cdk.json)
 * as JSON.
 */
export const settingText = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : (JSON.stringify(value) ?? String(value));

export function parseRateLimitSwitch(value: unknown, name: string): RateLimitSwitch {
  if (value === undefined || value === null || value === '' || value === true || value === 'on' || value === 'true')
    return { enabled: true, scale: 1 };
  if (value === false || value === 'off' || value === 'false' || value === '0' || value === 0)
    return { enabled: false, scale: 1 };
  const scale = Number(value);
  if (!Number.isFinite(scale) || scale < 0.01 || scale > 1000) {
    throw new Error(
      `${name} must be on, off or a number from 0.01 to 1000 that multiplies every limit (got "${settingText(value)}")`,
    );
  }
  return { enabled: true, scale };
}

/** A group's limit times the scale, never below one request. */
export const scaledLimit = (group: RateLimitGroup, scale: number): number =>
  Math.max(1, Math.round(group.limit * scale));
