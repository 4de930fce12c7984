import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

/**
 * A Stripe API stand-in for tests (the live API cannot be reached here): the PaymentIntents and Refunds calls
 * the shop makes, over Stripe's form-encoded HTTP API, with the documented object shapes, manual-capture states,
 * idempotency keys and error bodies (https://docs.stripe.com/api/payment_intents, /api/errors). The Stripe SDK
 * talks to it through STRIPE_API_BASE. What Stripe.js and the bank do (authorize, decline, expire) are helpers.
 */
export interface StripeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  capture_method: 'manual' | 'automatic' | 'automatic_async';
  client_secret: string;
  currency: string;
  metadata: Record<string, string>;
  description: string | null;
  status:
    | 'requires_payment_method'
    | 'requires_confirmation'
    | 'requires_action'
    | 'processing'
    | 'requires_capture'
    | 'succeeded'
    | 'canceled';
  last_payment_error: { code: string; decline_code?: string; message: string; type: string } | null;
  cancellation_reason: string | null;
  receipt_email: string | null;
  livemode: false;
  created: number;
}

export interface StripeStandIn {
  base: string;
  intents: Map<string, StripeIntent>;
  refunds: { id: string; payment_intent: string; amount: number; status: 'succeeded' }[];
  /** Every API call: method, path and idempotency key. */
  calls: { method: string; path: string; idempotencyKey?: string }[];
  /** Stripe.js confirmed a good card: the amount is authorized (manual capture). */
  authorize(id: string): StripeIntent;
  /** Stripe.js confirmed a declined card: the intent waits for another one. */
  decline(id: string): StripeIntent;
  /** The authorization expired (7 days) or was cancelled outside the shop. */
  expire(id: string): StripeIntent;
  /** The next `count` calls whose path ends with `suffix` answer 500 (Stripe's api_error), without retries. */
  failNext(suffix: string, count?: number): void;
  /** A webhook event body for an intent as it is now. */
  event(type: string, intentId: string, eventId?: string): string;
  stop(): Promise<void>;
}

/** Stripe's form encoding (a[b]=c) back into objects. */
function parseForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = out;
    path.slice(0, -1).forEach((part) => (node = (node[part] ??= {}) as Record<string, unknown>));
    node[path.at(-1)!] = value;
  }
  return out;
}

