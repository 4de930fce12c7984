import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { STRIPE_API_VERSION, stripeClient, verifiedStripeEvent, type StripeApi } from './stripe-api';

/**
 * The shop's Stripe client (decision 0136) against the `stripe` package the owner named: the same requests (method,
 * path, form body, key, API version, idempotency key) for every call the shop makes, the same error types for
 * Stripe's error answers, the package's retry rules, and the same verdict on webhook signatures.
 */

interface Seen {
  method: string;
  url: string;
  body: string;
  headers: http.IncomingHttpHeaders;
}
type Reply = { status: number; body: unknown; headers?: Record<string, string> } | 'hang' | 'drop';

let server: http.Server;
let port: number;
let seen: Seen[] = [];
/** What the server answers next, in turn; then `fallback`. */
let replies: Reply[] = [];
let fallback: Reply = { status: 200, body: { id: 'obj_1', object: 'thing', data: [], has_more: false } };

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      seen.push({
        method: request.method ?? '',
        url: request.url ?? '',
        body: Buffer.concat(chunks).toString(),
        headers: request.headers,
      });
      const reply = replies.shift() ?? fallback;
      if (reply === 'hang') return;
      if (reply === 'drop') {
        request.socket.destroy();
        return;
      }
      response.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
      response.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  seen = [];
  replies = [];
  fallback = { status: 200, body: { id: 'obj_1', object: 'thing', data: [], has_more: false } };
});

const KEY = 'sk_test_same_requests';
const at = (retries = 0) => ({ host: '127.0.0.1', port, protocol: 'http' as const, maxNetworkRetries: retries });
const sdk = (retries = 0) => new Stripe(KEY, at(retries));
const ours = (retries = 0) => stripeClient(KEY, at(retries));

/** The parts of a request Stripe reads. */
const shape = (request: Seen) => ({
  method: request.method,
  url: request.url,
  body: request.body,
  authorization: request.headers.authorization,
  version: request.headers['stripe-version'],
  contentType: request.headers['content-type'],
  idempotencyKey: request.headers['idempotency-key'] as string | undefined,
});
const sent = async (call: () => Promise<unknown>) => {
  seen = [];
  await call();
  expect(seen).toHaveLength(1);
  const request = shape(seen[0]);
  // A key the client made for itself is new each time: only its form can be compared.
  if (request.idempotencyKey?.startsWith('stripe-node-retry-'))
    return { ...request, idempotencyKey: request.idempotencyKey.replace(/-[0-9a-f-]{36}$/, '-<uuid>') };
  return request;
};

const calculation: Stripe.Tax.CalculationCreateParams = {
  currency: 'usd',
  line_items: [
    { amount: 2400, quantity: 2, reference: 'CANDLE-1', tax_code: 'txcd_99999999', tax_behavior: 'exclusive' },
    { amount: 0, quantity: 1, reference: "Tee (kids') *S*!", tax_code: 'txcd_30011000', tax_behavior: 'exclusive' },
  ],
  shipping_cost: { amount: 899, tax_code: 'txcd_92010001', tax_behavior: 'exclusive' },
  customer_details: {
    address: {
      line1: "12 O'Brien St & 3rd (rear) #5",
      city: 'New York',
      state: 'NY',
      postal_code: '10001',
      country: 'US',
    },
    address_source: 'shipping',
  },
  expand: ['line_items'],
};

