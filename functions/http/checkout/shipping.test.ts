import { randomUUID } from 'node:crypto';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../db/client';
import { SHIPPING_WORDS } from '#shared/shipping';
import { checkouts } from '../../db/entities/checkout';
import { products } from '../../db/entities/product';
import { checkLedger } from '../../domain/money/ledger';
import { startShippingStandIn, type ShippingStandIn } from '../../local/shipping-stand-in';
import { adminRefund, guestIntent, orderOf, pay, recordGuest } from '#tests/checkout';
import { invoke, signInNewUser, useFreshTable } from '#tests/helpers';
import { handler as getOrder } from '../admin/get-order';
import { handler as getSettings } from './get-shipping-settings';
import { handler as saveSettings } from './save-shipping-settings';
import { handler as shippingRates } from './shipping-rates';
import { handler as walletQuote } from './wallet-quote';

/**
 * Rates by weight and place (issue 53 item 2, docs/decisions/0161), against DynamoDB Local and the shipping
 * provider's stand-in, which EasyPost's own client talks to: a candle and a rug priced to a near and a far zone with
 * each kind of rate, free shipping over the owner's amount, the card step pricing the chosen rate again from its id
 * (a made-up or another cart's id refused, nothing stored), the rate on the order and its ledger, and the flat rate
 * when the provider does not answer in time.
 */
let provider: ShippingStandIn;
let admin: string;
const SHOP = { name: 'Seasonal Shop', street1: '100 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' };
const SETTINGS = {
  offerFlat: true,
  flatCents: 599,
  freeOverCents: 10_000,
  calculated: true,
  shipFrom: { ...SHOP, phone: '5125550100' },
};
/** Near: Austin to Austin (zone 1). Far: Anchorage (zone 9). */
const NEAR = {
  name: 'Ada Buyer',
  email: 'ada@example.com',
  line1: '2 Oak St',
  city: 'Austin',
  state: 'TX',
  zip: '78702',
};
const FAR = { ...NEAR, line1: '5 Spruce Rd', city: 'Anchorage', state: 'Alaska', zip: '99501' };
const candle = (quantity = 1) => ({ id: 'candle', size: 'CANDLE', quantity });
const rug = (quantity = 1) => ({ id: 'rug', size: 'CANDLE', quantity });

const ratesFor = (cart: unknown[], to: typeof NEAR) =>
  invoke(shippingRates, {
    method: 'POST',
    path: '/api/checkout/shipping-rates',
    body: { cart, shipTo: { name: to.name, line1: to.line1, city: to.city, state: to.state, zip: to.zip } },
  });
type Rate = { id: string; kind: string; label: string; amount: number; days?: number; service?: string };
const byLabel = (rates: Rate[]) => Object.fromEntries(rates.map((rate) => [rate.label, rate.amount]));
const calculated = async (cart: unknown[], to: typeof NEAR, service = 'GroundAdvantage') => {
  const answer = await ratesFor(cart, to);
  return (answer.body.rates as Rate[]).find((rate) => rate.service === service)!;
};
/** Every item the table holds: a refusal writes none. */
const itemCount = async () =>
  (await documentClient().send(new ScanCommand({ TableName: tableName(), Select: 'COUNT', ConsistentRead: true })))
    .Count;

beforeAll(async () => {
  await useFreshTable();
  provider = await startShippingStandIn();
  process.env.SHIPPING_API_KEY = provider.apiKey;
  process.env.SHIPPING_API_BASE = provider.baseUrl;
  // Generous on a busy machine; the timeout's own test sets it low.
  process.env.SHIPPING_TIMEOUT_MS = '10000';
  admin = (await signInNewUser({ admin: true })).token;
  await products.create({
    id: 'candle',
    name: 'Candle',
    image: '/i/c.svg',
    description: 'd',
    price: 1800,
    tag: 'candles',
    stock: { CANDLE: 50 },
    weightGrams: { CANDLE: 420 },
  });
  await products.create({
    id: 'rug',
    name: 'Tufted Rug 5x7',
    image: '/i/r.svg',
    description: 'd',
    price: 12_000,
    tag: 'rugs',
    stock: { CANDLE: 50 },
    weightGrams: { CANDLE: 9000 },
  });
});

afterAll(async () => {
  delete process.env.SHIPPING_API_KEY;
  delete process.env.SHIPPING_API_BASE;
  delete process.env.SHIPPING_TIMEOUT_MS;
  await provider.stop();
});

