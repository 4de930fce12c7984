import { MESSAGES } from '#shared/messages';
import { checkouts } from '../../db/entities/checkout';
import { orders } from '../../db/entities/order';
import { products } from '../../db/entities/product';
import { reservations } from '../../db/entities/reservation';
import { testPaymentIntents } from '../../db/entities/test-payment-intent';
import { settleCheckouts } from '../../domain/checkout/settle';
import { CaptureError } from '../../domain/money/payments/provider';
import { TestPaymentProvider } from '../../domain/money/payments/test-processor';
import { useFreshTable } from '#tests/helpers';
import {
  address,
  authorizedGuest,
  checkoutState,
  createCandle,
  guestIntent,
  intentStatus,
  mailsFor,
  mailsForPayment,
  orderNumberOf,
  orderOf,
  pay,
  recordGuest,
  stockOf,
} from '#tests/checkout';
import { until } from '#tests/until';

/**
 * The settle job finishes what a checkout left half-way (docs/decisions/0022), by the same steps the browser
 * and the webhook use. Time is moved by handing the job a later `now`; crashes are a capture that never returns.
 */
const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);
const candles = async () => (await stockOf('product', 'candle')).CANDLE;

beforeAll(async () => {
  await useFreshTable();
  await createCandle(100);
});
afterEach(() => jest.restoreAllMocks());

it('a crash between the take and the capture: the order stays authorized, and the job captures it and sends the one mail', async () => {
  const paid = await authorizedGuest([{ id: 'candle', size: 'CANDLE', quantity: 2 }]);
  const before = await candles();
  // The process dies inside the capture call: nothing after it runs.
  jest.spyOn(TestPaymentProvider.prototype, 'captureIntent').mockImplementationOnce(() => new Promise(() => undefined));
  void recordGuest(paid.paymentIntentId);
  await until(async () => Boolean(await orderOf(paid.paymentIntentId)));
  expect(await orderOf(paid.paymentIntentId)).toMatchObject({
    paymentStatus: 'authorized',
    mailStatus: 'pending',
  });
  expect(await candles()).toBe(before - 2);
  expect(await intentStatus(paid.paymentIntentId)).toBe('requires_capture');
  // Within the grace the job leaves it to the caller.
  await settleCheckouts(new Date());
  expect(await intentStatus(paid.paymentIntentId)).toBe('requires_capture');

  const counts = await settleCheckouts(later(3));
  expect(counts.captured).toBe(1);
  expect(await intentStatus(paid.paymentIntentId)).toBe('succeeded');
  expect(await orderOf(paid.paymentIntentId)).toMatchObject({
    paymentStatus: 'captured',
    mailStatus: 'sent',
  });
  expect(await checkoutState(paid.checkoutId)).toBe('captured');
  expect(await mailsForPayment(paid.paymentIntentId)).toHaveLength(1);
  expect(await candles()).toBe(before - 2);
  // The shopper's browser comes back: the same order, nothing twice.
  expect((await recordGuest(paid.paymentIntentId)).status).toBe(200);
  await settleCheckouts(later(10));
  expect(await mailsForPayment(paid.paymentIntentId)).toHaveLength(1);
  expect(await candles()).toBe(before - 2);
});

it('an authorized checkout nobody took (browser and webhook both lost) is taken and captured by the job', async () => {
  const paid = await authorizedGuest([{ id: 'candle', size: 'CANDLE', quantity: 1 }]);
  const before = await candles();
  await settleCheckouts(new Date());
  expect(await orderOf(paid.paymentIntentId)).toBeNull();
  const counts = await settleCheckouts(later(3));
  expect(counts.taken).toBe(1);
  expect(await orderOf(paid.paymentIntentId)).toMatchObject({
    recordedVia: 'job',
    paymentStatus: 'captured',
  });
  expect(await candles()).toBe(before - 1);
  expect(await mailsForPayment(paid.paymentIntentId)).toHaveLength(1);
});

it('an unpaid checkout is left alone for 60 minutes, then its intent is cancelled; it never held stock', async () => {
  const before = await candles();
  const intent = await guestIntent({ cart: [{ id: 'candle', size: 'CANDLE', quantity: 5 }] });
  await settleCheckouts(later(10));
  expect(await intentStatus(intent.body.paymentIntentId)).toBe('requires_payment_method');
  expect(await checkoutState(intent.body.checkoutId)).toBe('open');
  expect(await candles()).toBe(before);
  await settleCheckouts(later(61));
  expect(await intentStatus(intent.body.paymentIntentId)).toBe('canceled');
  expect(await checkouts.get({ checkoutId: intent.body.checkoutId })).toMatchObject({
    state: 'closed',
    closedReason: 'abandoned',
  });
  const late = await pay(intent.body.clientSecret);
  expect(late.status).toBe(402);
  expect((await recordGuest(intent.body.paymentIntentId)).body.error).toEqual({
    code: 'checkout_closed',
    message: MESSAGES.checkoutClosed,
  });
  expect(await candles()).toBe(before);
});

