import { randomUUID } from 'node:crypto';
import { promoPartName, SALE_MESSAGES } from '#shared/sales';
import { orders } from '../../db/entities/order';
import { products } from '../../db/entities/product';
import { promos } from '../../db/entities/promo';
import { sales } from '../../db/entities/sale';
import { cartSales } from '../../domain/cart/sales';
import { catalogSales, withSale } from '../../domain/catalog/sales';
import { getProduct } from '../../domain/catalog/products';
import { checkLedger } from '../../domain/money/ledger';
import { invoke, signInNewUser, useFreshTable } from '#tests/helpers';
import {
  address,
  adminRefund,
  createCandle,
  guestIntent,
  intentStatus,
  orderNumberOf,
  orderOf,
  pay,
  recordGuest,
} from '#tests/checkout';
import { handler as createSale } from '../admin/create-sale';
import { handler as deleteSale } from '../admin/delete-sale';
import { handler as listSales } from '../admin/list-sales';
import { handler as updateSale } from '../admin/update-sale';
import { handler as cartSalesHandler } from '../cart/cart-sales';
import { handler as checkPromo } from './check-promo-code';
import { handler as walletQuote } from './wallet-quote';
import { shopLocal } from '#shared/drops';

/**
 * Sales without a code (issue 54, docs/decisions/0178-0180) against DynamoDB Local through the real checkout: the
 * owner's routes; each kind priced the same by the card step, a wallet's sheet and the promo check, alone and with a
 * promo code by the rules of combination; a refund in parts of a discounted order right to the cent on the ledger;
 * a limited sale taken by 20 checkouts at once given exactly its limit; a sale's start and end at their edges.
 */
let admin: string;
const candles = (quantity: number) => [{ id: 'candle', size: 'CANDLE' as const, quantity }];
const hour = 3_600_000;

/** A shop-time wall clock ("2026-12-04T12:00") some hours from now, for the owner's form. */
function shopClock(offsetHours: number): string {
  return shopLocal(Date.now() + offsetHours * hour);
}

const post = (body: Record<string, unknown>) =>
  invoke(createSale, { method: 'POST', path: '/api/admin/sales', routePath: '/api/admin/sales', token: admin, body });
const put = (saleId: string, body: Record<string, unknown>) =>
  invoke(updateSale, {
    method: 'PUT',
    path: `/api/admin/sales/${saleId}`,
    routePath: '/api/admin/sales/{saleId}',
    params: { saleId },
    token: admin,
    body,
  });
const remove = (saleId: string) =>
  invoke(deleteSale, {
    method: 'DELETE',
    path: `/api/admin/sales/${saleId}`,
    routePath: '/api/admin/sales/{saleId}',
    params: { saleId },
    token: admin,
  });
const list = () =>
  invoke(listSales, { method: 'GET', path: '/api/admin/sales', routePath: '/api/admin/sales', token: admin });

/** A sale on now (from an hour ago to a day from now), made through the owner's route. */
async function saleOnNow(body: Record<string, unknown>) {
  const made = await post({ startsAt: shopClock(-1), endsAt: shopClock(24), ...body });
  expect(made.status).toBe(201);
  return made.body as { saleId: string; name: string };
}

const card = (cart: unknown[], promoCode?: string, email = 'ada@example.com') =>
  guestIntent({ cart, ...(promoCode ? { promoCode } : {}), shippingAddress: { ...address, email } });
const wallet = (cart: unknown[], promoCode?: string) =>
  invoke(walletQuote, {
    method: 'POST',
    path: '/api/checkout/wallet-quote',
    body: {
      cart,
      ...(promoCode ? { promoCode } : {}),
      shipTo: { city: address.city, state: 'IL', zip: address.zip, country: 'US' },
    },
  });
const check = (code: string, cart: unknown[]) =>
  invoke(checkPromo, { method: 'POST', path: '/api/promo-codes/check', body: { code, cart } });

