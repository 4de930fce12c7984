import { randomUUID } from 'node:crypto';
import { ledgerEntries } from '../../db/entities/ledger';
import { orders } from '../../db/entities/order';
import { products } from '../../db/entities/product';
import { refunds } from '../../db/entities/refund';
import { TestPaymentProvider } from '../../domain/money/payments/test-processor';
import { checkLedger, entriesOfDays } from '../../domain/money/ledger';
import { shopDay } from '#shared/gift-cards';
import { partsTotal, sumParts } from '#shared/ledger-parts';
import { finishRefunds, REFUND_GRACE_MINUTES } from '../../domain/orders/refunds';
import { invoke, sentMails, signInNewUser, useFreshTable } from '#tests/helpers';
import {
  adminCancel,
  adminRefund,
  authorizedGuest,
  createCandle,
  orderNumberOf,
  processorRefunds,
  recordGuest,
} from '#tests/checkout';
import { handler as dashboardHandler } from '../admin/get-dashboard';
import { handler as listOrdersHandler } from '../admin/list-orders';
import { handler as lookupHandler } from './lookup-order';

/**
 * Refunds in part and the order's ledger (issue 35 items 3 and 4, docs/decisions/0116, 0117), against DynamoDB Local
 * and the built-in test processor: what the customer's card gets back, what the order and its ledger record, the
 * stock, the mails, exactly once under double clicks, two admins and a crash.
 */
let admin: string;
const as = (extra: Record<string, unknown>) => ({ token: admin, ...extra }) as never;
const refund = (orderNumber: string, body: Record<string, unknown>) => adminRefund(admin, orderNumber, body);
const cancel = (orderNumber: string) => adminCancel(admin, orderNumber);
const candles = async () => (await products.get({ id: 'candle' }))!.stock.CANDLE!;
const refundMails = (email: string, orderNumber: string) =>
  sentMails().filter(
    (mail) =>
      mail.to.includes(email) && mail.subject.startsWith('Refund of') && mail.subject.endsWith(`#${orderNumber}`),
  );
const id = () => randomUUID();
const candleLine = (quantity: number) => ({ id: 'candle', size: 'CANDLE', quantity });

beforeAll(async () => {
  await useFreshTable();
  admin = (await signInNewUser({ admin: true })).token;
  await createCandle(100);
});
afterEach(() => jest.restoreAllMocks());

/** A guest's paid (captured) order of `quantity` candles, through the real checkout, with a fresh email. */
async function paidOrder(quantity: number) {
  const paid = await authorizedGuest([candleLine(quantity)]);
  const recorded = await recordGuest(paid.paymentIntentId, paid.checkoutSecret);
  expect(recorded.status).toBeLessThan(300);
  const orderNumber = await orderNumberOf(paid.paymentIntentId);
  const order = (await orders.get({ orderNumber }, { consistent: true }))!;
  expect(order.paymentStatus).toBe('captured');
  return { order, intentId: paid.paymentIntentId };
}

it("the entries carry what the reports read: the shop day, the ship-to state and the parts; a day's are read by query", async () => {
  const { order } = await paidOrder(2);
  const refunded = await refund(order.orderNumber, { refundId: id(), lines: [candleLine(1)], reason: 'damaged' });
  expect(refunded.status).toBe(200);
  const shipping = await refund(order.orderNumber, { refundId: id(), shipping: true, reason: 'other' });
  expect(shipping.status).toBe(200);
  const today = shopDay(new Date());
  const ofTheDay = (await entriesOfDays(today, today)).filter((entry) => entry.orderNumber === order.orderNumber);
  expect(ofTheDay.map((entry) => entry.kind)).toEqual(['captured', 'refunded', 'refunded']);
  for (const entry of ofTheDay) {
    expect(entry).toMatchObject({ shopDay: today, shipTo: (order.shippingAddress as { state: string }).state });
    expect(partsTotal(entry.parts!)).toBe(entry.amount);
    expect(sumParts(entry.lines!)).toEqual(entry.parts);
  }
  // The capture is the sale: the order's goods, discount, shipping and tax; the refunds give back their own parts.
  const { subtotal, shipping: charged, tax } = order.amounts;
  expect(ofTheDay[0].parts).toEqual({ goods: subtotal, discount: 0, shipping: charged, tax, giftCard: 0 });
  expect(ofTheDay[1].parts).toMatchObject({ goods: 1800, shipping: 0 });
  expect(ofTheDay[2].parts).toMatchObject({ goods: 0, shipping: charged });
  expect(ofTheDay[2].lines).toEqual([expect.objectContaining({ id: 'shipping' })]);
  expect(await checkLedger(order.orderNumber)).toMatchObject({ ok: true, problems: [] });
});