describe("the owner's shipping settings", () => {
  it('reads the flat rate alone until the owner sets more; refuses a bad amount; keeps what was set', async () => {
    const before = await invoke(getSettings, { method: 'GET', path: '/api/admin/shipping/settings', token: admin });
    expect(before.body).toEqual({
      offerFlat: true,
      flatCents: 599,
      freeOverCents: null,
      calculated: false,
      shipFrom: null,
    });
    // Only the flat rate is on offer, without asking the provider.
    const flatOnly = await ratesFor([candle()], NEAR);
    expect(flatOnly.body).toEqual({ rates: [{ id: 'flat', kind: 'flat', label: 'Shipping & handling', amount: 599 }] });
    expect(provider.calls).toEqual([]);

    const bad = await invoke(saveSettings, {
      method: 'PUT',
      path: '/api/admin/shipping/settings',
      token: admin,
      body: { ...SETTINGS, freeOverCents: -5 },
    });
    expect(bad.status).toBe(400);
    // Calculated rates with nowhere to ship from: refused beside the box, nothing kept.
    const nowhere = await invoke(saveSettings, {
      method: 'PUT',
      path: '/api/admin/shipping/settings',
      token: admin,
      body: { ...SETTINGS, calculated: true, shipFrom: null },
    });
    expect(nowhere.status).toBe(400);
    expect(nowhere.body.error.fields).toEqual({ calculated: SHIPPING_WORDS.needShipFrom });
    expect(
      (await invoke(getSettings, { method: 'GET', path: '/api/admin/shipping/settings', token: admin })).body,
    ).toEqual(before.body);
    const saved = await invoke(saveSettings, {
      method: 'PUT',
      path: '/api/admin/shipping/settings',
      token: admin,
      body: SETTINGS,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(SETTINGS);
  });
});

describe('the rates on offer: a candle and a rug, near and far', () => {
  it('prices a candle by its parcel (420 g in a small box: 21 oz) and zone; no free shipping under $100', async () => {
    const near = await ratesFor([candle()], NEAR);
    expect(near.status).toBe(200);
    // Cheapest first, then the flat rate; 450 + 12 x 21 x 1.15 = 740 near, 450 + 12 x 21 x 2.35 = 1042 far.
    expect(byLabel(near.body.rates)).toEqual({
      'USPS Ground Advantage': 740,
      'USPS Priority': 800 + Math.round(18 * 21 * 1.2),
      'USPS Express': 2800 + Math.round(40 * 21 * 1.2),
      'Shipping & handling': 599,
    });
    expect(near.body.rates.map((rate: Rate) => rate.kind)).toEqual(['calculated', 'calculated', 'calculated', 'flat']);
    expect(near.body.rates[0]).toMatchObject({ carrier: 'USPS', service: 'GroundAdvantage', days: 3 });
    const far = await ratesFor([candle()], FAR);
    expect(byLabel(far.body.rates)['USPS Ground Advantage']).toBe(1042);
    expect(far.body.rates[0].days).toBe(7);
    expect(far.body.rates.some((rate: Rate) => rate.kind === 'free')).toBe(false);
  });

  it('prices a rug alone in its roll (9.4 kg: 332 oz), far dearer than a candle; over $100 it ships free too', async () => {
    const near = await ratesFor([rug()], NEAR);
    expect(near.body.rates[0]).toEqual({ id: 'free', kind: 'free', label: 'Free shipping', amount: 0 });
    expect(byLabel(near.body.rates)['USPS Ground Advantage']).toBe(450 + Math.round(12 * 332 * 1.15));
    const far = await ratesFor([rug()], FAR);
    expect(byLabel(far.body.rates)['USPS Ground Advantage']).toBe(450 + Math.round(12 * 332 * 2.35));
    expect(byLabel(far.body.rates)['Free shipping']).toBe(0);
  });

  it('a candle and a rug make two parcels: each service priced as their sum, its id their two rate ids', async () => {
    const both = await ratesFor([candle(), rug()], FAR);
    const ground = (both.body.rates as Rate[]).find((rate) => rate.service === 'GroundAdvantage')!;
    expect(ground.amount).toBe(1042 + 450 + Math.round(12 * 332 * 2.35));
    expect(ground.id.split('+')).toHaveLength(2);
  });
});

describe('the card step prices the chosen rate again', () => {
  async function buy(cart: unknown[], to: typeof NEAR, shippingRateId?: string) {
    const intent = await guestIntent({ cart, shippingAddress: to, ...(shippingRateId ? { shippingRateId } : {}) });
    expect(intent.status).toBe(200);
    expect((await pay(intent.body.clientSecret)).status).toBe(200);
    expect((await recordGuest(intent.body.paymentIntentId, intent.body.checkoutSecret)).status).toBe(201);
    return { intent: intent.body, order: (await orderOf(intent.body.paymentIntentId))! };
  }

  it('a calculated rate: its price from the provider into the amounts, the tax (Texas taxes shipping), the order', async () => {
    const ground = await calculated([candle()], NEAR);
    const { intent, order } = await buy([candle()], NEAR, ground.id);
    // round((1800 + 740) x 0.0625) = 159.
    expect(intent.amounts).toEqual({ subtotal: 1800, discount: 0, shipping: 740, tax: 159, total: 2699 });
    expect(intent.shipping).toEqual({ rate: ground });
    expect(order.amounts).toEqual(intent.amounts);
    expect(order.shippingRate).toEqual(ground);
    expect(order.lines[0].shares).toMatchObject({ shipping: 740 });
    // The owner's order page names it.
    const page = await invoke(getOrder, {
      method: 'GET',
      path: `/api/admin/orders/${order.orderNumber}`,
      params: { orderNumber: order.orderNumber },
      token: admin,
    });
    expect(page.body.order.shippingRate).toEqual({ ...ground, fallback: null });
  });

  it('the flat rate (also when none is named) and free shipping over the amount; Alaska has no sales tax', async () => {
    const flat = await buy([candle()], NEAR);
    expect(flat.intent.amounts).toMatchObject({ shipping: 599, tax: Math.round((1800 + 599) * 0.0625) });
    expect(flat.order.shippingRate).toMatchObject({ id: 'flat', kind: 'flat', amount: 599 });
    const free = await buy([rug()], FAR, 'free');
    expect(free.intent.amounts).toEqual({ subtotal: 12_000, discount: 0, shipping: 0, tax: 0, total: 12_000 });
    expect(free.order.shippingRate).toMatchObject({ id: 'free', kind: 'free', amount: 0 });
  });

  it('two parcels far: the rug and the candle each carry their share of the one rate', async () => {
    const ground = await calculated([candle(), rug()], FAR);
    const { intent, order } = await buy([candle(), rug()], FAR, ground.id);
    expect(intent.amounts.shipping).toBe(ground.amount);
    expect(order.lines.reduce((sum, line) => sum + line.shares!.shipping, 0)).toBe(ground.amount);
  });

  it('refuses a made-up rate id, another cart’s or address’s, and free shipping under its amount; stores nothing', async () => {
    const before = await itemCount();
    const candleRate = await calculated([candle()], NEAR);
    const refusals = [
      { cart: [candle()], to: NEAR, id: 'rate_0123456789abcdef0123456789abcdef', why: SHIPPING_WORDS.unknownRate },
      { cart: [rug()], to: NEAR, id: candleRate.id, why: SHIPPING_WORDS.unknownRate },
      { cart: [candle()], to: FAR, id: candleRate.id, why: SHIPPING_WORDS.unknownRate },
      { cart: [candle(), rug()], to: NEAR, id: candleRate.id, why: SHIPPING_WORDS.unknownRate },
      { cart: [candle()], to: NEAR, id: 'free', why: 'Free shipping is for orders of $100.00 or more.' },
    ];
    for (const { cart, to, id, why } of refusals) {
      const answer = await guestIntent({ cart, shippingAddress: to, shippingRateId: id });
      expect({ id, status: answer.status, field: answer.body.error?.fields?.shippingRateId }).toEqual({
        id,
        status: 400,
        field: why,
      });
    }
    // A price or a shape the schema does not take never reaches the provider.
    const shaped = await guestIntent({ cart: [candle()], shippingAddress: NEAR, shippingRateId: 'rate_x; amount=1' });
    expect(shaped.status).toBe(400);
    expect(await itemCount()).toBe(before);
    // A price sent beside the id is not read: the server's price stands.
    const priced = await guestIntent({
      cart: [candle()],
      shippingAddress: NEAR,
      shippingRateId: candleRate.id,
      shipping: { amount: 1 },
      amounts: { shipping: 1 },
    });
    expect(priced.body.amounts.shipping).toBe(candleRate.amount);
  });

  it('a refund of the rug with the shipping gives back the calculated rate, and the ledger agrees', async () => {
    const ground = await calculated([candle(), rug()], FAR);
    const { order } = await buy([candle(), rug()], FAR, ground.id);
    const rugLine = order.lines.find((line) => line.id === 'rug')!;
    const refunded = await adminRefund(admin, order.orderNumber, {
      refundId: randomUUID(),
      lines: [{ id: 'rug', size: 'CANDLE', quantity: 1 }],
      shipping: true,
      reason: 'damaged',
    });
    expect(refunded.status).toBe(200);
    expect(await checkLedger(order.orderNumber)).toMatchObject({
      ok: true,
      problems: [],
      // Alaska: no tax. The rug and the whole shipping (the rate the shopper chose, both parcels).
      refunded: rugLine.price + ground.amount,
    });
    expect(order.amounts).toMatchObject({ shipping: ground.amount, tax: 0 });
  });
});

describe("a wallet's sheet", () => {
  const quote = (cart: unknown[], shippingRateId?: string) =>
    invoke(walletQuote, {
      method: 'POST',
      path: '/api/checkout/wallet-quote',
      body: {
        cart,
        shipTo: { city: 'Austin', state: 'TX', zip: '78702', country: 'US' },
        ...(shippingRateId ? { shippingRateId } : {}),
      },
    });

  it('lists the rates on offer as its shipping options, prices the one chosen, and the card step pays that total', async () => {
    const first = await quote([candle()]);
    expect(first.status).toBe(200);
    // Nothing chosen yet: the flat rate, as on the shipping step.
    expect(first.body.shipping.rate).toMatchObject({ id: 'flat', amount: 599 });
    const ground = (first.body.shippingRates as Rate[]).find((rate) => rate.service === 'GroundAdvantage')!;
    expect(first.body.shippingRates.map((rate: Rate) => rate.kind)).toEqual([
      'calculated',
      'calculated',
      'calculated',
      'flat',
    ]);
    const chosen = await quote([candle()], ground.id);
    expect(chosen.body.shipping.rate).toEqual(ground);
    expect(chosen.body.amounts).toEqual({ subtotal: 1800, discount: 0, shipping: 740, tax: 159, total: 2699 });
    // Paying: the full address, the sheet's option and the total it showed.
    const paid = await guestIntent({
      cart: [candle()],
      shippingAddress: NEAR,
      shippingRateId: ground.id,
      wallet: { shownTotal: 2699 },
    });
    expect(paid.status).toBe(200);
    expect(paid.body.amounts.total).toBe(2699);
    // Another option than the one whose total was shown is refused, nothing charged.
    const other = await guestIntent({
      cart: [candle()],
      shippingAddress: NEAR,
      shippingRateId: 'flat',
      wallet: { shownTotal: 2699 },
    });
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe('wallet_total_changed');
  });
});

describe('a provider that does not answer in time', () => {
  afterEach(() => {
    provider.delayMs = 0;
    process.env.SHIPPING_TIMEOUT_MS = '10000';
  });

  it('the shipping step offers the flat rate and says so; the card step ships a chosen rate at the flat rate', async () => {
    const ground = await calculated([candle()], NEAR);
    provider.delayMs = 5000;
    process.env.SHIPPING_TIMEOUT_MS = '200';
    const rates = await ratesFor([candle()], NEAR);
    expect(rates.body).toEqual({
      rates: [{ id: 'flat', kind: 'flat', label: 'Shipping & handling', amount: 599 }],
      notice: SHIPPING_WORDS.providerDown,
    });
    const intent = await guestIntent({ cart: [candle()], shippingAddress: NEAR, shippingRateId: ground.id });
    expect(intent.status).toBe(200);
    expect(intent.body.amounts.shipping).toBe(599);
    expect(intent.body.shipping).toEqual({
      rate: { id: 'flat', kind: 'flat', label: 'Shipping & handling', amount: 599 },
      notice: SHIPPING_WORDS.providerDown,
    });
    const stored = await checkouts.get({ checkoutId: intent.body.checkoutId }, { consistent: true });
    expect(stored?.shippingFallback).toBe(SHIPPING_WORDS.providerDown);
  });
});