/** The three doors price the cart alike: the card step's and the sheet's amounts, and the check's code and parts. */
async function priceEverywhere(cart: unknown[], promoCode?: string) {
  const [intent, sheet] = [await card(cart, promoCode), await wallet(cart, promoCode)];
  expect(intent.status).toBe(200);
  expect(sheet.status).toBe(200);
  expect(sheet.body.amounts).toEqual(intent.body.amounts);
  const amounts = intent.body.amounts as {
    subtotal: number;
    discount: number;
    discounts?: { name: string; amount: number }[];
    shipping: number;
    tax: number;
    total: number;
  };
  // Before tax, never below zero, and the breakdown adds up to the discount.
  expect(amounts.total).toBe(amounts.subtotal - amounts.discount + amounts.shipping + amounts.tax);
  // The breakdown (when a sale is given: a code alone keeps its one figure) adds up to the discount.
  if (amounts.discounts) expect(amounts.discounts.reduce((sum, part) => sum + part.amount, 0)).toBe(amounts.discount);
  if (promoCode) {
    const checked = await check(promoCode, cart);
    expect(checked.status).toBe(200);
    expect(checked.body.discounts).toEqual(amounts.discounts);
    expect(checked.body.discount).toBe(
      amounts.discounts?.find((part) => part.name === promoPartName(promoCode))?.amount ?? amounts.discount,
    );
  }
  return amounts;
}

beforeAll(async () => {
  await useFreshTable();
  admin = (await signInNewUser({ admin: true })).token;
  await createCandle(500);
  await products.create({
    id: 'rug',
    name: 'Rug',
    image: '/i/w.svg',
    description: 'd',
    price: 1000,
    tag: 'rugs',
    stock: { CANDLE: 500 },
  });
});
// Sales are the whole shop's: each test starts with none.
afterEach(async () => {
  for (const sale of await sales.query('all', {})) await sales.delete({ saleId: sale.saleId });
});