const unexpectedState = (intent: StripeIntent, action: string) => ({
  status: 400,
  body: {
    error: {
      type: 'invalid_request_error',
      code: 'payment_intent_unexpected_state',
      message: `This PaymentIntent could not be ${action} because it has a status of ${intent.status}.`,
      payment_intent: intent,
    },
  },
});

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const intents = new Map<string, StripeIntent>();
  const refunds: StripeStandIn['refunds'] = [];
  const calls: StripeStandIn['calls'] = [];
  const replies = new Map<string, { status: number; body: unknown }>();
  const failures: { suffix: string; count: number }[] = [];
  const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

  function handle(method: string, path: string, form: Record<string, unknown>): { status: number; body: unknown } {
    const missing = (what: string) => ({
      status: 404,
      body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } },
    });
    if (method === 'POST' && path === '/v1/payment_intents') {
      const intentId = id('pi');
      const intent: StripeIntent = {
        id: intentId,
        object: 'payment_intent',
        amount: Number(form.amount),
        amount_capturable: 0,
        amount_received: 0,
        capture_method: (form.capture_method as StripeIntent['capture_method']) ?? 'automatic_async',
        client_secret: `${intentId}_secret_${randomBytes(8).toString('hex')}`,
        currency: String(form.currency),
        metadata: (form.metadata as Record<string, string>) ?? {},
        description: (form.description as string) ?? null,
        status: 'requires_payment_method',
        last_payment_error: null,
        cancellation_reason: null,
        receipt_email: (form.receipt_email as string) ?? null,
        livemode: false,
        created: Math.floor(Date.now() / 1000),
      };
      intents.set(intentId, intent);
      return { status: 200, body: intent };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(String(form.payment_intent));
      if (!intent) return missing('payment_intent');
      if (intent.status !== 'succeeded') return unexpectedState(intent, 'refunded');
      if (refunds.some((refund) => refund.payment_intent === intent.id)) {
        return {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              code: 'charge_already_refunded',
              message: 'Charge has already been refunded.',
            },
          },
        };
      }
      const refund = {
        id: id('re'),
        object: 'refund',
        payment_intent: intent.id,
        amount: intent.amount_received,
        status: 'succeeded' as const,
      };
      refunds.push(refund);
      return { status: 200, body: refund };
    }
    const match = /^\/v1\/payment_intents\/([^/]+)(?:\/(capture|cancel))?$/.exec(path);
    const intent = match ? intents.get(match[1]) : undefined;
    if (!match)
      return {
        status: 404,
        body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` } },
      };
    if (!intent) return missing(`payment_intent: '${match[1]}'`);
    if (method === 'GET') return { status: 200, body: intent };
    if (match[2] === 'capture') {
      if (intent.status !== 'requires_capture') return unexpectedState(intent, 'captured');
      Object.assign(intent, { status: 'succeeded', amount_received: intent.amount_capturable, amount_capturable: 0 });
      return { status: 200, body: intent };
    }
    if (match[2] === 'cancel') {
      if (
        !['requires_payment_method', 'requires_capture', 'requires_confirmation', 'requires_action'].includes(
          intent.status,
        )
      )
        return unexpectedState(intent, 'canceled');
      Object.assign(intent, { status: 'canceled', amount_capturable: 0, cancellation_reason: 'requested_by_customer' });
      return { status: 200, body: intent };
    }
    // Description and metadata may be changed in every state (the order number after the take); the amount and
    // receipt only before a card is confirmed.
    const labelOnly = Object.keys(form).every((field) => field === 'description' || field === 'metadata');
    if (!labelOnly && !['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(intent.status))
      return unexpectedState(intent, 'updated');
    if (typeof form.description === 'string') intent.description = form.description;
    if (form.metadata) intent.metadata = { ...intent.metadata, ...(form.metadata as Record<string, string>) };
    if (form.amount !== undefined) intent.amount = Number(form.amount);
    if (typeof form.receipt_email === 'string') intent.receipt_email = form.receipt_email;
    return { status: 200, body: intent };
  }

  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0];
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      calls.push({ method: req.method ?? 'GET', path, idempotencyKey });
      const send = (
        { status, body: payload }: { status: number; body: unknown },
        headers: Record<string, string> = {},
      ) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req'), ...headers });
        res.end(JSON.stringify(payload));
      };
      const failure = failures.find((f) => f.count > 0 && path.endsWith(f.suffix));
      let reply: { status: number; body: unknown };
      if (failure) {
        failure.count--;
        reply = { status: 500, body: { error: { type: 'api_error', message: 'An unknown error occurred.' } } };
        // Stripe saves the first answer of an idempotency key, 500s included.
        if (idempotencyKey) replies.set(idempotencyKey, reply);
        return send(reply, { 'stripe-should-retry': 'false' });
      }
      if (idempotencyKey && replies.has(idempotencyKey))
        return send(replies.get(idempotencyKey)!, { 'idempotent-replayed': 'true', 'stripe-should-retry': 'false' });
      reply = handle(req.method ?? 'GET', path, parseForm(body));
      // A copy: later changes of the intent do not change a saved answer.
      if (idempotencyKey && req.method === 'POST') replies.set(idempotencyKey, JSON.parse(JSON.stringify(reply)));
      send(reply, { 'stripe-should-retry': 'false' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const must = (intentId: string) => {
    const intent = intents.get(intentId);
    if (!intent) throw new Error(`no intent ${intentId}`);
    return intent;
  };
  return {
    base: `http://127.0.0.1:${port}`,
    intents,
    refunds,
    calls,
    authorize(intentId) {
      const intent = must(intentId);
      if (intent.status !== 'requires_payment_method') throw new Error(`cannot authorize a ${intent.status} intent`);
      return Object.assign(
        intent,
        intent.capture_method === 'manual'
          ? { status: 'requires_capture', amount_capturable: intent.amount }
          : { status: 'succeeded', amount_received: intent.amount },
      );
    },
    decline(intentId) {
      return Object.assign(must(intentId), {
        last_payment_error: {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'generic_decline',
          message: 'Your card was declined.',
        },
      });
    },
    expire(intentId) {
      return Object.assign(must(intentId), {
        status: 'canceled',
        amount_capturable: 0,
        cancellation_reason: 'automatic',
      });
    },
    failNext(suffix, count = 1) {
      failures.push({ suffix, count });
    },
    event(type, intentId, eventId = id('evt')) {
      return JSON.stringify({
        id: eventId,
        object: 'event',
        api_version: '2025-01-27.acacia',
        type,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        data: { object: must(intentId) },
      });
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
