import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type Stripe from 'stripe';
import { encode, httpCall, type Answer } from './http-call';

/**
 * The few Stripe API calls the shop makes (PaymentIntents, Refunds, Stripe Tax) and its webhook signatures, over
 * node:http(s) as the `stripe` package makes them (docs/decisions/0136): the same form-encoded bodies, headers, API
 * version, idempotency keys, retries and error types, tested request for request against the package
 * (stripe-api.test.ts). The package, named by the owner, still types every request and answer here and signs the
 * tests' webhooks; a function no longer loads its 250 KB of resources for six endpoints (issue 39).
 */

/** The API version of the `stripe` package in package.json (stripe-api.test.ts holds the two equal). */
export const STRIPE_API_VERSION = '2026-10-28.endive';

/** As the package: 0.5 s before the first retry, doubling with jitter, at most 5 s. */
const FIRST_RETRY_MS = 500;
const LAST_RETRY_MS = 5_000;
/** Errors of a connection that closed under the request: retried once even when retries are off, as the package. */
const CLOSED = new Set(['ECONNRESET', 'EPIPE']);
/** How long Stripe may wait before a webhook's signature is too old (the package's default). */
export const WEBHOOK_TOLERANCE_S = 300;

export interface StripeClientOptions {
  /** Where the calls go: api.stripe.com, or a test stand-in (STRIPE_API_BASE). */
  host?: string;
  port?: string | number;
  protocol?: 'http' | 'https';
  maxNetworkRetries?: number;
  /** Milliseconds for a request, connection included. */
  timeout?: number;
}

export interface CallOptions {
  idempotencyKey?: string;
  timeout?: number;
  maxNetworkRetries?: number;
}

/** Raw error bodies as Stripe answers them (https://docs.stripe.com/api/errors), with the HTTP status. */
export interface StripeRawError {
  type?: string;
  code?: string;
  message?: string;
  decline_code?: string;
  param?: string;
  payment_intent?: Stripe.PaymentIntent;
  statusCode?: number;
  [key: string]: unknown;
}

/**
 * A failed call, with the `type` the package gives it (StripeInvalidRequestError, StripeCardError, StripeAPIError,
 * StripeConnectionError, ...), Stripe's `code`, the HTTP status and the raw error.
 */
export class StripeApiError extends Error {
  override name = 'StripeApiError';
  readonly code?: string;
  readonly statusCode?: number;
  constructor(
    readonly type: string,
    readonly raw: StripeRawError,
  ) {
    super(raw.message ?? '');
    this.code = raw.code;
    this.statusCode = raw.statusCode;
  }
}

/** The package's error type for an error answer (its generateV1Error). */
function errorType(status: number, raw: StripeRawError): string {
  if (status === 429 || (status === 400 && raw.code === 'rate_limit')) return 'StripeRateLimitError';
  if (status === 400 || status === 404)
    return raw.type === 'idempotency_error' ? 'StripeIdempotencyError' : 'StripeInvalidRequestError';
  if (status === 401) return 'StripeAuthenticationError';
  if (status === 402) return 'StripeCardError';
  if (status === 403) return 'StripePermissionError';
  return 'StripeAPIError';
}

/** Form encoding as the package's (qs-style brackets, arrays by index, nothing for undefined, '' for null). */
export function formEncode(data: object): string {
  const pairs: string[] = [];
  // Brackets left as they are, as the package leaves them (Stripe reads both).
  const part = (text: string) => encode(text).replace(/%5B/g, '[').replace(/%5D/g, ']');
  const add = (key: string, value: unknown): void => {
    if (value === undefined) return;
    if (value instanceof Date) pairs.push(`${part(key)}=${Math.floor(value.getTime() / 1000)}`);
    else if (value === null) pairs.push(`${part(key)}=`);
    else if (typeof value !== 'object') pairs.push(`${part(key)}=${part(`${value as string | number | boolean}`)}`);
    else if (Array.isArray(value)) value.forEach((item, index) => add(`${key}[${index}]`, item));
    else for (const [name, item] of Object.entries(value)) add(`${key}[${name}]`, item);
  };
  for (const [key, value] of Object.entries(data)) add(key, value);
  return pairs.join('&');
}

