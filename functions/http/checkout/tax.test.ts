import { TAX_CODES } from '#shared/tax-codes';
import { checkouts } from '../../db/entities/checkout';
import { orders, type OrderRecord } from '../../db/entities/order';
import { products } from '../../db/entities/product';
import { stockItems } from '../../db/entities/stock-item';
import { settleCheckouts } from '../../domain/checkout/settle';
import { taxReference } from '../../domain/money/tax/transaction';
import { address, createCandle, guestIntent, orderOf, pay, recordGuest } from '#tests/checkout';
import { invoke, signInNewUser, useFreshTable } from '#tests/helpers';
import { startStripeStandIn, type StripeStandIn } from '#tests/stripe-stand-in';
import { handler as cancelOrder } from '../admin/cancel-order';
import { handler as createPromoCode } from '../admin/create-promo-code';
import { handler as getOrder } from '../admin/get-order';

/**
 * Tax by the shipping address behind one tax rule (issue 35 items 1, 2 and 5; docs/decisions/0106 to 0108), against
 * DynamoDB Local: the card step prices each line by its tax code, the order keeps each line's shares and tax and who
 * computed it, and the owner's order page shows both. With the test card processor the shop's table computes the tax;
 * with Stripe (the Stripe API stand-in) and the stage's Stripe Tax turned on, Stripe Tax does, and its transaction is
 * recorded at the capture and reversed in whole on a cancel.
 */
let admin: string;
const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);

beforeAll(async () => {
  await useFreshTable();
  admin = (await signInNewUser({ admin: true })).token;
  await stockItems.create({ id: 'HOODIES', stock: { S: 50, M: 50, L: 50, XL: 50, '2XL': 50 } });
  for (const [id, price] of [
    ['hoodie', 4500],
    ['hoodie-110', 11000],
    ['hoodie-200', 20000],
  ] as const)
    await products.create({
      id,
      name: `Hoodie ${price / 100}`,
      image: '/i/h.svg',
      description: 'd',
      price,
      tag: 'hoodies',
      stockRef: 'HOODIES',
    });
  await createCandle(100);
  await products.create({
    id: 'cup',
    name: 'Cup',
    image: '/i/t.svg',
    description: 'd',
    price: 1999,
    tag: 'tumblers',
    stock: { '16oz': 50, '20oz': 50, '24oz': 50 },
  });
});

const hoodie = (id = 'hoodie', quantity = 1) => ({ id, size: 'M', quantity });
const candle = (quantity = 1) => ({ id: 'candle', size: 'CANDLE', quantity });
const shipTo = (state: string, zip: string) => ({ ...address, state, zip });
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const adminView = async (orderNumber: string) =>
  (
    await invoke(getOrder, {
      method: 'GET',
      path: `/api/admin/orders/${orderNumber}`,
      params: { orderNumber },
      token: admin,
    })
  ).body.order;

/** What the shopper sees at the card step, and the order as the table keeps it after paying (test card processor). */
async function buy(cart: unknown[], shippingAddress: Record<string, string>, promoCode?: string) {
  const intent = await guestIntent({ cart, shippingAddress, ...(promoCode ? { promoCode } : {}) });
  expect(intent.status).toBe(200);
  expect((await pay(intent.body.clientSecret)).status).toBe(200);
  expect((await recordGuest(intent.body.paymentIntentId, intent.body.checkoutSecret)).status).toBe(201);
  const order = (await orderOf(intent.body.paymentIntentId))!;
  return { shown: intent.body.amounts as OrderRecord['amounts'], order };
}

/** Each line's shares add up to the order's amounts, to the cent. */
function expectSharesSumUp(order: OrderRecord) {
  const shares = order.lines.map((line) => line.shares!);
  expect({
    discount: sum(shares.map((s) => s.discount)),
    shipping: sum(shares.map((s) => s.shipping)),
    tax: sum(shares.map((s) => s.tax)),
  }).toEqual({ discount: order.amounts.discount, shipping: order.amounts.shipping, tax: order.amounts.tax });
}