it('the capture is on the ledger; refunds in part sum to the captured amount to the cent, and one more is refused', async () => {
  const { order, intentId } = await paidOrder(3);
  const total = order.amounts.total;
  expect(order.captured).toBe(total);
  expect(await ledgerEntries.query('byOrder', { orderNumber: order.orderNumber })).toEqual([
    expect.objectContaining({ entryId: 'capture', kind: 'captured', amount: total }),
  ]);
  const stock = await candles();

  // One candle (with its share of the tax), back to stock.
  const first = await refund(order.orderNumber, {
    refundId: id(),
    lines: [candleLine(1)],
    reason: 'damaged',
    restock: true,
  });
  expect(first.status).toBe(200);
  const one = first.body.order.money.refunds[0];
  const shares = order.lines[0].shares!;
  expect(one.total).toBe(1800 + Math.round((shares.tax - shares.shippingTax) / 3));
  expect(await candles()).toBe(stock + 1);
  // Two more candles, not restocked; then the shipping: the whole order is back, to the cent.
  expect((await refund(order.orderNumber, { refundId: id(), lines: [candleLine(2)], reason: 'goodwill' })).status).toBe(
    200,
  );
  const last = await refund(order.orderNumber, { refundId: id(), shipping: true, reason: 'other' });
  expect(last.status).toBe(200);
  expect(await candles()).toBe(stock + 1);
  const after = (await orders.get({ orderNumber: order.orderNumber }, { consistent: true }))!;
  expect(after.refunded).toBe(total);
  const atProcessor = await processorRefunds(intentId);
  expect(atProcessor.reduce((sum, r) => sum + r.amount, 0)).toBe(total);
  expect(atProcessor).toHaveLength(3);

  // One more cent is refused, and changes nothing.
  const more = await refund(order.orderNumber, { refundId: id(), amount: 1, reason: 'goodwill' });
  expect(more.status).toBe(409);
  expect(more.body.error.message).toBe('Nothing is left to refund on this order.');
  expect(await processorRefunds(intentId)).toHaveLength(3);
  expect(await checkLedger(order.orderNumber)).toMatchObject({ ok: true, captured: total, refunded: total });

  // One mail per refund, each with its amount.
  const mails = refundMails(order.shippingAddress.email, order.orderNumber);
  expect(mails).toHaveLength(3);
  expect(mails.map((mail) => mail.subject).sort()).toContain(
    `Refund of $${(one.total / 100).toFixed(2)} for your order #${order.orderNumber}`,
  );
});

it('more units than bought, or an amount above what is left, is refused with a clear message', async () => {
  const { order } = await paidOrder(1);
  const tooMany = await refund(order.orderNumber, { refundId: id(), lines: [candleLine(2)], reason: 'damaged' });
  expect(tooMany.status).toBe(409);
  expect(tooMany.body.error.message).toBe('At most 1 of Candle can be refunded.');
  const tooMuch = await refund(order.orderNumber, {
    refundId: id(),
    amount: order.amounts.total + 1,
    reason: 'goodwill',
  });
  expect(tooMuch.body.error.message).toMatch(/^At most \$\d+\.\d\d is left to refund\.$/);
  const noReason = await refund(order.orderNumber, { refundId: id(), amount: 100 });
  expect(noReason.status).toBe(400);
  expect(await refunds.query('byOrder', { orderNumber: order.orderNumber })).toEqual([]);
  expect((await orders.get({ orderNumber: order.orderNumber }))!.refunded).toBeUndefined();
});

