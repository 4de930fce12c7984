import { settleCheckouts } from '../../domain/checkout/settle';
import { recordMetric } from '../../lib/metrics';
import { shopDay } from '#shared/gift-cards';
import { handler as sendMails } from '../../jobs/send-mails';
import { invoke, sentMails, signInNewUser, useFreshTable } from '#tests/helpers';
import { address, authorizedGuest, createCandle, guestIntent, pay, recordGuest } from '#tests/checkout';
import { handler as cancelOrder } from '../admin/cancel-order';
import { handler as completeOrder } from '../admin/complete-order';
import { handler as decide } from '../admin/decide-replacement';
import { handler as requestReplacement } from '../orders/request-replacement';

// The real function, watched: what each business event records (outside Lambda it writes nothing; the EMF
// document itself is functions/lib/metrics.test.ts's concern).
jest.mock('../../lib/metrics', () => {
  const actual = jest.requireActual('../../lib/metrics');
  return { ...actual, recordMetric: jest.fn(actual.recordMetric) };
});
const recorded = () =>
  (recordMetric as jest.Mock).mock.calls.map(([name, value = 1]) => [name as string, value as number] as const);
/** What was recorded while `step` ran, summed per metric. */
async function metricsOf(step: () => Promise<unknown>): Promise<Record<string, number>> {
  const before = recorded().length;
  await step();
  const sums: Record<string, number> = {};
  for (const [name, value] of recorded().slice(before)) sums[name] = (sums[name] ?? 0) + value;
  return sums;
}

/**
 * The dashboard's business figures (issue 16) are recorded where the events happen, once each: an order and its
 * revenue at the capture however many callbacks and job runs see it, a failed card, an abandoned checkout and a
 * cancelled order, an approved replacement.
 */
let admin: string;
const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);
const candle = (quantity = 1) => [{ id: 'candle', size: 'CANDLE', quantity }];

beforeAll(async () => {
  await useFreshTable();
  admin = (await signInNewUser({ admin: true })).token;
  await createCandle(100);
});

it('an order: one OrdersPlaced and its total as revenue, whether the browser calls twice and the job runs too', async () => {
  const paid = await authorizedGuest(candle(2));
  const metrics = await metricsOf(async () => {
    await Promise.all([recordGuest(paid.paymentIntentId), recordGuest(paid.paymentIntentId)]);
    await recordGuest(paid.paymentIntentId);
    await settleCheckouts(later(5));
  });
  expect(metrics).toEqual({ ordersPlaced: 1, revenueCents: paid.amounts.total });
});

it('a gift card sold is no revenue until it is spent: then the goods it bought are (decision 0146)', async () => {
  const recipientEmail = `bea-${Date.now()}@example.com`;
  const card = {
    id: 'gift-card',
    size: 'GIFT CARD',
    quantity: 1,
    giftCard: { amount: 5000, recipientName: 'Bea', recipientEmail, deliverOn: shopDay(new Date()) },
  };
  const sold = await authorizedGuest([card]);
  expect(await metricsOf(() => recordGuest(sold.paymentIntentId))).toEqual({ ordersPlaced: 1 });
  await sendMails(undefined, { getRemainingTimeInMillis: () => 10_000 });
  const code = /Your gift card code: ([A-Z0-9-]+)/.exec(
    sentMails().find((m) => m.to.includes(recipientEmail))!.text,
  )![1];
  const spent = await guestIntent({ cart: candle(3), giftCardCode: code });
  expect(spent.body.giftCard.amount).toBe(5000);
  await pay(spent.body.clientSecret);
  const metrics = await metricsOf(() => recordGuest(spent.body.paymentIntentId, spent.body.checkoutSecret));
  expect(metrics).toEqual({ ordersPlaced: 1, revenueCents: spent.body.amounts.total });
});

it('a declined card: one PaymentsFailed per failed attempt, nothing else', async () => {
  const intent = await guestIntent({ cart: candle() });
  const metrics = await metricsOf(async () => {
    expect((await pay(intent.body.clientSecret, '4000000000000002')).status).toBe(402);
    expect((await pay(intent.body.clientSecret, '4000000000009995')).status).toBe(402);
  });
  expect(metrics).toEqual({ paymentsFailed: 2 });
});

it('abandoned checkouts: one PaymentsCancelled per intent the job cancels, none on the next run', async () => {
  // This one, and the declined card's checkout above, which nobody paid either.
  await guestIntent({ cart: candle() });
  let closed = 0;
  const metrics = await metricsOf(async () => {
    closed = (await settleCheckouts(later(61))).closed;
  });
  expect(closed).toBeGreaterThanOrEqual(1);
  expect(metrics).toEqual({ paymentsCancelled: closed });
  expect(await metricsOf(() => settleCheckouts(later(62)))).toEqual({});
});

it("an owner's cancel: one PaymentsCancelled, pressed twice", async () => {
  const paid = await authorizedGuest(candle());
  const { orderNumber } = (await recordGuest(paid.paymentIntentId)).body.order;
  const cancel = () =>
    invoke(cancelOrder, {
      method: 'POST',
      path: `/api/admin/orders/${orderNumber}/cancel`,
      params: { orderNumber },
      token: admin,
    });
  const metrics = await metricsOf(async () => {
    await Promise.all([cancel(), cancel()]);
  });
  expect(metrics).toEqual({ paymentsCancelled: 1 });
});

it('a replacement: one Replacements when the owner approves (two tabs), none for the request or a decline', async () => {
  const paid = await authorizedGuest(candle(3));
  const { orderNumber } = (await recordGuest(paid.paymentIntentId)).body.order;
  expect(
    (
      await invoke(completeOrder, {
        method: 'POST',
        path: `/api/admin/orders/${orderNumber}/complete`,
        params: { orderNumber },
        token: admin,
        body: {},
      })
    ).status,
  ).toBe(200);
  const ask = (quantity: number) =>
    invoke(requestReplacement, {
      method: 'POST',
      path: '/api/orders/replacements',
      body: {
        orderNumber,
        email: address.email,
        lines: [{ id: 'candle', size: 'CANDLE', quantity }],
        reason: 'It arrived broken.',
      },
    });
  const decideOn = (id: string, body: unknown) =>
    invoke(decide, { method: 'POST', path: `/api/admin/replacements/${id}`, params: { id }, token: admin, body });

  const asked = await metricsOf(async () => expect((await ask(1)).status).toBe(201));
  expect(asked).toEqual({});
  const approved = await metricsOf(async () => {
    await Promise.all([
      decideOn(`${orderNumber}_r1`, { decision: 'approve' }),
      decideOn(`${orderNumber}_r1`, { decision: 'approve' }),
    ]);
  });
  expect(approved).toEqual({ replacements: 1 });
  expect((await ask(1)).status).toBe(201);
  const declined = await metricsOf(async () =>
    expect(
      (await decideOn(`${orderNumber}_r2`, { decision: 'decline', message: 'The photo shows no damage.' })).status,
    ).toBe(200),
  );
  expect(declined).toEqual({});
});