describe("the shop's table (the test card processor: no Stripe Tax)", () => {
  it('a hoodie to New York under $110 pays no state tax, nor does its shipping; at $110 the spec figure', async () => {
    const under = await buy([hoodie()], shipTo('New York', '10001'));
    expect(under.shown).toEqual({ subtotal: 4500, discount: 0, shipping: 599, tax: 0, total: 5099 });
    expect(under.order).toMatchObject({ amounts: under.shown, taxProvider: 'table' });
    expect(under.order.taxFallback).toBeUndefined();
    expect(under.order.lines[0]).toMatchObject({
      taxCode: TAX_CODES.clothing,
      shares: { discount: 0, shipping: 599, tax: 0, shippingTax: 0 },
    });

    // round((11000 + 599) x 0.04) = 464, as the spec computes it.
    const over = await buy([hoodie('hoodie-110')], shipTo('NY', '10001'));
    expect(over.shown).toMatchObject({ tax: 464, total: 12063 });
    expect(over.order.lines[0].shares).toEqual({ discount: 0, shipping: 599, tax: 464, shippingTax: 24 });
  });

  it('Pennsylvania: the hoodie is exempt; the candle beside it pays tax on itself and its share of the shipping', async () => {
    const { shown, order } = await buy([hoodie(), candle()], shipTo('PA', '15213'));
    // Shipping 599 over 4500 and 1800: 428 and 171; the candle: round((1800 + 171) x 0.06) = 118.
    expect(shown).toEqual({ subtotal: 6300, discount: 0, shipping: 599, tax: 118, total: 7017 });
    expect(order.lines.map((line) => [line.id, line.taxCode, line.shares])).toEqual([
      ['hoodie', TAX_CODES.clothing, { discount: 0, shipping: 428, tax: 0, shippingTax: 0 }],
      ['candle', TAX_CODES.general, { discount: 0, shipping: 171, tax: 118, shippingTax: 10 }],
    ]);
  });

  it('Oregon: no sales tax', async () => {
    const { shown, order } = await buy([hoodie(), candle(2)], shipTo('Oregon', '97201'));
    expect(shown).toMatchObject({ tax: 0, total: 4500 + 3600 + 599 });
    expectSharesSumUp(order);
  });

  it('Massachusetts: only the part of a hoodie over $175 is taxed, and shipping and handling is not', async () => {
    // round(2500 x 0.0625) = 156.25 -> 156.
    expect((await buy([hoodie('hoodie-200')], shipTo('MA', '02108'))).shown).toMatchObject({ tax: 156 });
    expect((await buy([hoodie('hoodie-110')], shipTo('MA', '02108'))).shown).toMatchObject({ tax: 0 });
  });

  it('shipping taxed or not: a candle to Illinois pays on its shipping, one to Iowa does not', async () => {
    // round((1800 + 599) x 0.0625) = 149.94 -> 150; round(1800 x 0.06) = 108.
    const illinois = await buy([candle()], shipTo('IL', '62701'));
    expect(illinois.shown.tax).toBe(150);
    expect(illinois.order.lines[0].shares).toMatchObject({ tax: 150, shippingTax: 37 });
    const iowa = await buy([candle()], shipTo('Iowa', '50309'));
    expect(iowa.shown.tax).toBe(108);
    expect(iowa.order.lines[0].shares).toMatchObject({ tax: 108, shippingTax: 0 });
  });

  it('an odd split with a promo code: every share sums to the order amounts to the cent', async () => {
    const created = await invoke(createPromoCode, {
      method: 'POST',
      path: '/api/admin/promo-codes',
      token: admin,
      body: { code: 'THIRD', kind: 'percent', value: 33, active: true },
    });
    expect(created.status).toBe(201);
    const { shown, order } = await buy(
      [candle(3), { id: 'cup', size: '16oz', quantity: 1 }, hoodie()],
      shipTo('Texas', '73301'),
      'third',
    );
    // 33% of 5400 + 1999 + 4500 = 11899 is 3927 (rounded); tax round((11899 - 3927 + 599) x 0.0625) = 536.
    expect(shown).toEqual({ subtotal: 11899, discount: 3927, shipping: 599, tax: 536, total: 9107 });
    expect(order.lines.map((line) => line.shares!.discount)).toEqual([1782, 660, 1485]);
    expectSharesSumUp(order);
  });

  it("the owner's order page: the provider and each line's tax", async () => {
    const { order } = await buy([hoodie(), candle()], shipTo('PA', '15213'));
    expect((await adminView(order.orderNumber)).tax).toEqual({
      provider: 'table',
      fallback: null,
      stripeTax: null,
      lines: [
        { discount: 0, shipping: 428, tax: 0, shippingTax: 0 },
        { discount: 0, shipping: 171, tax: 118, shippingTax: 10 },
      ],
    });
  });
});

