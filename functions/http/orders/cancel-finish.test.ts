import { randomUUID } from 'node:crypto';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../db/client';
import { cancellationsDue } from '../../db/entities/cancellation-due';
import { orders, type OrderRecord } from '../../db/entities/order';
import { products } from '../../db/entities/product';
import { testPaymentIntents } from '../../db/entities/test-payment-intent';
import { TestPaymentProvider } from '../../domain/money/payments/test-processor';
import { CANCEL_RULES, finishCancellations } from '../../domain/orders/cancel';
import { invoke, sentMails, signInNewUser, useFreshTable } from '#tests/helpers';
import { handler as cancelOrderHandler } from '../admin/cancel-order';
import { handler as getOrder } from '../admin/get-order';
import { until } from '#tests/until';
import { createCandle } from '#tests/checkout';

/**
 * Cancellations left half-way (docs/decisions/0048): the settle job finishes the refund and the mail of a
 * cancellation that a crash or an outage interrupted, exactly once, beside the admin's own "Finish the refund".
 * Time moves by handing the job a later `now`; a crash is a provider call that never returns.
 */
let admin: string;
const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);
const as = (extra: Record<string, unknown>) => ({ token: admin, ...extra }) as never;
const cancel = (orderNumber: string) =>
  invoke(
    cancelOrderHandler,
    as({ method: 'POST', path: `/api/admin/orders/${orderNumber}/cancel`, params: { orderNumber } }),
  );
const view = async (orderNumber: string) =>
  (await invoke(getOrder, as({ method: 'GET', path: `/api/admin/orders/${orderNumber}`, params: { orderNumber } })))
    .body;
const refunds = async (id: string) => (await testPaymentIntents.get({ id }))!.refunds ?? [];
const mailsTo = (email: string) => sentMails().filter((mail) => mail.to.includes(email));
const candles = async () => (await products.get({ id: 'candle' }))!.stock.CANDLE!;
const due = async (orderNumber: string) => cancellationsDue.get({ list: 'due', orderNumber }, { consistent: true });

beforeAll(async () => {
  await useFreshTable();
  admin = (await signInNewUser({ admin: true })).token;
  await createCandle(50);
});
afterEach(() => jest.restoreAllMocks());

/** A pending order paid through the test processor (its intent captured). */
async function paidOrder(): Promise<OrderRecord> {
  const order = await orders.put({
    orderNumber: `pi_${randomUUID().replace(/-/g, '')}`,
    customer: 'guest',
    status: 'pending',
    shippingAddress: {
      name: 'Gail Guest',
      email: `buyer-${randomUUID()}@example.com`,
      line1: '3 Pine Rd',
      city: 'Reno',
      state: 'NV',
      zip: '89501',
    },
    lines: [{ id: 'candle', name: 'Candle', image: '/i/c.svg', price: 1800, size: 'CANDLE', quantity: 2 }],
    amounts: { subtotal: 3600, discount: 0, shipping: 599, tax: 0, total: 4199 },
  });
  await testPaymentIntents.create({
    id: order.orderNumber,
    clientSecret: `${order.orderNumber}_secret_x`,
    amount: 4199,
    currency: 'usd',
    status: 'succeeded',
    metadata: {},
  });
  return order;
}

/**
 * The admin presses Cancel and the function dies right after the cancel's transaction (the refund call never returns).
 */
async function cancelAndCrash(order: OrderRecord): Promise<void> {
  jest.spyOn(TestPaymentProvider.prototype, 'refund').mockImplementationOnce(() => new Promise(() => undefined));
  void cancel(order.orderNumber);
  await until(async () => (await orders.get({ orderNumber: order.orderNumber }))?.status === 'cancelled');
}