/** Whether to try again, as the package decides (its RequestSender._shouldRetry). */
function shouldRetry(answer: Answer | undefined, error: unknown, retries: number, maxRetries: number): boolean {
  if (error && retries === 0 && CLOSED.has(String((error as { code?: unknown }).code))) return true;
  if (retries >= maxRetries) return false;
  if (!answer) return true;
  const advice = answer.headers['stripe-should-retry'];
  if (advice === 'false') return false;
  if (advice === 'true') return true;
  return answer.status === 409 || answer.status >= 500;
}

const retryDelay = (retries: number) => {
  const ms = Math.min(FIRST_RETRY_MS * 2 ** (retries - 1), LAST_RETRY_MS) * 0.5 * (1 + Math.random());
  return Math.max(FIRST_RETRY_MS, ms);
};

interface List<T> {
  data: T[];
  has_more: boolean;
}

/** The Stripe calls the shop makes, named as the package names them. */
export interface StripeApi {
  paymentIntents: {
    create(params: Stripe.PaymentIntentCreateParams, options?: CallOptions): Promise<Stripe.PaymentIntent>;
    update(id: string, params: Stripe.PaymentIntentUpdateParams, options?: CallOptions): Promise<Stripe.PaymentIntent>;
    retrieve(id: string, options?: CallOptions): Promise<Stripe.PaymentIntent>;
    cancel(id: string, options?: CallOptions): Promise<Stripe.PaymentIntent>;
    capture(
      id: string,
      params: Stripe.PaymentIntentCaptureParams,
      options?: CallOptions,
    ): Promise<Stripe.PaymentIntent>;
  };
  refunds: { create(params: Stripe.RefundCreateParams, options?: CallOptions): Promise<Stripe.Refund> };
  tax: {
    calculations: {
      create(params: Stripe.Tax.CalculationCreateParams, options?: CallOptions): Promise<Stripe.Tax.Calculation>;
      /** Every line item of a calculation, page by page (at most 10,000). */
      listAllLineItems(id: string, options?: CallOptions): Promise<Stripe.Tax.CalculationLineItem[]>;
    };
    transactions: {
      createFromCalculation(
        params: Stripe.Tax.TransactionCreateFromCalculationParams,
        options?: CallOptions,
      ): Promise<Stripe.Tax.Transaction>;
      createReversal(
        params: Stripe.Tax.TransactionCreateReversalParams,
        options?: CallOptions,
      ): Promise<Stripe.Tax.Transaction>;
      listAllLineItems(id: string, options?: CallOptions): Promise<Stripe.Tax.TransactionLineItem[]>;
    };
  };
}

const LIST_CAP = 10_000;

