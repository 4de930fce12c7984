import Stripe from 'stripe';
import { MESSAGES } from '#shared/messages';
import { checkouts } from '../../db/entities/checkout';
import { orders } from '../../db/entities/order';
import { products } from '../../db/entities/product';
import { settleCheckouts } from '../../domain/checkout/settle';
import { createCandle, guestIntent, mailsForPayment, orderOf, recordGuest } from '#tests/checkout';
import { invoke, useFreshTable } from '#tests/helpers';
import { startStripeStandIn, type StripeStandIn } from '#tests/stripe-stand-in';
import { handler } from './stripe-webhook';

/**
 * Stripe mode without the network: the signature check is Stripe's own SDK code; a bad signature must be
 * refused before anything is read or written.
 */
const secret = 'whsec_test_secret';
const stripe = new Stripe('sk_test_dummy');

beforeAll(async () => {
  await useFreshTable();
  process.env.STRIPE_SECRET_KEY = 'sk_test_dummy';
  process.env.STRIPE_WEBHOOK_SECRET = secret;
});
afterAll(() => {
  delete process.env.STRIPE_SECRET_KEY;
  delete process.env.STRIPE_WEBHOOK_SECRET;
});

const event = JSON.stringify({
  id: 'evt_1',
  object: 'event',
  type: 'payment_intent.processing',
  data: {
    object: {
      id: 'pi_123',
      object: 'payment_intent',
      amount: 1000,
      currency: 'usd',
      status: 'processing',
      metadata: {},
    },
  },
});

it('refuses a webhook whose signature is wrong and records nothing', async () => {
  const forged = stripe.webhooks.generateTestHeaderString({ payload: event, secret: 'whsec_someone_else' });
  const { status, body } = await invoke(handler, {
    method: 'POST',
    path: '/api/webhooks/stripe',
    body: event,
    headers: { 'stripe-signature': forged },
  });
  expect(status).toBe(400);
  expect(body.error.message).toBe('The webhook signature is not valid.');
  expect(await orders.get({ orderNumber: 'pi_123' })).toBeNull();
});

it('refuses a webhook without a signature', async () => {
  const { status } = await invoke(handler, { method: 'POST', path: '/api/webhooks/stripe', body: event });
  expect(status).toBe(400);
});

it('accepts a correctly signed event it has nothing to do for', async () => {
  const signature = stripe.webhooks.generateTestHeaderString({ payload: event, secret });
  const { status, body } = await invoke(handler, {
    method: 'POST',
    path: '/api/webhooks/stripe',
    body: event,
    headers: { 'stripe-signature': signature },
  });
  expect(status).toBe(200);
  expect(body).toEqual({ received: true });
});