it('a crash right after the cancel transaction: the job refunds once and mails once; later runs do nothing', async () => {
  const order = await paidOrder();
  const before = await candles();
  await cancelAndCrash(order);
  expect(await orders.get({ orderNumber: order.orderNumber })).toMatchObject({
    status: 'cancelled',
    refund: { status: 'pending' },
    cancelMail: { status: 'pending' },
  });
  expect(await due(order.orderNumber)).toMatchObject({ attempts: 0 });
  expect((await view(order.orderNumber)).order.payment.state).toBe('refund pending');

  // Within the grace the admin's own call is still expected to finish it: the job leaves it alone.
  expect(await finishCancellations(new Date())).toEqual({ finished: 0, refused: 0, later: 0 });
  expect(await refunds(order.orderNumber)).toEqual([]);

  expect(await finishCancellations(later(CANCEL_RULES.graceMinutes + 1))).toEqual({
    finished: 1,
    refused: 0,
    later: 0,
  });
  expect(await refunds(order.orderNumber)).toEqual([
    expect.objectContaining({ idempotencyKey: `refund-${order.orderNumber}`, amount: 4199 }),
  ]);
  expect(mailsTo(order.shippingAddress.email).map((mail) => mail.subject)).toEqual([
    `Your order ${order.orderNumber} was cancelled`,
  ]);
  expect((await view(order.orderNumber)).order.payment.state).toBe('refunded');
  expect(await due(order.orderNumber)).toBeNull();
  expect(await candles()).toBe(before + 2);

  // Again, and the admin pressing again: nothing twice.
  await finishCancellations(later(60));
  expect((await cancel(order.orderNumber)).status).toBe(200);
  expect(await refunds(order.orderNumber)).toHaveLength(1);
  expect(mailsTo(order.shippingAddress.email)).toHaveLength(1);
  expect(await candles()).toBe(before + 2);
});

it('the job and the admin finishing the same cancellation at the same moment: one refund, one mail', async () => {
  for (let round = 0; round < 3; round++) {
    const order = await paidOrder();
    await cancelAndCrash(order);
    const [counts, pressed] = await Promise.all([
      finishCancellations(later(CANCEL_RULES.graceMinutes + 1)),
      cancel(order.orderNumber),
      finishCancellations(later(CANCEL_RULES.graceMinutes + 1)),
    ]);
    expect(pressed.status).toBe(200);
    expect(counts.refused).toBe(0);
    expect(await refunds(order.orderNumber)).toHaveLength(1);
    expect(mailsTo(order.shippingAddress.email)).toHaveLength(1);
    // Whoever lost the mail's claim may have left the to-do item for the next run, which only clears it.
    await finishCancellations(later(CANCEL_RULES.maxBackoffMinutes * 2));
    expect(await due(order.orderNumber)).toBeNull();
    expect(await orders.get({ orderNumber: order.orderNumber })).toMatchObject({
      refund: { status: 'refunded' },
      cancelMail: { status: 'sent' },
    });
    expect(mailsTo(order.shippingAddress.email)).toHaveLength(1);
  }
  // Three rounds of three racers each: under a full run on two cores this can pass the default five seconds.
}, 30_000);

it('a refund the provider refuses stays visible for the admin: the job does not ask again, no mail says "refunded"', async () => {
  const order = await paidOrder();
  const refund = jest
    .spyOn(TestPaymentProvider.prototype, 'refund')
    .mockResolvedValueOnce({ id: 're_refused', status: 'failed' });
  const pressed = await cancel(order.orderNumber);
  expect(pressed.status).toBe(502);
  expect(refund).toHaveBeenCalledTimes(1);
  expect((await view(order.orderNumber)).order.payment).toMatchObject({
    state: 'refund failed',
    refund: { status: 'failed', id: 're_refused' },
  });

  expect(await finishCancellations(later(CANCEL_RULES.graceMinutes + 1))).toMatchObject({ refused: 1, finished: 0 });
  expect(await finishCancellations(later(120))).toMatchObject({ refused: 0, finished: 0 });
  expect(refund).toHaveBeenCalledTimes(1);
  expect((await view(order.orderNumber)).order.payment.state).toBe('refund failed');
  expect(mailsTo(order.shippingAddress.email)).toHaveLength(0);
  // Off the job's list: the admin's order page is where it waits.
  expect(await due(order.orderNumber)).toBeNull();

  // The admin tries again and the function dies in the refund call: the job's list has it again.
  jest.spyOn(TestPaymentProvider.prototype, 'refund').mockImplementationOnce(() => new Promise(() => undefined));
  void cancel(order.orderNumber);
  await until(async () => Boolean(await due(order.orderNumber)));
  expect(await finishCancellations(later(CANCEL_RULES.graceMinutes + 1))).toMatchObject({ finished: 1 });
  expect((await view(order.orderNumber)).order.payment.state).toBe('refunded');
  expect(mailsTo(order.shippingAddress.email)).toHaveLength(1);
  expect(await due(order.orderNumber)).toBeNull();
});