it('a capture that fails for now: the shopper has the order, the job retries with a new idempotency key, then one mail', async () => {
  const paid = await authorizedGuest([{ id: 'candle', size: 'CANDLE', quantity: 1 }]);
  const capture = jest
    .spyOn(TestPaymentProvider.prototype, 'captureIntent')
    .mockRejectedValueOnce(new CaptureError('Stripe did not answer.', false));
  const answer = await recordGuest(paid.paymentIntentId);
  expect(answer.status).toBe(201);
  expect(await orderOf(paid.paymentIntentId)).toMatchObject({
    paymentStatus: 'authorized',
    captureError: 'Stripe did not answer.',
    mailStatus: 'pending',
  });
  expect(await mailsForPayment(paid.paymentIntentId)).toHaveLength(0);
  await settleCheckouts(later(3));
  expect(capture.mock.calls.map((call) => call[1].idempotencyKey)).toEqual([
    `capture-${paid.paymentIntentId}-0`,
    `capture-${paid.paymentIntentId}-1`,
  ]);
  expect(await orderOf(paid.paymentIntentId)).toMatchObject({
    paymentStatus: 'captured',
    captureAttempts: 1,
  });
  expect(await intentStatus(paid.paymentIntentId)).toBe('succeeded');
  expect(await mailsForPayment(paid.paymentIntentId)).toHaveLength(1);
});

it('a capture that can never happen (the authorization expired): the stock goes back, the order is cancelled, no mail, nothing charged', async () => {
  const paid = await authorizedGuest([{ id: 'candle', size: 'CANDLE', quantity: 3 }]);
  const before = await candles();
  const provider = new TestPaymentProvider();
  // eslint-disable-next-line @typescript-eslint/unbound-method -- taken off the prototype on purpose, called below with the spied instance as `this`
  const capture = TestPaymentProvider.prototype.captureIntent;
  jest.spyOn(TestPaymentProvider.prototype, 'captureIntent').mockImplementationOnce(async function (
    this: TestPaymentProvider,
    id,
    options,
  ) {
    await provider.cancelIntent(id); // the bank released the hold in the meantime
    return capture.call(this, id, options);
  });
  const answer = await recordGuest(paid.paymentIntentId);
  expect(answer.status).toBe(409);
  expect(answer.body.error).toEqual({ code: 'payment_failed', message: MESSAGES.paymentNotCaptured });
  expect(await candles()).toBe(before);
  expect(await orderOf(paid.paymentIntentId)).toMatchObject({
    status: 'cancelled',
    paymentStatus: 'capture_failed',
  });
  expect(await orders.query('byStatus', { status: 'pending' })).not.toContainEqual(
    expect.objectContaining({ checkoutId: paid.checkoutId }),
  );
  expect(await checkoutState(paid.checkoutId)).toBe('failed');
  expect(await intentStatus(paid.paymentIntentId)).toBe('canceled');
  // Repeats change nothing: the stock went back once.
  expect((await recordGuest(paid.paymentIntentId)).status).toBe(409);
  await settleCheckouts(later(10));
  expect(await candles()).toBe(before);
  expect(await mailsForPayment(paid.paymentIntentId)).toHaveLength(0);
});

it('a crash after the take, then the authorization expires: the job gives the stock back once', async () => {
  const paid = await authorizedGuest([{ id: 'candle', size: 'CANDLE', quantity: 4 }]);
  const before = await candles();
  jest.spyOn(TestPaymentProvider.prototype, 'captureIntent').mockImplementationOnce(() => new Promise(() => undefined));
  void recordGuest(paid.paymentIntentId);
  await until(async () => Boolean(await orderOf(paid.paymentIntentId)));
  expect(await candles()).toBe(before - 4);
  await new TestPaymentProvider().cancelIntent(paid.paymentIntentId);
  const counts = await settleCheckouts(later(3));
  expect(counts.failed).toBe(1);
  expect(await candles()).toBe(before);
  await settleCheckouts(later(10));
  expect(await candles()).toBe(before);
  expect(await mailsForPayment(paid.paymentIntentId)).toHaveLength(0);
});