describe('Stripe Tax, turned on for the stage (Stripe through the stand-in)', () => {
  let api: StripeStandIn;
  const names = ['STRIPE_SECRET_KEY', 'STRIPE_API_BASE', 'STRIPE_TAX'] as const;
  beforeAll(async () => {
    api = await startStripeStandIn();
    process.env.STRIPE_SECRET_KEY = 'sk_test_tax';
    process.env.STRIPE_API_BASE = api.base;
    process.env.STRIPE_TAX = 'on';
    // Manhattan: 8.875% on everything but clothing under $110 (the stand-in knows only rates per tax code).
    api.taxRates.set('10001', { state: 'NY', rate: 0.08875, codes: { [TAX_CODES.clothing]: 0 } });
  });
  afterAll(async () => {
    for (const name of names) delete process.env[name];
    await api.stop();
  });

  /** A guest's checkout authorized on the stand-in and recorded by the browser's call. */
  async function paid(cart: unknown[], zip = '10001') {
    const intent = await guestIntent({ cart, shippingAddress: shipTo('NY', zip) });
    expect(intent.status).toBe(200);
    const intentId = intent.body.paymentIntentId as string;
    api.authorize(intentId);
    expect((await recordGuest(intentId, intent.body.checkoutSecret)).status).toBe(201);
    return {
      shown: intent.body.amounts as OrderRecord['amounts'],
      order: (await orderOf(intentId))!,
      intentId,
      checkoutId: intent.body.checkoutId as string,
    };
  }
  /** The sale's transactions: referenced by the order number and the card's intent (unique in the Stripe account). */
  const transactionsOf = (order: OrderRecord) =>
    [...api.taxTransactions.values()].filter((t) => t.transaction.reference === taxReference(order));

  it('prices by the address, and records the sale as a Stripe Tax transaction at the capture, once', async () => {
    const { shown, order, intentId } = await paid([hoodie(), candle(2)]);
    // Candles 3600 x 8.875% = 320 (319.5); shipping 599 x 8.875% = 53; the hoodie: 0.
    expect(shown).toEqual({ subtotal: 8100, discount: 0, shipping: 599, tax: 373, total: 9072 });
    expect(api.intents.get(intentId)).toMatchObject({ status: 'succeeded', amount_received: 9072 });
    expect(taxReference(order)).toBe(`${order.orderNumber}-${intentId}`);
    expect(order).toMatchObject({
      taxProvider: 'stripe_tax',
      paymentStatus: 'captured',
      stripeTax: { calculationId: expect.stringMatching(/^taxcalc_/) },
      stripeTaxTransaction: { id: expect.stringMatching(/^tax_/) },
    });
    expect(order.lines.map((line) => line.shares)).toEqual([
      { discount: 0, shipping: 333, tax: 0, shippingTax: 0 },
      { discount: 0, shipping: 266, tax: 373, shippingTax: 53 },
    ]);
    const [recorded] = transactionsOf(order);
    expect(recorded.transaction.id).toBe(order.stripeTaxTransaction!.id);
    expect(order.stripeTaxTransaction!.lineItems).toEqual({
      'hoodie|M': expect.any(String),
      'candle|CANDLE': expect.any(String),
    });
    // The browser again, and the webhook: nothing more is recorded.
    expect((await recordGuest(intentId)).status).toBe(200);
    expect(transactionsOf(order)).toHaveLength(1);
    expect((await adminView(order.orderNumber)).tax).toMatchObject({
      provider: 'stripe_tax',
      fallback: null,
      stripeTax: { transactionId: recorded.transaction.id, reversalId: null, problem: null },
    });
  });

  it('Stripe Tax does not answer: the table prices the tax, and the order and its page say so', async () => {
    api.failNext('/v1/tax/calculations');
    const { shown, order } = await paid([hoodie(), candle(2)]);
    // The table: the candles and their share of the shipping at 4%: round((3600 + 266) x 0.04) = 155.
    expect(shown).toMatchObject({ tax: 155, total: 8854 });
    expect(order).toMatchObject({ taxProvider: 'table', taxFallback: expect.stringMatching(/unknown error/i) });
    expect(order.stripeTax).toBeUndefined();
    expect(transactionsOf(order)).toEqual([]);
    expect((await adminView(order.orderNumber)).tax).toMatchObject({
      provider: 'table',
      fallback: expect.stringMatching(/unknown error/i),
      stripeTax: null,
    });
  });

  it('a transaction Stripe refused for now is recorded by the settle job, with the next idempotency key', async () => {
    api.failNext('/v1/tax/transactions/create_from_calculation');
    const { order, checkoutId } = await paid([candle()]);
    expect(order).toMatchObject({
      paymentStatus: 'captured',
      mailStatus: 'sent',
      stripeTax: { transactionAttempts: 1, transactionError: expect.any(String) },
    });
    expect(order.stripeTaxTransaction).toBeUndefined();
    expect((await adminView(order.orderNumber)).tax.stripeTax).toMatchObject({
      transactionId: null,
      problem: expect.any(String),
    });
    // The checkout stays taken until the sale is recorded; the job comes back to it.
    expect((await checkouts.get({ checkoutId }, { consistent: true }))!.state).toBe('taken');
    await settleCheckouts(later(30));
    const after = (await orders.get({ orderNumber: order.orderNumber }, { consistent: true }))!;
    expect(after.stripeTaxTransaction?.id).toBe(transactionsOf(order)[0].transaction.id);
    expect(
      api.calls
        .filter((call) => call.path.endsWith('/create_from_calculation') && call.form.reference === taxReference(order))
        .map((call) => call.idempotencyKey),
    ).toEqual([`tax-transaction-${taxReference(order)}-0`, `tax-transaction-${taxReference(order)}-1`]);
    expect((await checkouts.get({ checkoutId }, { consistent: true }))!.state).toBe('captured');
  });

  it('a cancelled order: the payment refunded, then the sale reversed in whole, once', async () => {
    const { order, intentId } = await paid([hoodie(), candle()]);
    const cancel = () =>
      invoke(cancelOrder, {
        method: 'POST',
        path: `/api/admin/orders/${order.orderNumber}/cancel`,
        params: { orderNumber: order.orderNumber },
        token: admin,
      });
    expect((await cancel()).status).toBe(200);
    expect(api.refunds.filter((refund) => refund.payment_intent === intentId)).toHaveLength(1);
    const cancelled = (await orders.get({ orderNumber: order.orderNumber }, { consistent: true }))!;
    const reversals = [...api.taxTransactions.values()].filter(
      (t) => t.transaction.reversal?.original_transaction === order.stripeTaxTransaction!.id,
    );
    expect(reversals).toHaveLength(1);
    expect(reversals[0].transaction).toMatchObject({ type: 'reversal', reference: `${taxReference(order)}-cancel` });
    // Everything recorded comes off: the candle (1800, tax 160) and all the shipping (599, tax 53).
    expect(reversals[0].lineItems.map((item) => [item.reference, item.amount, item.amount_tax])).toEqual([
      ['hoodie|M', -4500, 0],
      ['candle|CANDLE', -1800, -160],
    ]);
    expect(reversals[0].transaction.shipping_cost).toMatchObject({ amount: -599, amount_tax: -53 });
    expect(cancelled.stripeTaxReversal?.id).toBe(reversals[0].transaction.id);
    // Pressed again: nothing more.
    expect((await cancel()).status).toBe(200);
    expect([...api.taxTransactions.values()].filter((t) => t.transaction.reversal?.original_transaction)).toHaveLength(
      1,
    );
    expect((await adminView(order.orderNumber)).tax.stripeTax).toMatchObject({
      reversalId: reversals[0].transaction.id,
      problem: null,
    });
  });
});