/** Each call the shop makes, through the package and through ours. */
const CALLS: [string, (stripe: Stripe) => Promise<unknown>, (api: StripeApi) => Promise<unknown>][] = [
  (() => {
    const params: Stripe.PaymentIntentCreateParams = {
      amount: 5197,
      currency: 'usd',
      capture_method: 'manual',
      metadata: { checkoutId: 'chk_1', customer: 'guest:ada@example.com' },
      allowed_payment_method_types: ['card', 'link'],
      receipt_email: 'ada+shop@example.com',
    };
    const options = { idempotencyKey: 'intent-chk_1-1' };
    return [
      'a PaymentIntent created',
      (stripe) => stripe.paymentIntents.create(params, options),
      (api) => api.paymentIntents.create(params, options),
    ];
  })(),
  [
    'a PaymentIntent updated (no key given)',
    (stripe) => stripe.paymentIntents.update('pi_1', { amount: 4000, receipt_email: 'b@example.com' }),
    (api) => api.paymentIntents.update('pi_1', { amount: 4000, receipt_email: 'b@example.com' }),
  ],
  [
    'a PaymentIntent labelled',
    (stripe) =>
      stripe.paymentIntents.update('pi_1', { description: 'Order SH-ABCD-2345', metadata: { order_number: 'X' } }),
    (api) => api.paymentIntents.update('pi_1', { description: 'Order SH-ABCD-2345', metadata: { order_number: 'X' } }),
  ],
  [
    'a PaymentIntent read',
    (stripe) => stripe.paymentIntents.retrieve('pi_1'),
    (api) => api.paymentIntents.retrieve('pi_1'),
  ],
  [
    'a PaymentIntent cancelled',
    (stripe) => stripe.paymentIntents.cancel('pi_1'),
    (api) => api.paymentIntents.cancel('pi_1'),
  ],
  [
    'a PaymentIntent captured',
    (stripe) => stripe.paymentIntents.capture('pi_1', {}, { idempotencyKey: 'capture-pi_1' }),
    (api) => api.paymentIntents.capture('pi_1', {}, { idempotencyKey: 'capture-pi_1' }),
  ],
  [
    'a refund in part',
    (stripe) => stripe.refunds.create({ payment_intent: 'pi_1', amount: 1250 }, { idempotencyKey: 'refund-1' }),
    (api) => api.refunds.create({ payment_intent: 'pi_1', amount: 1250 }, { idempotencyKey: 'refund-1' }),
  ],
  [
    'a tax calculation',
    (stripe) => stripe.tax.calculations.create(calculation, { timeout: 3000, maxNetworkRetries: 0 }),
    (api) => api.tax.calculations.create(calculation, { timeout: 3000, maxNetworkRetries: 0 }),
  ],
  [
    "a calculation's line items",
    (stripe) => stripe.tax.calculations.listLineItems('taxcalc_1', { limit: 100 }),
    (api) => api.tax.calculations.listAllLineItems('taxcalc_1'),
  ],
  [
    'a tax transaction',
    (stripe) =>
      stripe.tax.transactions.createFromCalculation(
        { calculation: 'taxcalc_1', reference: 'SH-ABCD-2345', expand: ['line_items'] },
        { idempotencyKey: 'tax-transaction-SH-ABCD-2345-0' },
      ),
    (api) =>
      api.tax.transactions.createFromCalculation(
        { calculation: 'taxcalc_1', reference: 'SH-ABCD-2345', expand: ['line_items'] },
        { idempotencyKey: 'tax-transaction-SH-ABCD-2345-0' },
      ),
  ],
  [
    "a transaction's line items",
    (stripe) => stripe.tax.transactions.listLineItems('tax_1', { limit: 100 }),
    (api) => api.tax.transactions.listAllLineItems('tax_1'),
  ],
  (() => {
    const params: Stripe.Tax.TransactionCreateReversalParams = {
      mode: 'partial',
      original_transaction: 'tax_1',
      reference: 'SH-ABCD-2345-refund-1',
      line_items: [
        { original_line_item: 'tax_li_1', reference: 'CANDLE-1', quantity: 1, amount: -1200, amount_tax: -107 },
      ],
      shipping_cost: { amount: -899, amount_tax: 0 },
    };
    return [
      'a tax reversal in part',
      (stripe) => stripe.tax.transactions.createReversal(params, { idempotencyKey: 'tax-reversal-1' }),
      (api) => api.tax.transactions.createReversal(params, { idempotencyKey: 'tax-reversal-1' }),
    ];
  })(),
];

test('the API version is the package’s', () => {
  expect(STRIPE_API_VERSION).toBe(Stripe.API_VERSION);
});

