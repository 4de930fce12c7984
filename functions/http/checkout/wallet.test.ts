import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { TAX_CODES } from '#shared/tax-codes';
import { walletSheet } from '#shared/wallet';
import { documentClient, tableName } from '../../db/client';
import { checkouts } from '../../db/entities/checkout';
import { products } from '../../db/entities/product';
import { settleCheckouts } from '../../domain/checkout/settle';
import { address, available, createCandle, guestIntent, orderOf, recordGuest } from '#tests/checkout';
import { invoke, signInNewUser, useFreshTable } from '#tests/helpers';
import { startStripeStandIn, type StripeStandIn } from '#tests/stripe-stand-in';
import { handler as createPromoCode } from '../admin/create-promo-code';
import { handler as quote } from './wallet-quote';

/**
 * Paying from a wallet's sheet on the cart (issue 38 item 2, docs/decisions/0129), against DynamoDB Local and the
 * Stripe API stand-in with Stripe Tax on: the sheet's address (city, state and ZIP, all Apple Pay tells before the
 * shopper pays) prices the cart on the server, nothing stored; paying makes the manual-capture intent with the full
 * address and the total the sheet showed, refused when the total is not that one; Stripe.js's wallet confirmation is
 * the stand-in's (Apple Pay, Google Pay, Link with 3-D Secure, a declined card); the order is recorded as a card's.
 */
let api: StripeStandIn;
let admin: string;
const names = ['STRIPE_SECRET_KEY', 'STRIPE_API_BASE', 'STRIPE_TAX'] as const;
const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);

beforeAll(async () => {
  await useFreshTable();
  admin = (await signInNewUser({ admin: true })).token;
  api = await startStripeStandIn();
  process.env.STRIPE_SECRET_KEY = 'sk_test_wallet';
  process.env.STRIPE_API_BASE = api.base;
  process.env.STRIPE_TAX = 'on';
  // Manhattan taxes a candle at 8.875%; Portland, Oregon, has no sales tax (the stand-in does not tax it).
  api.taxRates.set('10001', { state: 'NY', rate: 0.08875, codes: { [TAX_CODES.clothing]: 0 } });
  await createCandle(20);
});
afterAll(async () => {
  for (const name of names) delete process.env[name];
  await api.stop();
});

const cart = [{ id: 'candle', size: 'CANDLE', quantity: 2 }];
const shipTo = (state: string, zip: string, city = 'Somewhere') => ({ city, state, zip, country: 'US' });
const ask = (body: Record<string, unknown>) =>
  invoke(quote, { method: 'POST', path: '/api/checkout/wallet-quote', body: { cart, ...body } });
/** What the wallet gives when the shopper pays: the full address, email and phone. */
const walletAddress = {
  ...address,
  name: 'Wanda Wallet',
  email: 'wanda@example.com',
  line1: '350 5th Ave, Apt 4',
  city: 'New York',
  state: 'NY',
  zip: '10001',
  phone: '2125550142',
};
/** Checkouts in this file's table (it is its own). */
async function checkoutCount(): Promise<number> {
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: 'entity = :e',
        ExpressionAttributeValues: { ':e': checkouts.entity },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    count += page.Count ?? 0;
    start = page.LastEvaluatedKey;
  } while (start);
  return count;
}
const intentCalls = () => api.calls.filter((call) => call.path.startsWith('/v1/payment_intents')).length;

