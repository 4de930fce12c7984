import { PROMO_MESSAGES } from '#shared/promo';
import { checkouts } from '../../db/entities/checkout';
import { orders } from '../../db/entities/order';
import { promos, promoUses } from '../../db/entities/promo';
import { recordOrder as recordOrderDomain } from '../../domain/checkout/orders';
import { settleCheckouts } from '../../domain/checkout/settle';
import { CaptureError } from '../../domain/money/payments/provider';
import { TestPaymentProvider } from '../../domain/money/payments/test-processor';
import { cancelOrder } from '../../domain/orders/cancel';
import { recordMetric } from '../../lib/metrics';
import { invoke, signInNewUser, useFreshTable } from '#tests/helpers';
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
import { handler as createPromoCode } from '../admin/create-promo-code';
import { handler as deletePromoCode } from '../admin/delete-promo-code';
import { handler as listPromoCodes } from '../admin/list-promo-codes';
import { handler as updatePromoCode } from '../admin/update-promo-code';
import { handler as checkPromo } from './check-promo-code';
import { handler as createIntent } from './create-payment-intent';
import { until } from '#tests/until';

// The business metric is counted once, at the capture: the real function, watched.
jest.mock('../../lib/metrics', () => {
  const actual = jest.requireActual('../../lib/metrics');
  return { ...actual, recordMetric: jest.fn(actual.recordMetric) };
});
const redeemedMetrics = () =>
  (recordMetric as jest.Mock).mock.calls.filter(([name]) => name === 'promoRedemptions').length;

/**
 * Promo codes end to end against DynamoDB Local (issue 13, docs/decisions/0039-0041): the owner's routes, the
 * shopper's check with each refusal, the discount priced by the card step, and the redemption counted in the
 * take's transaction exactly once, within its limits, whatever the concurrency, duplicates or crashes.
 */
let admin: string;
const candle = (quantity = 1) => [{ id: 'candle', size: 'CANDLE', quantity }];
const candles = async () => (await stockOf('product', 'candle')).CANDLE;

const create = (body: Record<string, unknown>) =>
  invoke(createPromoCode, {
    method: 'POST',
    path: '/api/admin/promo-codes',
    routePath: '/api/admin/promo-codes',
    token: admin,
    body,
  });
const list = () =>
  invoke(listPromoCodes, {
    method: 'GET',
    path: '/api/admin/promo-codes',
    routePath: '/api/admin/promo-codes',
    token: admin,
  });
const update = (code: string, body: Record<string, unknown>) =>
  invoke(updatePromoCode, {
    method: 'PUT',
    path: `/api/admin/promo-codes/${code}`,
    routePath: '/api/admin/promo-codes/{code}',
    params: { code },
    token: admin,
    body,
  });
const remove = (code: string) =>
  invoke(deletePromoCode, {
    method: 'DELETE',
    path: `/api/admin/promo-codes/${code}`,
    routePath: '/api/admin/promo-codes/{code}',
    params: { code },
    token: admin,
  });
const check = (code: unknown, cart: unknown[] = candle(), token?: string) =>
  invoke(checkPromo, {
    method: 'POST',
    path: '/api/promo-codes/check',
    body: { code, cart },
    ...(token ? { token } : {}),
  });
const redemptions = async (code: string) => (await promos.get({ code }, { consistent: true }))?.redemptions;
const usesOf = async (code: string, customer: string) =>
  (await promoUses.get({ code, customer }, { consistent: true }))?.uses ?? 0;

beforeAll(async () => {
  await useFreshTable();
  admin = (await signInNewUser({ admin: true })).token;
  await createCandle(500);
});
afterEach(() => jest.restoreAllMocks());