it('a provider outage: the job retries with backoff and refunds once when it is back', async () => {
  const order = await paidOrder();
  const outage = jest.spyOn(TestPaymentProvider.prototype, 'refund').mockRejectedValue(new Error('connect ETIMEDOUT'));
  expect((await cancel(order.orderNumber)).status).toBe(500);
  expect(await finishCancellations(later(6))).toEqual({ finished: 0, refused: 0, later: 1 });
  expect(await due(order.orderNumber)).toMatchObject({ attempts: 1 });
  // Not due again before its backoff.
  expect(await finishCancellations(later(8))).toEqual({ finished: 0, refused: 0, later: 0 });
  expect(outage).toHaveBeenCalledTimes(2);
  outage.mockRestore();
  expect(await finishCancellations(later(12))).toEqual({ finished: 1, refused: 0, later: 0 });
  expect(await refunds(order.orderNumber)).toHaveLength(1);
  expect(mailsTo(order.shippingAddress.email)).toHaveLength(1);
  expect((await view(order.orderNumber)).order.payment.state).toBe('refunded');
});

it('a mail claimed and never reported back (a crash while sending) is marked failed after a while, never sent twice', async () => {
  const order = await paidOrder();
  await cancelAndCrash(order);
  // The crash came later: the refund went through and the mail was claimed, then the function died.
  const claimedAt = new Date().toISOString();
  await orders.update(
    { orderNumber: order.orderNumber },
    {
      set: {
        refund: { status: 'refunded', id: 're_x', at: claimedAt },
        cancelMail: { status: 'sending', at: claimedAt },
      },
    },
  );
  expect(await finishCancellations(later(CANCEL_RULES.graceMinutes + 1))).toEqual({
    finished: 0,
    refused: 0,
    later: 1,
  });
  expect((await orders.get({ orderNumber: order.orderNumber }))!.cancelMail!.status).toBe('sending');
  expect(await finishCancellations(later(60))).toEqual({ finished: 1, refused: 0, later: 0 });
  expect((await orders.get({ orderNumber: order.orderNumber }))!.cancelMail!.status).toBe('failed');
  expect(mailsTo(order.shippingAddress.email)).toHaveLength(0);
  expect((await view(order.orderNumber)).timeline).toEqual(
    expect.arrayContaining([expect.objectContaining({ text: 'Cancellation mail failed' })]),
  );
  expect(await due(order.orderNumber)).toBeNull();
});

it('cancellations from before the to-do items (an upgraded stage) are found once through the cancelled orders', async () => {
  const order = await paidOrder();
  await orders.update(
    { orderNumber: order.orderNumber },
    {
      set: {
        status: 'cancelled',
        cancelledAt: new Date().toISOString(),
        refund: { status: 'pending' },
        cancelMail: { status: 'pending', at: new Date().toISOString() },
      },
    },
    { current: order },
  );
  await documentClient().send(
    new DeleteCommand({ TableName: tableName(), Key: { pk: 'meta#cancellations-due', sk: 'meta#cancellations-due' } }),
  );
  expect(await finishCancellations(later(1))).toMatchObject({ finished: 1 });
  expect(await refunds(order.orderNumber)).toHaveLength(1);
  expect(mailsTo(order.shippingAddress.email)).toHaveLength(1);
});
