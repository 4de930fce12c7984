import { randomUUID } from 'node:crypto';
import { TAX_CODES } from '#shared/tax-codes';
import { orders, type OrderRecord } from '../../db/entities/order';
import { stockItems } from '../../db/entities/stock-item';
import { taxReference } from '../../domain/money/tax/transaction';
import { checkLedger } from '../../domain/money/ledger';
import { address, createCandle, createHoodie, guestIntent, orderOf, recordGuest } from '#tests/checkout';
import { invoke, signInNewUser, useFreshTable } from '#tests/helpers';
import { startStripeStandIn, type StripeStandIn } from '#tests/stripe-stand-in';
import { handler as cancelOrder } from '../admin/cancel-order';
import { handler as refundHandler } from '../admin/refund-order';

/**
 * Refunds in part with Stripe (the Stripe API stand-in) and Stripe Tax turned on (issue 35 item 3, decision 0116):
 * the refund is made by amount under a key derived from the refund's id, the refunded lines and shipping come off
 * the recorded tax transaction in part, and a cancel afterwards pays back and reverses only what is left.
 */
let admin: string;
let api: StripeStandIn;
const names = ['STRIPE_SECRET_KEY', 'STRIPE_API_BASE', 'STRIPE_TAX'] as const;

beforeAll(async () => {
  await useFreshTable();
  admin = (await signInNewUser({ admin: true })).token;
  await stockItems.create({ id: 'HOODIES', stock: { S: 50, M: 50, L: 50, XL: 50, '2XL': 50 } });
  await createHoodie('HOODIES');
  await createCandle(100);
  api = await startStripeStandIn();
  process.env.STRIPE_SECRET_KEY = 'sk_test_refunds';
  process.env.STRIPE_API_BASE = api.base;
  process.env.STRIPE_TAX = 'on';
  api.taxRates.set('10001', { state: 'NY', rate: 0.08875, codes: { [TAX_CODES.clothing]: 0 } });
});
afterAll(async () => {
  for (const name of names) delete process.env[name];
  await api.stop();
});

const refund = (orderNumber: string, body: Record<string, unknown>) =>
  invoke(refundHandler, {
    method: 'POST',
    path: `/api/admin/orders/${orderNumber}/refunds`,
    params: { orderNumber },
    body: { refundId: randomUUID(), ...body },
    token: admin,
  });

async function paid(cart: unknown[]): Promise<{ order: OrderRecord; intentId: string }> {
  const intent = await guestIntent({ cart, shippingAddress: { ...address, state: 'NY', zip: '10001' } });
  expect(intent.status).toBe(200);
  const intentId = intent.body.paymentIntentId as string;
  api.authorize(intentId);
  expect((await recordGuest(intentId, intent.body.checkoutSecret)).status).toBe(201);
  return { order: (await orderOf(intentId))!, intentId };
}

it('a candle and then the shipping: refunds by amount at Stripe, the tax transaction reversed in part; cancel the rest', async () => {
  const { order, intentId } = await paid([
    { id: 'hoodie', size: 'M', quantity: 1 },
    { id: 'candle', size: 'CANDLE', quantity: 2 },
  ]);
  // Candles 3600 x 8.875% = 320; shipping 599 x 8.875% = 53; the hoodie: 0 (as money/tax/tax.test.ts).
  expect(order.amounts).toEqual({ subtotal: 8100, discount: 0, shipping: 599, tax: 373, total: 9072 });
  const reversalsOf = () =>
    [...api.taxTransactions.values()].filter(
      (t) => t.transaction.reversal?.original_transaction === order.stripeTaxTransaction!.id,
    );

  const one = await refund(order.orderNumber, {
    lines: [{ id: 'candle', size: 'CANDLE', quantity: 1 }],
    reason: 'damaged',
  });
  expect(one.status).toBe(200);
  const made = one.body.order.money.refunds[0];
  // One candle: 1800 and half the candles' tax on goods (160).
  expect(made).toMatchObject({ status: 'refunded', total: 1960, taxProblem: null });
  const atStripe = api.refunds.filter((r) => r.payment_intent === intentId);
  expect(atStripe.map((r) => r.amount)).toEqual([1960]);
  const call = api.calls.find((c) => c.path === '/v1/refunds')!;
  expect(call.idempotencyKey).toBe(`refund-${order.orderNumber}-${made.refundId}`);
  expect(reversalsOf()).toHaveLength(1);
  expect(reversalsOf()[0].transaction).toMatchObject({
    type: 'reversal',
    reference: `${taxReference(order)}-refund-${made.refundId}`,
  });
  expect(reversalsOf()[0].lineItems.map((item) => [item.reference, item.amount, item.amount_tax])).toEqual([
    ['candle|CANDLE', -1800, -160],
  ]);
  expect(made.taxReversalId).toBe(reversalsOf()[0].transaction.id);

  const shipping = await refund(order.orderNumber, { shipping: true, reason: 'goodwill' });
  expect(shipping.body.order.money.refunds[1]).toMatchObject({ status: 'refunded', total: 599 + 53 });
  expect(reversalsOf()[1].transaction.shipping_cost).toMatchObject({ amount: -599, amount_tax: -53 });

  // The cancel pays back the rest only (hoodie and one candle) and reverses what is left of the sale.
  const cancelled = await invoke(cancelOrder, {
    method: 'POST',
    path: `/api/admin/orders/${order.orderNumber}/cancel`,
    params: { orderNumber: order.orderNumber },
    token: admin,
  });
  expect(cancelled.status).toBe(200);
  expect(api.refunds.filter((r) => r.payment_intent === intentId).map((r) => r.amount)).toEqual([
    1960,
    652,
    9072 - 1960 - 652,
  ]);
  expect(reversalsOf()).toHaveLength(3);
  expect(reversalsOf()[2].lineItems.map((item) => [item.reference, item.amount, item.amount_tax])).toEqual([
    ['hoodie|M', -4500, 0],
    ['candle|CANDLE', -1800, -160],
  ]);
  const after = (await orders.get({ orderNumber: order.orderNumber }, { consistent: true }))!;
  expect(after).toMatchObject({ status: 'cancelled', captured: 9072, refunded: 9072 });
  expect(await checkLedger(order.orderNumber)).toMatchObject({ ok: true, refunded: 9072 });
});

it('Stripe refuses a refund above what is left: nothing refunded, the reservation given back on the ledger', async () => {
  const { order, intentId } = await paid([{ id: 'candle', size: 'CANDLE', quantity: 1 }]);
  // Someone refunded most of it in Stripe's dashboard, outside the shop.
  api.refunds.push({
    id: 're_dashboard',
    payment_intent: intentId,
    amount: order.amounts.total - 100,
    status: 'succeeded',
  });
  const refused = await refund(order.orderNumber, {
    lines: [{ id: 'candle', size: 'CANDLE', quantity: 1 }],
    reason: 'damaged',
  });
  expect(refused.status).toBe(502);
  const after = (await orders.get({ orderNumber: order.orderNumber }, { consistent: true }))!;
  expect(after.refunded).toBe(0);
  expect(after.refundedUnits).toEqual({ 'candle|CANDLE': 0 });
  expect(await checkLedger(order.orderNumber)).toMatchObject({ ok: true, refunded: 0 });
});