describe('the owner: GET, POST /api/admin/promo-codes; PUT, DELETE /api/admin/promo-codes/{code}', () => {
  it('makes a code (stored upper-case), lists it with its uses, refuses a duplicate in any case with 409', async () => {
    const made = await create({
      code: 'welcome-5',
      kind: 'amount',
      value: 500,
      minSubtotal: 2000,
      maxRedemptions: 100,
      maxPerCustomer: 1,
      note: 'ignored',
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      code: 'WELCOME-5',
      kind: 'amount',
      value: 500,
      minSubtotal: 2000,
      maxRedemptions: 100,
      maxPerCustomer: 1,
      active: true,
      redemptions: 0,
      version: 1,
      description: '$5.00 off orders of $20.00 or more',
    });
    expect(made.body.note).toBeUndefined();
    const duplicate = await create({ code: 'Welcome-5', kind: 'percent', value: 10 });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error.message).toBe('The promo code WELCOME-5 exists already.');
    expect((await list()).body.promoCodes.map((p: { code: string }) => p.code)).toContain('WELCOME-5');
  });

  it('answers 400 with a plain message per field and stores nothing', async () => {
    const bad = await create({ code: 'x', kind: 'percent', value: 150, maxRedemptions: -1, endsAt: 'soon' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({
      code: 'A promo code is 3 to 32 letters, digits or dashes.',
      maxRedemptions: 'Limits are whole numbers from 1 to 1,000,000.',
      endsAt: 'Use a date and time like 2026-12-01T00:00:00Z.',
    });
    const tooLong = await create({ code: 'A'.repeat(33), kind: 'shipping' });
    expect(tooLong.status).toBe(400);
    expect(await promos.get({ code: 'A'.repeat(33) })).toBeNull();
  });

  it('changes terms at the version read (409 at another), keeps the counts, and deletes only an unused code', async () => {
    await create({ code: 'EDITME', kind: 'percent', value: 10 });
    await promos.update({ code: 'EDITME' }, { set: { redemptions: 3 } });
    const changed = await update('editme', {
      kind: 'percent',
      value: 20,
      maxRedemptions: 50,
      active: false,
      version: 1,
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      code: 'EDITME',
      value: 20,
      maxRedemptions: 50,
      active: false,
      redemptions: 3,
      version: 2,
    });
    expect((await update('EDITME', { kind: 'percent', value: 30, version: 1 })).status).toBe(409);
    // A limit removed by leaving it out of the whole code sent again.
    expect(
      (await update('EDITME', { kind: 'percent', value: 20, active: true, version: 2 })).body.maxRedemptions,
    ).toBeUndefined();
    const used = await remove('EDITME');
    expect(used.status).toBe(409);
    expect(used.body.error.message).toBe(
      'The promo code EDITME has been used, so it cannot be deleted. Deactivate it instead.',
    );
    await create({ code: 'UNUSED', kind: 'shipping' });
    expect((await remove('unused')).body).toEqual({ deleted: 'UNUSED' });
    expect(await promos.get({ code: 'UNUSED' })).toBeNull();
    expect((await remove('UNUSED')).status).toBe(404);
    expect((await update('NOPE', { kind: 'shipping' })).status).toBe(404);
  });

  it('a bad code in the path is refused 400 with the message on the field `code`', async () => {
    for (const answer of [await update('a_b', { kind: 'shipping' }), await remove('ab')]) {
      expect(answer.status).toBe(400);
      expect(answer.body.error.fields).toEqual({ code: 'A promo code is 3 to 32 letters, digits or dashes.' });
    }
  });
});

describe('the shopper: POST /api/promo-codes/check', () => {
  beforeAll(async () => {
    await promos.create({ code: 'TEN', kind: 'percent', value: 10 });
    await promos.create({ code: 'FIVE-OFF', kind: 'amount', value: 500 });
    await promos.create({ code: 'SHIPFREE', kind: 'shipping', value: 0 });
    await promos.create({ code: 'LATER', kind: 'percent', value: 10, startsAt: '2999-01-01T00:00:00.000Z' });
    await promos.create({ code: 'OVER', kind: 'percent', value: 10, endsAt: '2020-01-01T00:00:00.000Z' });
    await promos.create({ code: 'OFF', kind: 'percent', value: 10, active: false });
    await promos.create({ code: 'GONE', kind: 'percent', value: 10, maxRedemptions: 2, redemptions: 2 });
    await promos.create({ code: 'BIG', kind: 'percent', value: 10, minSubtotal: 5000 });
  });

  it.each([
    ['TEN', 180, '10% off your order'],
    ['five-off', 500, '$5.00 off your order'],
    [' shipfree ', 599, 'Free shipping'],
  ])('%s: answers the discount on the server-priced cart and what it is', async (code, discount, description) => {
    const { status, body } = await check(code, [{ id: 'candle', size: 'CANDLE', quantity: 1, price: 1 }]);
    expect(status).toBe(200);
    expect(body).toEqual({ code: code.trim().toUpperCase(), discount, description });
  });

  it.each([
    ['NOSUCH', 404, 'promo_unknown', PROMO_MESSAGES.unknown],
    ['LATER', 409, 'promo_not_started', PROMO_MESSAGES.not_started],
    ['OVER', 409, 'promo_expired', PROMO_MESSAGES.expired],
    ['OFF', 409, 'promo_inactive', PROMO_MESSAGES.inactive],
    ['GONE', 409, 'promo_used_up', PROMO_MESSAGES.used_up],
    ['BIG', 409, 'promo_minimum', 'This promo code needs a subtotal of at least $50.00.'],
  ])('%s: %i with one plain message', async (code, status, errorCode, message) => {
    const answer = await check(code);
    expect(answer.status).toBe(status);
    expect(answer.body.error).toEqual({ code: errorCode, message });
  });

  it('a signed-in shopper who used a code up to its per-customer limit is told so; an oversized code is 400', async () => {
    const { token } = await signInNewUser();
    await promos.create({ code: 'ONCE', kind: 'percent', value: 10, maxPerCustomer: 1 });
    expect((await check('ONCE', candle(), token)).status).toBe(200);
    const sub = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub as string;
    await promoUses.create({ code: 'ONCE', customer: `user:${sub}`, uses: 1 });
    expect((await check('ONCE', candle(), token)).body.error).toEqual({
      code: 'promo_used_by_you',
      message: PROMO_MESSAGES.used_by_you,
    });
    // Without the token (a guest) the card step counts it by email instead.
    expect((await check('ONCE')).status).toBe(200);
    const long = await check('X'.repeat(200));
    expect(long.status).toBe(400);
  });
});

describe('checkout with a code: priced at the card step, redeemed in the take', () => {
  it('a guest pays the discounted total; the order, the mail and the counts carry it', async () => {
    await promos.create({ code: 'SAVE10', kind: 'percent', value: 10, maxPerCustomer: 1 });
    const metricsBefore = redeemedMetrics();
    const intent = await guestIntent({ cart: candle(2), promoCode: 'save10' });
    expect(intent.status).toBe(200);
    // 3600 - 360 = 3240 + 599 = 3839; IL 6.25% -> 239.94 -> 240
    expect(intent.body.amounts).toEqual({ subtotal: 3600, discount: 360, shipping: 599, tax: 240, total: 4079 });
    expect(intent.body.promo).toEqual({ code: 'SAVE10', description: '10% off your order' });
    expect((await checkouts.get({ checkoutId: intent.body.checkoutId }))?.promo).toMatchObject({
      code: 'SAVE10',
      customerKey: 'email:ada@example.com',
    });
    // Pricing reads only: nothing is counted before the order is taken.
    expect(await redemptions('SAVE10')).toBe(0);
    await pay(intent.body.clientSecret);
    expect((await recordGuest(intent.body.paymentIntentId)).status).toBe(201);
    const order = (await orderOf(intent.body.paymentIntentId))!;
    expect(order).toMatchObject({
      paymentStatus: 'captured',
      amounts: intent.body.amounts,
      promo: { code: 'SAVE10', kind: 'percent', value: 10 },
    });
    expect(await redemptions('SAVE10')).toBe(1);
    expect(await usesOf('SAVE10', 'email:ada@example.com')).toBe(1);
    expect(redeemedMetrics() - metricsBefore).toBe(1);
    const [mail] = await mailsForPayment(intent.body.paymentIntentId);
    expect(mail.text).toContain(
      'Subtotal: $36.00\nDiscount (SAVE10): -$3.60\nShipping: $5.99\nTax: $2.40\nTotal: $40.79',
    );
    // The same guest email (any case) cannot use it again: told at the card step, nothing priced.
    const again = await guestIntent({
      cart: candle(),
      promoCode: 'SAVE10',
      shippingAddress: { ...address, email: 'ADA@example.com' },
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({ code: 'promo_used_by_you', message: PROMO_MESSAGES.used_by_you });
    // Another email may.
    expect(
      (
        await guestIntent({
          cart: candle(),
          promoCode: 'SAVE10',
          shippingAddress: { ...address, email: 'bo@example.com' },
        })
      ).status,
    ).toBe(200);
  });

  it('a signed-in customer is counted by account; removing the code on the same checkout prices it without', async () => {
    await promos.create({ code: 'MEMBER', kind: 'amount', value: 1000, maxPerCustomer: 1 });
    const { token } = await signInNewUser();
    const ask = (body: Record<string, unknown>) =>
      invoke(createIntent, {
        method: 'POST',
        path: '/auth/create-payment-intent',
        token,
        body: { cart: candle(), shippingAddress: { ...address, state: 'OR' }, ...body },
      });
    const first = await ask({ promoCode: 'MEMBER' });
    expect(first.body.amounts).toEqual({ subtotal: 1800, discount: 1000, shipping: 599, tax: 0, total: 1399 });
    const without = await ask({ checkoutId: first.body.checkoutId });
    expect(without.body.amounts.discount).toBe(0);
    expect(without.body.promo).toBeUndefined();
    expect((await checkouts.get({ checkoutId: first.body.checkoutId }))?.promo).toBeUndefined();
  });

  it('20 concurrent paid checkouts with a code limited to 5: exactly 5 discounted orders; 15 authorizations cancelled and told the code is used up', async () => {
    await promos.create({ code: 'FIRST5', kind: 'percent', value: 20, maxRedemptions: 5 });
    const before = await candles();
    const paid = [];
    for (let i = 0; i < 20; i++) {
      const intent = await guestIntent({
        cart: candle(),
        promoCode: 'FIRST5',
        shippingAddress: { ...address, email: `buyer${i}@example.com` },
      });
      expect(intent.status).toBe(200);
      await pay(intent.body.clientSecret);
      paid.push(intent.body as { paymentIntentId: string; checkoutId: string });
    }
    const results = await Promise.all(paid.map((intent) => recordGuest(intent.paymentIntentId)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused.map((r) => r.body.error)).toEqual(
      Array(15).fill({ code: 'promo_used_up', message: PROMO_MESSAGES.usedUpWhilePaying('FIRST5') }),
    );
    expect(await redemptions('FIRST5')).toBe(5);
    const made = (await Promise.all(paid.map((intent) => orderOf(intent.paymentIntentId)))).filter(Boolean);
    expect(made).toHaveLength(5);
    expect(
      made.every(
        (order) =>
          order!.promo?.code === 'FIRST5' && order!.amounts.discount === 360 && order!.paymentStatus === 'captured',
      ),
    ).toBe(true);
    // The refused ones were never charged and hold no stock.
    const statuses = await Promise.all(paid.map((intent) => intentStatus(intent.paymentIntentId)));
    expect(statuses.filter((s) => s === 'succeeded')).toHaveLength(5);
    expect(statuses.filter((s) => s === 'canceled')).toHaveLength(15);
    expect(await candles()).toBe(before - 5);
    // Asking again answers the same refusal.
    const again = await recordGuest(paid[results.findIndex((r) => r.status !== 201)].paymentIntentId);
    expect(again.body.error.code).toBe('promo_used_up');
  }, 120_000);

  it('maxPerCustomer under concurrency: one shopper in 6 tabs with a once-per-customer code gets it once', async () => {
    await promos.create({ code: 'ONEEACH', kind: 'amount', value: 300, maxPerCustomer: 1 });
    const paid = [];
    for (let i = 0; i < 6; i++) {
      const intent = await guestIntent({
        cart: candle(),
        promoCode: 'ONEEACH',
        shippingAddress: { ...address, email: i % 2 ? 'Tabs@Example.com' : 'tabs@example.com' },
      });
      await pay(intent.body.clientSecret);
      paid.push(intent.body.paymentIntentId as string);
    }
    const results = await Promise.all(paid.map((intentId) => recordGuest(intentId)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.body.error?.code === 'promo_used_by_you')).toHaveLength(5);
    expect(results.find((r) => r.status === 409)!.body.error.message).toBe(
      PROMO_MESSAGES.usedByYouWhilePaying('ONEEACH'),
    );
    expect(await usesOf('ONEEACH', 'email:tabs@example.com')).toBe(1);
    expect(await redemptions('ONEEACH')).toBe(1);
  }, 60_000);

  it('callbacks, webhook calls and the job, twice each and at once: the redemption is counted once', async () => {
    await promos.create({ code: 'DUPES', kind: 'shipping', value: 0, maxRedemptions: 10 });
    const intent = await guestIntent({ cart: candle(), promoCode: 'DUPES' });
    await pay(intent.body.clientSecret);
    const intentId = intent.body.paymentIntentId;
    const metricsBefore = redeemedMetrics();
    await Promise.all([
      recordGuest(intentId),
      recordGuest(intentId),
      recordOrderDomain(intentId, { kind: 'webhook' }),
      recordOrderDomain(intentId, { kind: 'webhook' }),
      recordOrderDomain(intentId, { kind: 'job' }),
    ]);
    await settleCheckouts(new Date(Date.now() + 10 * 60_000));
    expect((await recordGuest(intentId)).status).toBe(200);
    const orderNumber = await orderNumberOf(intentId);
    expect(await redemptions('DUPES')).toBe(1);
    expect(redeemedMetrics() - metricsBefore).toBe(1);
    expect(mailsFor(orderNumber)).toHaveLength(1);
    expect((await orders.get({ orderNumber }))?.amounts.discount).toBe(599);
  });

  it('a crash between the take and the capture: counted once, the job captures; an authorization that then expires gives the use back once', async () => {
    await promos.create({ code: 'CRASH', kind: 'percent', value: 50, maxRedemptions: 3 });
    const first = await authorizedGuest(candle());
    // The first order without the code, to compare; then one with it.
    expect((await recordGuest(first.paymentIntentId)).status).toBe(201);
    const intent = await guestIntent({ cart: candle(), promoCode: 'CRASH' });
    await pay(intent.body.clientSecret);
    jest
      .spyOn(TestPaymentProvider.prototype, 'captureIntent')
      .mockImplementationOnce(() => new Promise(() => undefined));
    void recordGuest(intent.body.paymentIntentId);
    await until(async () => Boolean(await orderOf(intent.body.paymentIntentId)));
    expect(await redemptions('CRASH')).toBe(1);
    // The job captures it later; the count stays.
    await settleCheckouts(new Date(Date.now() + 10 * 60_000));
    expect((await orderOf(intent.body.paymentIntentId))?.paymentStatus).toBe('captured');
    expect(await redemptions('CRASH')).toBe(1);

    // Another: taken, then the authorization can never be captured: stock and use come back, once.
    const second = await guestIntent({
      cart: candle(),
      promoCode: 'CRASH',
      shippingAddress: { ...address, email: 'exp@example.com' },
    });
    await pay(second.body.clientSecret);
    jest
      .spyOn(TestPaymentProvider.prototype, 'captureIntent')
      .mockRejectedValue(new CaptureError('The authorization has expired.', true));
    const failed = await recordGuest(second.body.paymentIntentId);
    expect(failed.status).toBe(409);
    expect(await redemptions('CRASH')).toBe(1);
    expect(await usesOf('CRASH', 'email:exp@example.com')).toBe(0);
    await settleCheckouts(new Date(Date.now() + 10 * 60_000));
    expect((await recordGuest(second.body.paymentIntentId)).status).toBe(409);
    expect(await redemptions('CRASH')).toBe(1);
  });

  it('an order the owner cancels gives its use back, once however often it is pressed', async () => {
    await promos.create({ code: 'CANCELME', kind: 'amount', value: 200, maxRedemptions: 1, maxPerCustomer: 1 });
    const intent = await guestIntent({
      cart: candle(),
      promoCode: 'CANCELME',
      shippingAddress: { ...address, email: 'cancel@example.com' },
    });
    await pay(intent.body.clientSecret);
    expect((await recordGuest(intent.body.paymentIntentId)).status).toBe(201);
    expect((await check('CANCELME')).body.error.code).toBe('promo_used_up');
    const orderNumber = await orderNumberOf(intent.body.paymentIntentId);
    await Promise.all([cancelOrder(orderNumber), cancelOrder(orderNumber)]);
    await cancelOrder(orderNumber);
    expect(await redemptions('CANCELME')).toBe(0);
    expect(await usesOf('CANCELME', 'email:cancel@example.com')).toBe(0);
    // The order keeps what it was sold with.
    expect(await orderOf(intent.body.paymentIntentId)).toMatchObject({
      status: 'cancelled',
      promo: { code: 'CANCELME' },
      amounts: { discount: 200 },
    });
    expect((await check('CANCELME')).status).toBe(200);
  });

  it('a code deactivated while the shopper pays: the authorization is cancelled, nothing taken, the shopper told it is no longer valid', async () => {
    await promos.create({ code: 'PULLED', kind: 'percent', value: 10 });
    const before = await candles();
    const intent = await guestIntent({ cart: candle(), promoCode: 'PULLED' });
    await pay(intent.body.clientSecret);
    await update('PULLED', { kind: 'percent', value: 10, active: false });
    const refused = await recordGuest(intent.body.paymentIntentId);
    expect(refused.body.error).toEqual({
      code: 'promo_no_longer_valid',
      message: PROMO_MESSAGES.noLongerValidWhilePaying('PULLED'),
    });
    // Asked again (the browser retries), the closed checkout says the same.
    expect((await recordGuest(intent.body.paymentIntentId)).body.error).toEqual({
      code: 'promo_no_longer_valid',
      message: PROMO_MESSAGES.noLongerValidWhilePaying('PULLED'),
    });
    expect(await intentStatus(intent.body.paymentIntentId)).toBe('canceled');
    expect(await checkoutState(intent.body.checkoutId)).toBe('closed');
    expect(await candles()).toBe(before);
    expect(await redemptions('PULLED')).toBe(0);
  });

  it('a code deleted while the shopper pays: the same, no longer valid (not "used up"), and nothing counted', async () => {
    await promos.create({ code: 'DROPPED', kind: 'amount', value: 300, maxRedemptions: 10 });
    const before = await candles();
    const intent = await guestIntent({ cart: candle(), promoCode: 'DROPPED' });
    await pay(intent.body.clientSecret);
    expect((await remove('DROPPED')).status).toBe(200);
    const refused = await recordGuest(intent.body.paymentIntentId);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({
      code: 'promo_no_longer_valid',
      message: PROMO_MESSAGES.noLongerValidWhilePaying('DROPPED'),
    });
    expect(await intentStatus(intent.body.paymentIntentId)).toBe('canceled');
    expect(await candles()).toBe(before);
    expect(await promos.get({ code: 'DROPPED' })).toBeNull();
  });

  it('refuses a bad code at the card step with the same messages, before any payment intent exists', async () => {
    const unknown = await guestIntent({ cart: candle(), promoCode: 'NOSUCH' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(PROMO_MESSAGES.unknown);
    const tooLong = await guestIntent({ cart: candle(), promoCode: 'Z'.repeat(40) });
    expect(tooLong.status).toBe(400);
  });
});