describe('Stripe mode against the Stripe API stand-in: signed events, in any order, any number of times', () => {
  let api: StripeStandIn;
  const signed = (payload: string) =>
    invoke(handler, {
      method: 'POST',
      path: '/api/webhooks/stripe',
      body: payload,
      headers: { 'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret }) },
    });
  const candles = async () => Number((await products.get({ id: 'candle' }))!.stock.CANDLE);
  const captures = (id: string) => api.calls.filter((call) => call.path === `/v1/payment_intents/${id}/capture`);
  const checkoutFor = async (cart: unknown[]) => {
    const { status, body } = await guestIntent({ cart });
    expect(status).toBe(200);
    return body as { paymentIntentId: string; checkoutId: string };
  };

  beforeAll(async () => {
    api = await startStripeStandIn();
    process.env.STRIPE_API_BASE = api.base;
    await createCandle(50);
    await products.create({
      id: 'rug',
      name: 'Last Rug',
      image: '/i/r.svg',
      description: 'd',
      price: 9000,
      tag: 'rugs',
      stock: { CANDLE: 1 },
    });
  });
  afterAll(async () => {
    delete process.env.STRIPE_API_BASE;
    await api.stop();
  });

  it('creates a manual-capture intent with an idempotency key and holds no stock', async () => {
    const before = await candles();
    const checkout = await checkoutFor([{ id: 'candle', size: 'CANDLE', quantity: 2 }]);
    expect(checkout.paymentIntentId).toMatch(/^pi_/);
    expect(api.intents.get(checkout.paymentIntentId)).toMatchObject({
      capture_method: 'manual',
      status: 'requires_payment_method',
      amount: 4461,
      metadata: { checkoutId: checkout.checkoutId, customer: 'guest' },
    });
    expect(api.calls.find((call) => call.path === '/v1/payment_intents')?.idempotencyKey).toBe(
      `checkout-${checkout.checkoutId}-4461`,
    );
    expect(await candles()).toBe(before);
  });

  it('amount_capturable_updated takes and captures once; the browser, a repeat and payment_intent.succeeded after it change nothing', async () => {
    const before = await candles();
    const checkout = await checkoutFor([{ id: 'candle', size: 'CANDLE', quantity: 1 }]);
    api.authorize(checkout.paymentIntentId);
    const authorized = api.event('payment_intent.amount_capturable_updated', checkout.paymentIntentId, 'evt_auth_1');
    expect((await signed(authorized)).status).toBe(200);
    const order = (await orderOf(checkout.paymentIntentId))!;
    expect(order).toMatchObject({
      recordedVia: 'webhook',
      paymentStatus: 'captured',
      mailStatus: 'sent',
      payments: [{ method: 'card', provider: 'stripe', intentId: checkout.paymentIntentId }],
    });
    expect(order.orderNumber).toMatch(/^\d+$/);
    // The order's number is on the payment at Stripe (the owner finds the order from Stripe's dashboard), beside the
    // metadata the intent was made with.
    expect(api.intents.get(checkout.paymentIntentId)).toMatchObject({
      status: 'succeeded',
      description: `Order #${order.orderNumber}`,
      metadata: { checkoutId: checkout.checkoutId, customer: 'guest', order_number: order.orderNumber },
    });
    expect(captures(checkout.paymentIntentId).map((call) => call.idempotencyKey)).toEqual([
      `capture-${checkout.paymentIntentId}-0`,
    ]);
    const results = await Promise.all([
      signed(authorized),
      signed(api.event('payment_intent.succeeded', checkout.paymentIntentId)),
      recordGuest(checkout.paymentIntentId),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(captures(checkout.paymentIntentId)).toHaveLength(1);
    expect(await mailsForPayment(checkout.paymentIntentId)).toHaveLength(1);
    expect(await candles()).toBe(before - 1);
  });

  it('the browser and two webhooks at once, in any order: one order, one capture, one mail', async () => {
    const before = await candles();
    const checkout = await checkoutFor([{ id: 'candle', size: 'CANDLE', quantity: 3 }]);
    api.authorize(checkout.paymentIntentId);
    const succeeded = api.event('payment_intent.succeeded', checkout.paymentIntentId);
    const capturable = api.event('payment_intent.amount_capturable_updated', checkout.paymentIntentId);
    const results = await Promise.all([
      signed(succeeded),
      recordGuest(checkout.paymentIntentId),
      signed(capturable),
      recordGuest(checkout.paymentIntentId),
      signed(capturable),
    ]);
    expect(results.every((r) => r.status === 200 || r.status === 201)).toBe(true);
    expect(
      (await orders.query('byCustomer', { customer: 'guest' })).filter((o) => o.checkoutId === checkout.checkoutId),
    ).toHaveLength(1);
    // Whoever won wrote it: a browser call answers 201 only if it was the one.
    const order = (await orderOf(checkout.paymentIntentId))!;
    expect([results[1], results[3]].filter((r) => r.status === 201)).toHaveLength(
      order.recordedVia === 'callback' ? 1 : 0,
    );
    expect(api.intents.get(checkout.paymentIntentId)?.status).toBe('succeeded');
    expect(await mailsForPayment(checkout.paymentIntentId)).toHaveLength(1);
    expect(await candles()).toBe(before - 3);
  });

  it('stock gone by the time the webhook comes: the authorization is cancelled, nothing charged, and Stripe is answered 200', async () => {
    const first = await checkoutFor([{ id: 'rug', size: 'CANDLE', quantity: 1 }]);
    const second = await checkoutFor([{ id: 'rug', size: 'CANDLE', quantity: 1 }]);
    api.authorize(first.paymentIntentId);
    api.authorize(second.paymentIntentId);
    expect((await recordGuest(first.paymentIntentId)).status).toBe(201);
    const late = await signed(api.event('payment_intent.amount_capturable_updated', second.paymentIntentId));
    expect(late.status).toBe(200);
    expect(api.intents.get(second.paymentIntentId)?.status).toBe('canceled');
    expect(captures(second.paymentIntentId)).toHaveLength(0);
    expect(await orderOf(second.paymentIntentId)).toBeNull();
    expect((await recordGuest(second.paymentIntentId)).body.error).toEqual({
      code: 'out_of_stock',
      message: `${MESSAGES.outOfStock}\nLast Rug`,
    });
    expect((await products.get({ id: 'rug' }))!.stock.CANDLE).toBe(0);
  });

  it('payment_failed events are counted once each; the fifth cancels the intent and closes the checkout', async () => {
    const checkout = await checkoutFor([{ id: 'candle', size: 'CANDLE', quantity: 1 }]);
    api.decline(checkout.paymentIntentId);
    const failures = ['evt_f1', 'evt_f2', 'evt_f3', 'evt_f4'].map((id) =>
      api.event('payment_intent.payment_failed', checkout.paymentIntentId, id),
    );
    for (const failure of [...failures, failures[0], failures[3]]) expect((await signed(failure)).status).toBe(200);
    expect((await checkouts.get({ checkoutId: checkout.checkoutId }))?.failedAttempts).toHaveLength(4);
    expect(api.intents.get(checkout.paymentIntentId)?.status).toBe('requires_payment_method');
    await signed(api.event('payment_intent.payment_failed', checkout.paymentIntentId, 'evt_f5'));
    expect(api.intents.get(checkout.paymentIntentId)?.status).toBe('canceled');
    expect(await checkouts.get({ checkoutId: checkout.checkoutId })).toMatchObject({
      state: 'closed',
      closedReason: 'card_attempts',
    });
    expect((await recordGuest(checkout.paymentIntentId)).body.error.message).toBe(MESSAGES.tooManyCardAttempts);
  });

  it('a capture answered 500: the order is kept authorized; the job retries with a new key (Stripe replays a key’s first answer)', async () => {
    const checkout = await checkoutFor([{ id: 'candle', size: 'CANDLE', quantity: 1 }]);
    api.authorize(checkout.paymentIntentId);
    api.failNext(`/${checkout.paymentIntentId}/capture`);
    expect((await recordGuest(checkout.paymentIntentId)).status).toBe(201);
    expect(await orderOf(checkout.paymentIntentId)).toMatchObject({ paymentStatus: 'authorized' });
    // The same key again gets the same 500: the browser's retry does not capture.
    expect((await recordGuest(checkout.paymentIntentId)).status).toBe(200);
    expect(api.intents.get(checkout.paymentIntentId)?.status).toBe('requires_capture');
    await settleCheckouts(new Date(Date.now() + 3 * 60_000));
    expect(captures(checkout.paymentIntentId).map((call) => call.idempotencyKey)).toEqual([
      `capture-${checkout.paymentIntentId}-0`,
      `capture-${checkout.paymentIntentId}-0`,
      `capture-${checkout.paymentIntentId}-1`,
    ]);
    expect(api.intents.get(checkout.paymentIntentId)?.status).toBe('succeeded');
    expect(await mailsForPayment(checkout.paymentIntentId)).toHaveLength(1);
  });

  it('payment_intent.canceled for an order taken but never captured (expired authorization): the stock goes back once', async () => {
    const checkout = await checkoutFor([{ id: 'candle', size: 'CANDLE', quantity: 2 }]);
    api.authorize(checkout.paymentIntentId);
    api.failNext(`/${checkout.paymentIntentId}/capture`);
    await recordGuest(checkout.paymentIntentId);
    const taken = await candles();
    api.expire(checkout.paymentIntentId);
    const cancelled = api.event('payment_intent.canceled', checkout.paymentIntentId);
    expect((await signed(cancelled)).status).toBe(200);
    expect((await signed(cancelled)).status).toBe(200);
    expect(await candles()).toBe(taken + 2);
    expect(await orderOf(checkout.paymentIntentId)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'capture_failed',
    });
    expect(await mailsForPayment(checkout.paymentIntentId)).toHaveLength(0);
  });
});