it('a double click (the same refund id twice at once) refunds once', async () => {
  const { order, intentId } = await paidOrder(2);
  const body = { refundId: id(), lines: [candleLine(1)], reason: 'damaged' };
  const answers = await Promise.all([refund(order.orderNumber, body), refund(order.orderNumber, body)]);
  expect(answers.map((a) => a.status)).toEqual([200, 200]);
  expect(await processorRefunds(intentId)).toHaveLength(1);
  expect((await orders.get({ orderNumber: order.orderNumber }, { consistent: true }))!.refundedUnits).toEqual({
    'candle|CANDLE': 1,
  });
  expect(refundMails(order.shippingAddress.email, order.orderNumber)).toHaveLength(1);
  expect((await checkLedger(order.orderNumber)).ok).toBe(true);
});

it('two admins refunding the last candle at once: one refund, the other is told it was refunded', async () => {
  const { order, intentId } = await paidOrder(1);
  const answers = await Promise.all([
    refund(order.orderNumber, { refundId: id(), lines: [candleLine(1)], reason: 'damaged', restock: true }),
    refund(order.orderNumber, { refundId: id(), lines: [candleLine(1)], reason: 'goodwill', restock: true }),
  ]);
  expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  expect(answers.find((a) => a.status === 409)!.body.error.message).toBe('Candle was refunded already.');
  expect(await processorRefunds(intentId)).toHaveLength(1);
  expect(await refunds.query('byOrder', { orderNumber: order.orderNumber })).toHaveLength(1);
  expect((await checkLedger(order.orderNumber)).ok).toBe(true);
});

it('a crash between the processor and the record: the retry (or the job) records the one refund', async () => {
  const { order, intentId } = await paidOrder(2);
  const body = { refundId: id(), lines: [candleLine(1)], reason: 'damaged' };
  // The processor refunds, then the function dies before the shop's record is written.
  const real = (provider: TestPaymentProvider, args: Parameters<TestPaymentProvider['refund']>) =>
    TestPaymentProvider.prototype.refund.apply(provider, args);
  jest.spyOn(TestPaymentProvider.prototype, 'refund').mockImplementationOnce(async function (
    this: TestPaymentProvider,
    ...args
  ) {
    await real(this, args);
    throw new Error('the function died');
  });
  expect((await refund(order.orderNumber, body)).status).toBe(500);
  expect(await processorRefunds(intentId)).toHaveLength(1);
  expect((await refunds.get({ orderNumber: order.orderNumber, refundId: body.refundId }))!.status).toBe('pending');
  expect(refundMails(order.shippingAddress.email, order.orderNumber)).toHaveLength(0);

  // The admin's page sends the same form again: one refund at the processor, now recorded and mailed.
  const retry = await refund(order.orderNumber, body);
  expect(retry.status).toBe(200);
  expect(retry.body.order.money.refunds).toEqual([expect.objectContaining({ status: 'refunded' })]);
  expect(await processorRefunds(intentId)).toHaveLength(1);
  expect(refundMails(order.shippingAddress.email, order.orderNumber)).toHaveLength(1);

  // A second crash, finished by the settle job after the grace: still one refund per id.
  const second = { refundId: id(), lines: [candleLine(1)], reason: 'damaged' };
  jest.spyOn(TestPaymentProvider.prototype, 'refund').mockImplementationOnce(async function (
    this: TestPaymentProvider,
    ...args
  ) {
    await real(this, args);
    throw new Error('the function died');
  });
  await refund(order.orderNumber, second);
  expect(await finishRefunds(new Date(Date.now() + (REFUND_GRACE_MINUTES + 1) * 60_000))).toMatchObject({
    finished: 1,
  });
  expect(await processorRefunds(intentId)).toHaveLength(2);
  expect((await refunds.get({ orderNumber: order.orderNumber, refundId: second.refundId }))!.status).toBe('refunded');
  expect(await checkLedger(order.orderNumber)).toMatchObject({ ok: true });
});