test.each(CALLS)('%s: the same request as the Stripe package sends', async (_name, viaPackage, viaOurs) => {
  const expected = await sent(() => viaPackage(sdk()));
  expect(await sent(() => viaOurs(ours()))).toEqual(expected);
});

test.each([
  [400, { type: 'invalid_request_error', code: 'parameter_missing', message: 'Missing required param: amount.' }],
  [
    400,
    { type: 'idempotency_error', message: 'Keys for idempotent requests can only be used with the same parameters' },
  ],
  [400, { type: 'invalid_request_error', code: 'rate_limit', message: 'Too many requests.' }],
  [
    400,
    {
      type: 'invalid_request_error',
      code: 'payment_intent_unexpected_state',
      message: 'This PaymentIntent could not be captured because it has a status of canceled.',
      payment_intent: { id: 'pi_1', object: 'payment_intent', status: 'canceled' },
    },
  ],
  [401, { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****' }],
  [
    402,
    { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  ],
  [403, { type: 'invalid_request_error', message: 'The provided key does not have access.' }],
  [404, { type: 'invalid_request_error', code: 'resource_missing', message: "No such payment_intent: 'pi_x'" }],
  [429, { type: 'invalid_request_error', code: 'lock_timeout', message: 'This object cannot be accessed right now.' }],
  [500, { type: 'api_error', message: 'Something went wrong on our end.' }],
])('an answer %i %j: the error the package raises', async (status, error) => {
  const failed = async (call: () => Promise<unknown>) => {
    replies = [{ status, body: { error } }];
    const thrown = (await call().then(
      () => undefined,
      (failure: unknown) => failure,
    )) as {
      type: string;
      code?: string;
      statusCode?: number;
      message: string;
      raw: { payment_intent?: { id: string } };
    };
    return {
      type: thrown.type,
      code: thrown.code,
      statusCode: thrown.statusCode,
      message: thrown.message,
      intent: thrown.raw.payment_intent?.id,
    };
  };
  const expected = await failed(() => sdk().paymentIntents.capture('pi_1', {}, { idempotencyKey: 'k' }));
  expect(expected.type).toMatch(/^Stripe\w+Error$/);
  expect(await failed(() => ours().paymentIntents.capture('pi_1', {}, { idempotencyKey: 'k' }))).toEqual(expected);
});

describe('retries, as the package makes them', () => {
  const intent = { id: 'pi_1', object: 'payment_intent', status: 'succeeded' };
  const keys = () => seen.map((request) => request.headers['idempotency-key']);

  test('a 500, then an answer: asked again under the same idempotency key', async () => {
    replies = [
      { status: 500, body: { error: { type: 'api_error', message: 'Try again.' } } },
      { status: 200, body: intent },
    ];
    await expect(ours(2).paymentIntents.capture('pi_1', {}, { idempotencyKey: 'capture-pi_1' })).resolves.toEqual(
      intent,
    );
    expect(keys()).toEqual(['capture-pi_1', 'capture-pi_1']);
  });

  test('a 409 is retried; a key the client made is kept across its tries', async () => {
    replies = [{ status: 409, body: { error: { type: 'invalid_request_error', code: 'lock_timeout' } } }];
    fallback = { status: 200, body: intent };
    await ours(2).paymentIntents.update('pi_1', { amount: 100 });
    expect(keys()).toHaveLength(2);
    expect(keys()[0]).toMatch(/^stripe-node-retry-/);
    expect(keys()[1]).toBe(keys()[0]);
  });

  test('Stripe-Should-Retry: false is obeyed; a 400 is not retried; the retries are counted', async () => {
    fallback = {
      status: 500,
      body: { error: { type: 'api_error', message: 'No.' } },
      headers: { 'stripe-should-retry': 'false' },
    };
    await expect(ours(2).paymentIntents.retrieve('pi_1')).rejects.toMatchObject({ type: 'StripeAPIError' });
    expect(seen).toHaveLength(1);

    seen = [];
    fallback = { status: 400, body: { error: { type: 'invalid_request_error', message: 'Bad.' } } };
    await expect(ours(2).paymentIntents.retrieve('pi_1')).rejects.toMatchObject({ type: 'StripeInvalidRequestError' });
    expect(seen).toHaveLength(1);

    seen = [];
    fallback = { status: 503, body: { error: { type: 'api_error', message: 'Down.' } } };
    await expect(ours(1).paymentIntents.retrieve('pi_1')).rejects.toMatchObject({ statusCode: 503 });
    expect(seen).toHaveLength(2);
  });

  test('a connection closed under the request is tried once more even with retries off', async () => {
    replies = ['drop'];
    fallback = { status: 200, body: intent };
    await expect(ours(0).paymentIntents.capture('pi_1', {}, { idempotencyKey: 'capture-pi_1' })).resolves.toEqual(
      intent,
    );
    expect(keys()).toEqual(['capture-pi_1', 'capture-pi_1']);
  });

  test('no answer within the timeout: a connection error, as the package words it', async () => {
    replies = ['hang'];
    const api = stripeClient(KEY, { ...at(0), timeout: 300 });
    await expect(api.paymentIntents.retrieve('pi_1')).rejects.toMatchObject({
      type: 'StripeConnectionError',
      message: 'Request aborted due to timeout being reached (300ms)',
    });
  });
});

test('a list is read page by page to its end', async () => {
  const item = (n: number) => ({ id: `tax_li_${n}`, object: 'tax.transaction_line_item', reference: `L${n}` });
  replies = [
    { status: 200, body: { object: 'list', data: [item(1), item(2)], has_more: true } },
    { status: 200, body: { object: 'list', data: [item(3)], has_more: false } },
  ];
  const items = await ours().tax.transactions.listAllLineItems('tax_1');
  expect(items.map((line) => line.id)).toEqual(['tax_li_1', 'tax_li_2', 'tax_li_3']);
  expect(seen.map((request) => request.url)).toEqual([
    '/v1/tax/transactions/tax_1/line_items?limit=100',
    '/v1/tax/transactions/tax_1/line_items?limit=100&starting_after=tax_li_2',
  ]);
});

describe('webhook signatures: the same verdict as the package', () => {
  const secret = 'whsec_test_secret';
  const payload = JSON.stringify({ id: 'evt_1', type: 'payment_intent.succeeded', data: { object: { id: 'pi_1' } } });
  const now = Date.now();
  const signed = (options: { secret?: string; timestamp?: number; payload?: string }) =>
    new Stripe(KEY).webhooks.generateTestHeaderString({
      payload: options.payload ?? payload,
      secret: options.secret ?? secret,
      timestamp: options.timestamp ?? Math.floor(now / 1000),
    });
  const verdict = (check: () => unknown) => {
    try {
      return (check() as { id: string }).id;
    } catch {
      return 'refused';
    }
  };

  test.each([
    ['signed now', signed({})],
    ['signed 299 s ago', signed({ timestamp: Math.floor(now / 1000) - 299 })],
    ['signed 301 s ago', signed({ timestamp: Math.floor(now / 1000) - 301 })],
    ['signed with another secret', signed({ secret: 'whsec_someone_else' })],
    ['signed over another body', signed({ payload: payload.replace('pi_1', 'pi_2') })],
    ['a good signature among others', `${signed({ secret: 'whsec_old' })},v1=${signed({}).split('v1=')[1]}`],
    ['only a v0 signature', signed({}).replace('v1=', 'v0=')],
    ['no timestamp', signed({}).replace(/^t=\d+,/, '')],
    ['empty', ''],
  ])('%s', (_name, header) => {
    const expected = verdict(() =>
      new Stripe(KEY).webhooks.constructEvent(payload, header, secret, undefined, undefined, now),
    );
    expect(verdict(() => verifiedStripeEvent(payload, header, secret, now))).toBe(expected);
  });

  test('a good signature gives the event, a bad one refuses', () => {
    expect(verifiedStripeEvent(payload, signed({}), secret, now)).toEqual(JSON.parse(payload));
    expect(() => verifiedStripeEvent(payload, signed({ secret: 'whsec_x' }), secret, now)).toThrow(
      'No signatures found matching the expected signature for payload.',
    );
  });
});