describe('the owner: GET, POST /api/admin/sales; PUT, DELETE /api/admin/sales/{saleId}', () => {
  it('makes each kind in the shop’s time zone, lists it with its state, changes it, deletes an unused one', async () => {
    const trio = await post({
      name: 'Candle trio',
      kind: 'buy_get',
      startsAt: '2026-12-04T12:00',
      endsAt: '2026-12-08T00:00',
      category: 'candles',
      buy: 2,
      get: 1,
      percentOff: 100,
      maxUses: 50,
    });
    expect(trio.status).toBe(201);
    expect(trio.body).toMatchObject({
      name: 'Candle trio',
      kind: 'buy_get',
      // Noon in New York in December is 17:00 UTC.
      startsAt: '2026-12-04T17:00:00.000Z',
      startsLocal: '2026-12-04T12:00',
      endsLocal: '2026-12-08T00:00',
      description: 'Buy 2, the third is free',
      uses: 0,
      maxUses: 50,
      active: true,
    });
    const wraps = await post({
      name: 'Rug weekend',
      kind: 'off_items',
      startsAt: '2026-12-04T00:00',
      endsAt: '2026-12-08T00:00',
      category: 'rugs',
      percentOff: 25,
    });
    expect(wraps.body.description).toBe('25% off');
    const order = await post({
      name: 'Ten off fifty',
      kind: 'off_order',
      startsAt: '2026-12-04T00:00',
      endsAt: '2026-12-08T00:00',
      amountOff: 1000,
      minSubtotal: 5000,
    });
    expect(order.body.description).toBe('$10.00 off orders of $50.00 or more');
    const listed = await list();
    expect(listed.status).toBe(200);
    expect(listed.body.sales.map((sale: { name: string }) => sale.name).sort()).toEqual([
      'Candle trio',
      'Rug weekend',
      'Ten off fifty',
    ]);
    const changed = await put(wraps.body.saleId, {
      name: 'Rug weekend',
      kind: 'off_items',
      startsAt: '2026-12-04T00:00',
      endsAt: '2026-12-09T00:00',
      category: 'rugs',
      amountOff: 300,
      version: wraps.body.version,
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      amountOff: 300,
      endsLocal: '2026-12-09T00:00',
      description: '$3.00 off each',
    });
    expect(changed.body.percentOff).toBeUndefined();
    const stale = await put(wraps.body.saleId, {
      name: 'Wrap weekend',
      kind: 'off_items',
      startsAt: '2026-12-04T00:00',
      endsAt: '2026-12-10T00:00',
      category: 'rugs',
      percentOff: 10,
      version: wraps.body.version,
    });
    expect(stale.status).toBe(409);
    expect((await remove(order.body.saleId)).status).toBe(200);
    expect((await remove(order.body.saleId)).status).toBe(404);
  });

  it('answers 400 with a plain message per field and stores nothing', async () => {
    const bad = await post({
      name: 'Broken',
      kind: 'buy_get',
      startsAt: '2026-12-08T00:00',
      endsAt: '2026-12-04T00:00',
      percentOff: 150,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({
      percentOff: 'A percent is a whole number from 1 to 100.',
    });
    const noWindow = await post({ name: 'No window', kind: 'off_order', startsAt: 'friday', endsAt: '', amountOff: 5 });
    expect(noWindow.status).toBe(400);
    expect(noWindow.body.error.fields.startsAt).toBe('Give a date and time, 2026-12-04T12:00 (the shop’s time zone).');
    expect(await sales.query('all', {})).toEqual([]);
  });
});

describe('each kind priced alike by the card step, a wallet’s sheet and the promo check', () => {
  it('buy 2, the third free: alone, and with a percent code (a product sale combines with any code)', async () => {
    await saleOnNow({ name: 'Candle trio', kind: 'buy_get', category: 'candles', buy: 2, get: 1, percentOff: 100 });
    const alone = await priceEverywhere(candles(3));
    expect(alone).toMatchObject({ subtotal: 5400, discount: 1800, discounts: [{ name: 'Candle trio', amount: 1800 }] });
    // Two candles: nothing yet, and the cart says what is nearly reached.
    expect((await priceEverywhere(candles(2))).discount).toBe(0);
    const nearly = await invoke(cartSalesHandler, {
      method: 'POST',
      path: '/api/cart/sales',
      body: { cart: candles(2) },
    });
    expect(nearly.body).toMatchObject({ discounts: [], nearly: ['Add one more candle: the third is free'] });
    await promos.create({ code: 'TRIO10', kind: 'percent', value: 10 });
    const both = await priceEverywhere(candles(3), 'TRIO10');
    // The code's 10% is of what is left after the sale: (5400 - 1800) x 10% = 360.
    expect(both.discounts).toEqual([
      { name: 'Candle trio', amount: 1800 },
      { name: 'Promo code TRIO10', amount: 360 },
    ]);
  }, 60_000);

  it('a percent off a category, an amount off a list: one product discount per line, the best for the shopper', async () => {
    await saleOnNow({ name: 'Rug weekend', kind: 'off_items', category: 'rugs', percentOff: 25 });
    await saleOnNow({ name: 'Rug dollars', kind: 'off_items', products: ['rug'], amountOff: 300 });
    const cart = [...candles(1), { id: 'rug', size: 'CANDLE', quantity: 2 }];
    const priced = await priceEverywhere(cart);
    // $3.00 off each of two ($6.00) beats 25% of $20.00 ($5.00); the candle has no sale.
    expect(priced.discounts).toEqual([{ name: 'Rug dollars', amount: 600 }]);
    await promos.create({ code: 'FIVEOFF', kind: 'amount', value: 500 });
    expect((await priceEverywhere(cart, 'FIVEOFF')).discounts).toEqual([
      { name: 'Rug dollars', amount: 600 },
      { name: 'Promo code FIVEOFF', amount: 500 },
    ]);
    // The product page shows the best sale price, and its end.
    const shown = withSale(await getProduct('rug'), await catalogSales());
    expect(shown.sale).toMatchObject({ name: 'Rug dollars', price: 700, was: 1000 });
  }, 60_000);

  it('an amount off the order: a code combines only when marked; the better one is kept; free shipping always', async () => {
    await saleOnNow({ name: 'Ten off thirty', kind: 'off_order', amountOff: 1000, minSubtotal: 3000 });
    const alone = await priceEverywhere(candles(2));
    expect(alone.discounts).toEqual([{ name: 'Ten off thirty', amount: 1000 }]);
    // Below the subtotal: nothing, and the cart says how much more.
    const nearly = await cartSales(candles(1));
    expect(nearly.nearly).toEqual(['Add $12.00 more to take $10.00 off your order']);
    // A code that takes less and does not combine: refused, with one plain message, at every door.
    await promos.create({ code: 'SMALL10', kind: 'percent', value: 10 });
    const refusal = { code: 'promo_sale_better', message: SALE_MESSAGES.saleBetter('Ten off thirty') };
    expect((await check('SMALL10', candles(2))).body.error).toEqual(refusal);
    expect((await card(candles(2), 'SMALL10')).body.error).toEqual(refusal);
    expect((await wallet(candles(2), 'SMALL10')).body.error).toEqual(refusal);
    // A code that takes more and does not combine: the code alone.
    await promos.create({ code: 'BIG50', kind: 'percent', value: 50 });
    const big = await priceEverywhere(candles(2), 'BIG50');
    expect(big.discount).toBe(1800);
    expect(big.discounts).toBeUndefined();
    // Marked "combines with sales": both, the code on what is left after the sale.
    await promos.create({ code: 'WITH10', kind: 'percent', value: 10, combinesWithSales: true });
    expect((await priceEverywhere(candles(2), 'WITH10')).discounts).toEqual([
      { name: 'Ten off thirty', amount: 1000 },
      { name: 'Promo code WITH10', amount: 260 },
    ]);
    // A free-shipping code combines with any sale.
    await promos.create({ code: 'SHIPFREE', kind: 'shipping', value: 0 });
    const shipFree = await priceEverywhere(candles(2), 'SHIPFREE');
    expect(shipFree.discounts).toEqual([
      { name: 'Ten off thirty', amount: 1000 },
      { name: 'Promo code SHIPFREE', amount: shipFree.shipping },
    ]);
    // Tax is on the goods after the sale and on no shipping: 6.25% of $26.00 in Illinois.
    expect(shipFree.tax).toBe(Math.round(2600 * 0.0625));
  }, 60_000);
});

/** A guest's order of `cart` paid and captured through the real checkout. */
async function paidOrder(cart: unknown[], promoCode?: string) {
  const intent = await card(cart, promoCode, `buyer-${randomUUID().slice(0, 8)}@example.com`);
  expect(intent.status).toBe(200);
  await pay(intent.body.clientSecret);
  expect((await recordGuest(intent.body.paymentIntentId, intent.body.checkoutSecret)).status).toBeLessThan(300);
  const orderNumber = await orderNumberOf(intent.body.paymentIntentId);
  return (await orders.get({ orderNumber }, { consistent: true }))!;
}

describe('the ledger shares each discount over the lines', () => {
  it('a refund in parts of an order with a sale and a code comes to the captured amount to the cent', async () => {
    await saleOnNow({ name: 'Candle trio', kind: 'buy_get', category: 'candles', buy: 2, get: 1, percentOff: 100 });
    await promos.create({ code: 'PARTS7', kind: 'percent', value: 7 });
    const order = await paidOrder([...candles(3), { id: 'rug', size: 'CANDLE', quantity: 1 }], 'PARTS7');
    expect(order.sales).toEqual([{ saleId: expect.any(String), name: 'Candle trio', amount: 1800 }]);
    const shares = order.lines.map((line) => line.shares!);
    // The candle line carries its own sale whole, and the lines' shares add up to the discount.
    expect(shares.reduce((sum, share) => sum + share.discount, 0)).toBe(order.amounts.discount);
    expect(shares[order.lines.findIndex((line) => line.id === 'candle')].discount).toBeGreaterThanOrEqual(1800);
    const refund = (body: Record<string, unknown>) =>
      adminRefund(admin, order.orderNumber, { refundId: randomUUID(), reason: 'damaged', ...body });
    for (const body of [
      { lines: [{ id: 'candle', size: 'CANDLE', quantity: 1 }] },
      { lines: [{ id: 'rug', size: 'CANDLE', quantity: 1 }] },
      { lines: [{ id: 'candle', size: 'CANDLE', quantity: 2 }] },
      { shipping: true },
    ])
      expect((await refund(body)).status).toBe(200);
    const captured = order.amounts.total;
    expect(await checkLedger(order.orderNumber)).toMatchObject({ ok: true, captured, refunded: captured });
  }, 60_000);

  it('a sale beside a free-shipping code: items and shipping refunded apart, to the cent', async () => {
    await saleOnNow({ name: 'Rug weekend', kind: 'off_items', category: 'rugs', percentOff: 25 });
    await promos.create({ code: 'FREESHIP2', kind: 'shipping', value: 0 });
    const order = await paidOrder([...candles(1), { id: 'rug', size: 'CANDLE', quantity: 3 }], 'FREESHIP2');
    expect(order.amounts.discounts).toEqual([
      { name: 'Rug weekend', amount: 750 },
      { name: 'Promo code FREESHIP2', amount: order.amounts.shipping },
    ]);
    const refunded = await adminRefund(admin, order.orderNumber, {
      refundId: randomUUID(),
      reason: 'damaged',
      lines: [{ id: 'rug', size: 'CANDLE', quantity: 3 }],
    });
    expect(refunded.status).toBe(200);
    // Three rugs at $10.00 less their sale ($7.50), with their tax on the goods (none of the free shipping's).
    const rug = order.lines.find((line) => line.id === 'rug')!.shares!;
    expect(rug.discount - rug.shipping).toBe(750);
    expect(refunded.body.order.money.refunds[0].total).toBe(2250 + rug.tax - rug.shippingTax);
    const rest = await adminRefund(admin, order.orderNumber, {
      refundId: randomUUID(),
      reason: 'damaged',
      lines: [{ id: 'candle', size: 'CANDLE', quantity: 1 }],
    });
    expect(rest.status).toBe(200);
    expect(await checkLedger(order.orderNumber)).toMatchObject({
      ok: true,
      captured: order.amounts.total,
      refunded: order.amounts.total,
    });
  }, 60_000);
});

describe('a limited sale', () => {
  it('20 checkouts at once against a limit of 5: exactly 5 get it; 15 are cancelled uncharged and told, and priced without it again', async () => {
    const sale = await saleOnNow({
      name: 'First five',
      kind: 'off_items',
      products: ['candle'],
      percentOff: 50,
      maxUses: 5,
    });
    const paid = [];
    for (let i = 0; i < 20; i++) {
      const intent = await card(candles(1), undefined, `rush${i}@example.com`);
      expect(intent.status).toBe(200);
      expect(intent.body.amounts.discounts).toEqual([{ name: 'First five', amount: 900 }]);
      await pay(intent.body.clientSecret);
      paid.push(intent.body as { paymentIntentId: string });
    }
    const results = await Promise.all(paid.map((intent) => recordGuest(intent.paymentIntentId)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    expect(results.filter((r) => r.status !== 201).map((r) => r.body.error)).toEqual(
      Array(15).fill({ code: 'sale_used_up', message: SALE_MESSAGES.usedUpWhilePaying('First five') }),
    );
    expect((await sales.get({ saleId: sale.saleId }, { consistent: true }))?.uses).toBe(5);
    const made = (await Promise.all(paid.map((intent) => orderOf(intent.paymentIntentId)))).filter(Boolean);
    expect(made).toHaveLength(5);
    expect(made.every((order) => order!.amounts.discount === 900 && order!.paymentStatus === 'captured')).toBe(true);
    const statuses = await Promise.all(paid.map((intent) => intentStatus(intent.paymentIntentId)));
    expect(statuses.filter((status) => status === 'canceled')).toHaveLength(15);
    // Checking out again: the sale is used up, so the order is priced without it.
    const again = await card(candles(1), undefined, 'rush0@example.com');
    expect(again.body.amounts.discount).toBe(0);
  }, 180_000);
});

describe('a sale’s start and end, by the clock passed', () => {
  it('changes the price exactly at its edges, and no catalogue answer is cached past an edge', async () => {
    const startsAt = new Date(Date.now() + 2 * hour);
    startsAt.setUTCSeconds(0, 0);
    const endsAt = new Date(startsAt.getTime() + 3 * hour);
    await sales.create({
      saleId: 'edges',
      name: 'Edges',
      kind: 'off_items',
      startsAt: startsAt.toISOString(),
      endsAt: endsAt.toISOString(),
      products: ['candle'],
      percentOff: 10,
      active: true,
      uses: 0,
    });
    const at = (ms: number) => new Date(ms);
    const off = async (now: Date) => (await cartSales(candles(1), now)).total;
    expect(await off(at(startsAt.getTime() - 1))).toBe(0);
    expect(await off(startsAt)).toBe(180);
    expect(await off(at(endsAt.getTime() - 1))).toBe(180);
    expect(await off(endsAt)).toBe(0);
    // The product's page: the sale price only inside the window.
    const product = await getProduct('candle');
    expect(withSale(product, await catalogSales(at(startsAt.getTime() - 1))).sale).toBeUndefined();
    expect(withSale(product, await catalogSales(startsAt)).sale).toMatchObject({ price: 1620, was: 1800 });
    // Ten seconds before the start, CloudFront may keep an answer ten seconds only.
    expect((await catalogSales(at(startsAt.getTime() - 10_000))).cacheControl).toBe('public, max-age=0, s-maxage=10');
    expect((await catalogSales(at(startsAt.getTime() - hour))).cacheControl).toBe('public, max-age=0, s-maxage=30');
  });
});