describe('the sheet’s address prices the cart on the server', () => {
  it('each address the shopper picks is priced again (tax by the address), and nothing is stored', async () => {
    const calls = intentCalls();
    const before = await checkoutCount();
    const newYork = await ask({ shipTo: shipTo('NY', '10001', 'New York') });
    expect(newYork.status).toBe(200);
    // 2 x $18.00 + $5.99 shipping; 8.875% of the candles and of the shipping they share.
    expect(newYork.body.amounts).toEqual({ subtotal: 3600, discount: 0, shipping: 599, tax: 373, total: 4572 });
    const oregon = await ask({ shipTo: shipTo('OR', '97204-1234', 'Portland') });
    expect(oregon.body.amounts).toEqual({ subtotal: 3600, discount: 0, shipping: 599, tax: 0, total: 4199 });
    // What the sheet shows adds up to what the shopper authorizes.
    const sheet = walletSheet(newYork.body.amounts);
    expect(sheet.total).toBe(4572);
    expect(sheet.lineItems.reduce((sum, item) => sum + item.amount, sheet.shippingRate.amount)).toBe(4572);
    expect(intentCalls()).toBe(calls);
    expect(await checkoutCount()).toBe(before);
  });

  it('a promo code is priced in; the sheet takes it off the items', async () => {
    expect(
      (
        await invoke(createPromoCode, {
          method: 'POST',
          path: '/api/admin/promo-codes',
          routePath: '/api/admin/promo-codes',
          token: admin,
          body: { code: 'WALLET10', kind: 'percent', value: 10, description: '10% off your order' },
        })
      ).status,
    ).toBe(201);
    const priced = await ask({ shipTo: shipTo('OR', '97204'), promoCode: 'wallet10' });
    expect(priced.body).toEqual({
      amounts: { subtotal: 3600, discount: 360, shipping: 599, tax: 0, total: 3839 },
      promo: { code: 'WALLET10', description: '10% off your order' },
      // The shop's one rate on offer (issue 53: the owner offers only the flat rate here), and the one priced.
      shippingRates: [{ id: 'flat', kind: 'flat', label: 'Shipping & handling', amount: 599 }],
      shipping: { rate: { id: 'flat', kind: 'flat', label: 'Shipping & handling', amount: 599 } },
    });
    expect(walletSheet(priced.body.amounts, 'WALLET10').lineItems[0]).toEqual({
      name: 'Items (WALLET10 applied)',
      amount: 3240,
    });
  });

  it('an address abroad, a ZIP that is none, a sold-out cart and an unknown code are refused plainly', async () => {
    const abroad = await ask({ shipTo: { city: 'Toronto', state: 'ON', zip: 'M5V 2T6', country: 'CA' } });
    expect(abroad.status).toBe(400);
    expect(abroad.body.error.fields['shipTo.country']).toBe('We ship within the United States only.');
    expect((await ask({ shipTo: shipTo('TX', '7870') })).body.error.fields['shipTo.zip']).toBe(
      'Please enter a valid zip code.',
    );
    const tooMany = await ask({
      cart: [
        { id: 'candle', size: 'CANDLE', quantity: 9 },
        { ...cart[0], quantity: 9 },
      ],
    });
    expect(tooMany.status).toBe(400);
    const soldOut = await invoke(quote, {
      method: 'POST',
      path: '/api/checkout/wallet-quote',
      body: {
        cart: [
          { id: 'candle', size: 'CANDLE', quantity: 9 },
          { id: 'nothing', size: 'CANDLE', quantity: 1, name: 'Ghost' },
        ],
        shipTo: shipTo('TX', '78701'),
      },
    });
    expect(soldOut.status).toBe(409);
    expect(soldOut.body.error.message).toContain('Ghost');
    expect((await ask({ shipTo: shipTo('TX', '78701'), promoCode: 'NOSUCH' })).status).toBe(404);
  });
});