describe('reservations from before manual capture', () => {
  const legacy = async (
    checkoutId: string,
    units: number,
    intentStatus: 'requires_payment_method' | 'succeeded',
    releaseAfter: Date,
  ) => {
    const intentId = `pi_test_legacy${checkoutId}`;
    await testPaymentIntents.create({
      id: intentId,
      clientSecret: `${intentId}_secret_x`,
      amount: 1800 * units + 599,
      currency: 'usd',
      status: intentStatus,
      metadata: { checkoutId, customer: 'guest' },
    });
    // The old checkout took the units from the product when it reserved them.
    const product = (await products.get({ id: 'candle' }))!;
    await products.update({ id: 'candle' }, { set: { stock: { CANDLE: Number(product.stock.CANDLE) - units } } });
    await reservations.create({
      checkoutId,
      customer: 'guest',
      intentId,
      status: 'active',
      lines: [{ id: 'candle', name: 'Candle', image: '/i/c.svg', price: 1800, size: 'CANDLE', quantity: units }],
      cells: { 'product|candle|CANDLE': units },
      amounts: { subtotal: 1800 * units, discount: 0, shipping: 599, tax: 0, total: 1800 * units + 599 },
      shippingAddress: address,
      releaseAfter: releaseAfter.toISOString(),
      version: 2,
    });
    return intentId;
  };

  it('an active one gives its stock back once its time is up (intent cancelled); a paid one becomes its order', async () => {
    const before = await candles();
    const unpaid = await legacy('old-unpaid', 6, 'requires_payment_method', later(-1));
    const paid = await legacy('old-paid', 2, 'succeeded', later(-1));
    const notYet = await legacy('old-not-yet', 1, 'requires_payment_method', later(20));
    expect(await candles()).toBe(before - 9);

    const counts = await settleCheckouts(new Date());
    expect(counts.legacy).toBe(2);
    expect(await intentStatus(unpaid)).toBe('canceled');
    expect(await candles()).toBe(before - 3);
    expect(await reservations.get({ checkoutId: 'old-unpaid' })).toMatchObject({
      status: 'released',
      expiresAt: expect.any(Number),
    });
    expect(await orders.get({ orderNumber: paid })).toMatchObject({
      customer: 'guest',
      paymentStatus: 'captured',
      lines: [{ id: 'candle', quantity: 2 }],
    });
    expect(await reservations.get({ checkoutId: 'old-paid' })).toMatchObject({ status: 'converted' });
    expect(mailsFor(paid)).toHaveLength(1);
    expect(await intentStatus(notYet)).toBe('requires_payment_method');

    // Once: running again (and later for the last one) moves nothing twice.
    await settleCheckouts(new Date());
    expect(await candles()).toBe(before - 3);
    await settleCheckouts(later(31));
    await settleCheckouts(later(31));
    expect(await candles()).toBe(before - 2);
    expect(mailsFor(paid)).toHaveLength(1);
  });
});

it('an order the owner cancels before its capture is never shipped nor captured: the job closes it, the authorization is released, the stock back once', async () => {
  const { cancelOrder } = await import('../../domain/orders/cancel');
  const { shipOrder } = await import('../../domain/orders/shipping');
  const paid = await authorizedGuest([{ id: 'candle', size: 'CANDLE', quantity: 3 }]);
  const before = await candles();
  // The capture hangs (a crash): the order is taken, its card authorized, nothing charged yet.
  jest.spyOn(TestPaymentProvider.prototype, 'captureIntent').mockImplementationOnce(() => new Promise(() => undefined));
  void recordGuest(paid.paymentIntentId);
  await until(async () => Boolean(await orderOf(paid.paymentIntentId)));
  expect(await candles()).toBe(before - 3);
  // Goods leave only against money taken.
  await expect(shipOrder(await orderNumberOf(paid.paymentIntentId), {})).rejects.toMatchObject({
    statusCode: 409,
    message: MESSAGES.notCapturedYet,
  });
  expect((await orderOf(paid.paymentIntentId))!.status).toBe('pending');

  // The owner cancels, but the process dies before the refund (the authorization's release) is asked for.
  jest.spyOn(TestPaymentProvider.prototype, 'refund').mockImplementationOnce(() => new Promise(() => undefined));
  void cancelOrder(await orderNumberOf(paid.paymentIntentId));
  await until(async () => (await orderOf(paid.paymentIntentId))?.status === 'cancelled');
  expect(await candles()).toBe(before);
  expect(await intentStatus(paid.paymentIntentId)).toBe('requires_capture');

  // The job never captures it: it finishes the cancellation (the authorization released) and closes the checkout.
  const counts = await settleCheckouts(later(3));
  expect(counts.captured).toBe(0);
  expect(counts.closed).toBeGreaterThanOrEqual(1);
  expect(await intentStatus(paid.paymentIntentId)).toBe('canceled');
  expect(await checkoutState(paid.checkoutId)).toBe('closed');
  expect(await orderOf(paid.paymentIntentId)).toMatchObject({
    status: 'cancelled',
    paymentStatus: 'authorized',
    refund: { status: 'refunded' },
  });
  expect(await mailsForPayment(paid.paymentIntentId)).toHaveLength(0);
  expect(await candles()).toBe(before);
  await settleCheckouts(later(120));
  expect(await candles()).toBe(before);
  expect(await intentStatus(paid.paymentIntentId)).toBe('canceled');
});