it('cancel after a partial refund pays back only the rest and restocks only what was not restocked', async () => {
  const { order, intentId } = await paidOrder(3);
  const stock = await candles();
  const part = await refund(order.orderNumber, {
    refundId: id(),
    lines: [candleLine(1)],
    reason: 'damaged',
    restock: true,
  });
  const partTotal = part.body.order.money.refunds[0].total;
  expect(await candles()).toBe(stock + 1);

  const cancelled = await cancel(order.orderNumber);
  expect(cancelled.status).toBe(200);
  expect(await candles()).toBe(stock + 3);
  const atProcessor = await processorRefunds(intentId);
  expect(atProcessor.map((r) => r.amount)).toEqual([partTotal, order.amounts.total - partTotal]);
  const after = (await orders.get({ orderNumber: order.orderNumber }, { consistent: true }))!;
  expect(after).toMatchObject({ status: 'cancelled', refunded: order.amounts.total, refund: { status: 'refunded' } });
  expect(await ledgerEntries.query('byOrder', { orderNumber: order.orderNumber })).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ entryId: 'cancel', kind: 'cancelled', amount: order.amounts.total - partTotal }),
    ]),
  );
  expect(await checkLedger(order.orderNumber)).toMatchObject({ ok: true, refunded: order.amounts.total });
  // A refund after the cancel is refused.
  expect((await refund(order.orderNumber, { refundId: id(), amount: 1, reason: 'other' })).status).toBe(409);
});

it('the customer sees each refund on the order status page; the dashboard counts them', async () => {
  const { order } = await paidOrder(2);
  const before = (await invoke(dashboardHandler, as({ method: 'GET', path: '/api/admin/dashboard' }))).body.refunds;
  const done = await refund(order.orderNumber, { refundId: id(), lines: [candleLine(1)], reason: 'damaged' });
  const { total } = done.body.order.money.refunds[0];
  const page = await invoke(lookupHandler, {
    method: 'POST',
    path: '/api/orders/lookup',
    body: { orderNumber: order.orderNumber, email: order.shippingAddress.email },
  });
  expect(page.body.order.refunds).toEqual([
    expect.objectContaining({
      status: 'refunded',
      total,
      reason: 'damaged',
      lines: [expect.objectContaining({ quantity: 1 })],
    }),
  ]);
  expect(page.body.order.refunded).toBe(total);
  const dashboard = (await invoke(dashboardHandler, as({ method: 'GET', path: '/api/admin/dashboard' }))).body;
  expect(dashboard.refunds.today).toEqual({ count: before.today.count + 1, cents: before.today.cents + total });
  expect(dashboard.refunds.last30Days.count).toBe(before.last30Days.count + 1);
  // The admin's timeline and the CSV export show it too.
  const price = `$${(total / 100).toFixed(2)}`;
  expect(done.body.timeline.map((entry: { text: string }) => entry.text)).toEqual(
    expect.arrayContaining([`Refund of ${price} started: 1 x Candle (Damaged)`, expect.stringMatching(/^Refunded \$/)]),
  );
  const csv = await invoke(
    listOrdersHandler,
    as({ method: 'GET', path: '/api/admin/orders', query: { status: 'pending', q: order.orderNumber, format: 'csv' } }),
  );
  const [header, row] = (csv.body as string).trim().split('\r\n');
  expect(header.endsWith(',refunded,refunds')).toBe(true);
  expect(row).toContain(`,${(total / 100).toFixed(2)},`);
  expect(row).toMatch(new RegExp(`\\d{4}-\\d\\d-\\d\\d ${(total / 100).toFixed(2)} refunded Damaged: 1 x Candle`));
});

it('the ledger check finds a total that does not match its entries', async () => {
  const { order } = await paidOrder(1);
  await refund(order.orderNumber, { refundId: id(), amount: 500, reason: 'goodwill' });
  expect((await checkLedger(order.orderNumber)).ok).toBe(true);
  // A write beside the ledger (what the rule forbids) is caught.
  await orders.update({ orderNumber: order.orderNumber }, { add: { refunded: 100 } });
  const check = await checkLedger(order.orderNumber);
  expect(check.ok).toBe(false);
  expect(check.problems).toEqual([`refunded 600 on the order, 500 in the entries`]);
});