/** A client for a secret key: two retries and 10 s a request unless told otherwise (the shop's settings, 0024). */
export function stripeClient(secretKey: string, settings: StripeClientOptions = {}): StripeApi {
  const protocol = settings.protocol ?? 'https';
  const base = `${protocol}://${settings.host ?? 'api.stripe.com'}${settings.port ? `:${settings.port}` : ''}`;
  const agent = protocol === 'https' ? new https.Agent({ keepAlive: true }) : new http.Agent({ keepAlive: true });

  async function call<T>(method: 'GET' | 'POST', path: string, params: object, options: CallOptions = {}): Promise<T> {
    const maxRetries = options.maxNetworkRetries ?? settings.maxNetworkRetries ?? 2;
    const timeout = options.timeout ?? settings.timeout ?? 10_000;
    const form = formEncode(params);
    const url = new URL(method === 'GET' && form ? `${path}?${form}` : path, base);
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Content-Type': 'application/x-www-form-urlencoded',
      Authorization: `Bearer ${secretKey}`,
      'Stripe-Version': STRIPE_API_VERSION,
      'User-Agent': 'seasonal-shop (node)',
    };
    // Every POST carries a key, the caller's or one made here, so a retry is never a second charge or refund.
    if (method === 'POST') headers['Idempotency-Key'] = options.idempotencyKey ?? `stripe-node-retry-${randomUUID()}`;
    for (let retries = 0; ; retries += 1) {
      let answer: Answer | undefined;
      let failure: unknown;
      try {
        answer = await httpCall(
          url,
          { method, headers, ...(method === 'POST' ? { body: form } : {}), agent },
          { connectMs: timeout, totalMs: timeout },
        );
      } catch (error) {
        failure = error;
      }
      if (shouldRetry(answer, failure, retries, maxRetries)) {
        await new Promise((resolve) => setTimeout(resolve, retryDelay(retries + 1)));
        continue;
      }
      if (!answer) {
        const timedOut = (failure as Error | undefined)?.name === 'TimeoutError';
        throw new StripeApiError('StripeConnectionError', {
          message: timedOut
            ? `Request aborted due to timeout being reached (${timeout}ms)`
            : `An error occurred with our connection to Stripe.${retries > 0 ? ` Request was retried ${retries} times.` : ''}`,
        });
      }
      let json: { error?: StripeRawError } & Record<string, unknown>;
      try {
        json = JSON.parse(answer.body.toString('utf8')) as typeof json;
      } catch {
        throw new StripeApiError('StripeAPIError', {
          message: 'Invalid JSON received from the Stripe API',
          statusCode: answer.status,
        });
      }
      if (json.error) {
        const raw = { ...json.error, statusCode: answer.status };
        throw new StripeApiError(errorType(answer.status, raw), raw);
      }
      return json as T;
    }
  }

  async function listAll<T extends { id: string }>(path: string, options?: CallOptions): Promise<T[]> {
    const items: T[] = [];
    for (;;) {
      const after = items.at(-1)?.id;
      const page = await call<List<T>>('GET', path, { limit: 100, starting_after: after }, options);
      items.push(...page.data);
      if (!page.has_more || page.data.length === 0 || items.length >= LIST_CAP) return items.slice(0, LIST_CAP);
    }
  }

  const id = (value: string) => encodeURIComponent(value);
  return {
    paymentIntents: {
      create: (params, options) => call('POST', '/v1/payment_intents', params, options),
      update: (intent, params, options) => call('POST', `/v1/payment_intents/${id(intent)}`, params, options),
      retrieve: (intent, options) => call('GET', `/v1/payment_intents/${id(intent)}`, {}, options),
      cancel: (intent, options) => call('POST', `/v1/payment_intents/${id(intent)}/cancel`, {}, options),
      capture: (intent, params, options) => call('POST', `/v1/payment_intents/${id(intent)}/capture`, params, options),
    },
    refunds: { create: (params, options) => call('POST', '/v1/refunds', params, options) },
    tax: {
      calculations: {
        create: (params, options) => call('POST', '/v1/tax/calculations', params, options),
        listAllLineItems: (calculation, options) =>
          listAll(`/v1/tax/calculations/${id(calculation)}/line_items`, options),
      },
      transactions: {
        createFromCalculation: (params, options) =>
          call('POST', '/v1/tax/transactions/create_from_calculation', params, options),
        createReversal: (params, options) => call('POST', '/v1/tax/transactions/create_reversal', params, options),
        listAllLineItems: (transaction, options) =>
          listAll(`/v1/tax/transactions/${id(transaction)}/line_items`, options),
      },
    },
  };
}

/** A webhook whose signature does not hold (the package's StripeSignatureVerificationError). */
export class StripeSignatureError extends Error {
  override name = 'StripeSignatureVerificationError';
}

/**
 * The event of a webhook, after checking its `Stripe-Signature` as the package's `webhooks.constructEvent` does
 * (https://docs.stripe.com/webhooks/signature): an HMAC-SHA256 of `<t>.<raw body>` under the endpoint's signing secret
 * among the header's `v1` signatures, compared in constant time, and `t` at most five minutes old.
 */
export function verifiedStripeEvent(
  payload: string,
  header: string,
  secret: string,
  now = Date.now(),
  toleranceS = WEBHOOK_TOLERANCE_S,
): Stripe.Event {
  let timestamp = -1;
  const signatures: string[] = [];
  for (const item of header.split(',')) {
    const [name, value = ''] = item.split('=');
    if (name === 't') timestamp = Number.parseInt(value, 10);
    if (name === 'v1') signatures.push(value);
  }
  if (!(timestamp >= 0) || signatures.length === 0)
    throw new StripeSignatureError('Unable to extract timestamp and signatures from header');
  const expected = Buffer.from(createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex'));
  const found = signatures.some((signature) => {
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!found) throw new StripeSignatureError('No signatures found matching the expected signature for payload.');
  if (toleranceS > 0 && Math.floor(now / 1000) - timestamp > toleranceS)
    throw new StripeSignatureError('Timestamp outside the tolerance zone');
  return JSON.parse(payload) as Stripe.Event;
}