describe('paying from the sheet', () => {
  /** The sheet's quote, then the wallet's confirm: the intent made with the full address and the total shown. */
  async function payFromSheet(shown?: number) {
    const quoted = await ask({ shipTo: shipTo('NY', '10001') });
    const intent = await guestIntent({
      cart,
      shippingAddress: walletAddress,
      wallet: { shownTotal: shown ?? quoted.body.amounts.total },
    });
    return { quoted, intent };
  }

  it('Apple Pay: the intent is the sheet’s total on manual capture; one order, one capture, stock taken once', async () => {
    const stockBefore = (await available('candle')).CANDLE;
    const { quoted, intent } = await payFromSheet();
    expect(intent.status).toBe(200);
    const intentId = intent.body.paymentIntentId as string;
    expect(api.intents.get(intentId)).toMatchObject({
      amount: quoted.body.amounts.total,
      capture_method: 'manual',
      payment_method_types: ['card', 'link'],
      receipt_email: 'wanda@example.com',
    });
    api.authorize(intentId, 'apple_pay');
    const method = api.paymentMethods.get(api.intents.get(intentId)!.payment_method!)!;
    expect(method.card?.wallet).toEqual({ type: 'apple_pay' });
    const [first, again] = await Promise.all([
      recordGuest(intentId, intent.body.checkoutSecret),
      recordGuest(intentId, intent.body.checkoutSecret),
    ]);
    expect([first.status, again.status].sort()).toEqual([200, 201]);
    expect(api.intents.get(intentId)).toMatchObject({ status: 'succeeded', amount_received: 4572 });
    // One capture at Stripe. The two calls run at once, so both may ask for it (the second before the first wrote its
    // capture): always under the one idempotency key, which Stripe (and its stand-in) performs once and replays.
    const captures = api.calls.filter((call) => call.path === `/v1/payment_intents/${intentId}/capture`);
    expect(new Set(captures.map((call) => call.idempotencyKey))).toEqual(new Set([`capture-${intentId}-0`]));
    const order = (await orderOf(intentId))!;
    expect(order.amounts.total).toBe(4572);
    // The wallet's phone goes with the address, for the carrier.
    expect(order.shippingAddress).toMatchObject({
      name: 'Wanda Wallet',
      line1: '350 5th Ave, Apt 4',
      phone: '2125550142',
    });
    expect((await available('candle')).CANDLE).toBe(stockBefore - 2);
  });

  it('a total that is not the one the sheet showed is refused, and nothing is made or charged', async () => {
    const calls = intentCalls();
    const before = await checkoutCount();
    // The sheet priced the cart; the owner changed the candle's price before the shopper paid.
    const quoted = await ask({ shipTo: shipTo('NY', '10001') });
    await products.update({ id: 'candle' }, { set: { price: 1900 } });
    try {
      const refused = await guestIntent({
        cart,
        shippingAddress: walletAddress,
        wallet: { shownTotal: quoted.body.amounts.total },
      });
      expect(refused.status).toBe(409);
      expect(refused.body.error).toEqual({
        code: 'wallet_total_changed',
        message:
          'With your full address the total is $47.89, not the $45.72 your wallet showed. Nothing was charged. ' +
          'Please use Proceed to Checkout to see the new total before you pay.',
      });
      expect(intentCalls()).toBe(calls);
      expect(await checkoutCount()).toBe(before);
    } finally {
      await products.update({ id: 'candle' }, { set: { price: 1800 } });
    }
  });

  it('a declined wallet card makes no order and takes no stock; the unpaid checkout is given up, its intent cancelled', async () => {
    const stockBefore = (await available('candle')).CANDLE;
    const { intent } = await payFromSheet();
    const intentId = intent.body.paymentIntentId as string;
    api.decline(intentId, 'google_pay');
    const recorded = await recordGuest(intentId, intent.body.checkoutSecret);
    expect(recorded.status).toBe(409);
    expect(await orderOf(intentId)).toBeNull();
    expect((await available('candle')).CANDLE).toBe(stockBefore);
    await settleCheckouts(later(61));
    expect(api.intents.get(intentId)!.status).toBe('canceled');
    expect(await orderOf(intentId)).toBeNull();
  });

  it('Link with 3-D Secure: no order while Stripe’s dialog is open; the order once it is answered', async () => {
    const { intent } = await payFromSheet();
    const intentId = intent.body.paymentIntentId as string;
    api.requireAction(intentId, 'link');
    expect(api.intents.get(intentId)!.next_action?.type).toBe('use_stripe_sdk');
    expect((await recordGuest(intentId, intent.body.checkoutSecret)).status).toBe(409);
    api.authorize(intentId, 'link');
    expect(api.paymentMethods.get(api.intents.get(intentId)!.payment_method!)!.type).toBe('link');
    expect((await recordGuest(intentId, intent.body.checkoutSecret)).status).toBe(201);
    expect(api.intents.get(intentId)!.status).toBe('succeeded');
  });

  it('a wallet’s phone that is not 10 digits is refused with the spec’s message, before anything is made', async () => {
    const calls = intentCalls();
    const refused = await guestIntent({
      cart,
      shippingAddress: { ...walletAddress, phone: '12345' },
      wallet: { shownTotal: 4572 },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields['shippingAddress.phone']).toBe('Please enter a valid phone number.');
    expect(intentCalls()).toBe(calls);
  });
});
