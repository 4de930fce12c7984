import { taxCodeOf, TAX_CODES } from '#shared/tax-codes';
import type { ShippingAddress } from '#shared/schemas/address';
import { startStripeStandIn, type StripeStandIn } from '#tests/stripe-stand-in';
import { priceWithTax, stripeTaxProvider, type CodedLine } from './index';

/**
 * The tax provider behind the card step (docs/decisions/0107, 0108): Stripe Tax, held to its API's shapes by the
 * Stripe API stand-in (calculations, transactions, reversals), and the table it falls back to.
 */
let api: StripeStandIn;
const saved = { ...process.env };
beforeAll(async () => {
  api = await startStripeStandIn();
});
afterAll(() => api.stop());
beforeEach(() => {
  process.env.STRIPE_SECRET_KEY = 'sk_test_tax';
  process.env.STRIPE_API_BASE = api.base;
  process.env.STRIPE_TAX = 'on';
});
afterEach(() => {
  for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_API_BASE', 'STRIPE_TAX']) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

const address = (state: string, zip: string): ShippingAddress => ({
  name: 'Ada Lovelace',
  line1: '1 Main St',
  city: 'Springfield',
  state,
  zip,
  email: 'ada@example.com',
});
const line = (id: string, tag: string, price: number, quantity = 1): CodedLine & { name: string } => ({
  id,
  name: id,
  size: tag === 'candles' ? 'CANDLE' : 'M',
  price,
  quantity,
  taxCode: taxCodeOf(tag),
});
const hoodie = line('hoodie', 'hoodies', 4500);
const candle = line('candle', 'candles', 1800, 2);
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('Stripe Tax, turned on', () => {
  it('prices each line by its tax code at the address, and shipping and handling with its own code', async () => {
    // Pittsburgh: clothing exempt, general goods and shipping 7% (6% state and 1% Allegheny County).
    api.taxRates.set('15213', { state: 'PA', rate: 0.07, codes: { [TAX_CODES.clothing]: 0 } });
    const priced = await priceWithTax([hoodie, candle], address('Pennsylvania', '15213'));
    // Candles 3600 x 7% = 252; shipping 599 x 7% = 42, all on the candle (the hoodie's goods are exempt).
    expect(priced.amounts).toEqual({ subtotal: 8100, discount: 0, shipping: 599, tax: 294, total: 8993 });
    expect(priced.tax).toMatchObject({ provider: 'stripe_tax', calculationId: expect.stringMatching(/^taxcalc_/) });
    expect(priced.lines.map((l) => l.shares)).toEqual([
      { discount: 0, shipping: 333, tax: 0, shippingTax: 0 },
      { discount: 0, shipping: 266, tax: 294, shippingTax: 42 },
    ]);
    const sent = api.calls.filter((call) => call.path === '/v1/tax/calculations').at(-1)!.form;
    expect(sent).toMatchObject({
      currency: 'usd',
      line_items: {
        0: { amount: '4500', quantity: '1', reference: 'hoodie|M', tax_code: 'txcd_30011000' },
        1: { amount: '3600', quantity: '2', reference: 'candle|CANDLE', tax_code: 'txcd_99999999' },
      },
      shipping_cost: { amount: '599', tax_code: 'txcd_92010000', tax_behavior: 'exclusive' },
      customer_details: { address: { state: 'PA', postal_code: '15213', country: 'US' }, address_source: 'shipping' },
    });
  });

  it('sends each line after its share of a discount, and no shipping under a free-shipping code', async () => {
    api.taxRates.set('10001', { state: 'NY', rate: 0.08875 });
    const tenOff = await priceWithTax([hoodie, candle], address('NY', '10001'), { kind: 'amount', value: 1000 });
    const form = api.calls.filter((call) => call.path === '/v1/tax/calculations').at(-1)!.form;
    // $10 off 4500 and 3600 by amount: 556 and 444.
    expect(form.line_items).toMatchObject({ 0: { amount: '3944' }, 1: { amount: '3156' } });
    expect(tenOff.amounts.tax).toBe(
      Math.round(3944 * 0.08875) + Math.round(3156 * 0.08875) + Math.round(599 * 0.08875),
    );
    expect(sum(tenOff.lines.map((l) => l.shares.tax))).toBe(tenOff.amounts.tax);
    expect(sum(tenOff.lines.map((l) => l.shares.discount))).toBe(1000);

    const free = await priceWithTax([hoodie], address('NY', '10001'), { kind: 'shipping', value: 0 });
    const freeForm = api.calls.filter((call) => call.path === '/v1/tax/calculations').at(-1)!.form;
    expect(freeForm.shipping_cost).toBeUndefined();
    expect(free.amounts).toMatchObject({ discount: 599, tax: Math.round(4500 * 0.08875) });
    expect(free.lines[0].shares).toEqual({ discount: 599, shipping: 599, tax: 399, shippingTax: 0 });
  });

  it('records the sale from the calculation once, and reverses it in whole', async () => {
    api.taxRates.set('10001', { state: 'NY', rate: 0.08875 });
    const priced = await priceWithTax([candle], address('NY', '10001'));
    const stripe = (await stripeTaxProvider({ forNewCheckouts: false }))!;
    const recorded = await stripe.recordTransaction(priced.tax.calculationId!, '#4001', 0);
    expect(recorded.lineItems).toEqual({ 'candle|CANDLE': expect.stringMatching(/^tax_li_/) });
    // The same idempotency key gives the same transaction; another key for the same order is refused by Stripe.
    expect(await stripe.recordTransaction(priced.tax.calculationId!, '#4001', 0)).toEqual(recorded);
    await expect(stripe.recordTransaction(priced.tax.calculationId!, '#4001', 1)).rejects.toMatchObject({
      statusCode: 400,
    });
    const reversal = await stripe.reverseTransaction(recorded.id, '#4001-cancel', 0);
    const stored = api.taxTransactions.get(reversal.id)!;
    expect(stored.transaction).toMatchObject({ type: 'reversal', reversal: { original_transaction: recorded.id } });
    expect(stored.lineItems.map((item) => [item.amount, item.amount_tax])).toEqual([[-3600, -320]]);
    expect(stored.transaction.shipping_cost).toMatchObject({ amount: -599, amount_tax: -53 });
    await expect(stripe.reverseTransaction(recorded.id, '#4001-cancel-again', 0)).rejects.toMatchObject({
      statusCode: 400,
    });
  });
});

describe('Stripe Tax unavailable: the table prices the tax, and says why', () => {
  it('an error answer', async () => {
    api.failNext('/v1/tax/calculations');
    const priced = await priceWithTax([hoodie], address('NY', '10001'));
    // The table: a $45 hoodie in New York is exempt, and so is its shipping.
    expect(priced.amounts).toMatchObject({ tax: 0, total: 5099 });
    expect(priced.tax).toEqual({ provider: 'table', stripeTaxUnavailable: expect.any(String) });
  });

  it('no answer within the time the card step waits', async () => {
    api.hangNext('/v1/tax/calculations');
    const priced = await priceWithTax([candle], address('PA', '15213'));
    // round((3600 + 599) x 0.06) = 252.
    expect(priced.amounts).toMatchObject({ tax: 252, total: 4451 });
    expect(priced.tax.provider).toBe('table');
    expect(priced.tax.stripeTaxUnavailable).toBeTruthy();
  });

  it('an address Stripe Tax cannot place', async () => {
    // The checkout's zip is 5 digits (shared/schemas/address.ts); Stripe refuses one it cannot locate all the same.
    const priced = await priceWithTax([candle], address('OR', '9720'));
    expect(priced.tax).toEqual({
      provider: 'table',
      stripeTaxUnavailable: expect.stringContaining('not valid for tax calculation'),
    });
    expect(priced.amounts.tax).toBe(0);
  });
});

describe('Stripe Tax turned off, or no Stripe keys: the table, with nothing to explain', () => {
  it.each([
    ['STRIPE_TAX', 'off'],
    ['STRIPE_SECRET_KEY', undefined],
  ])('%s=%s', async (name, value) => {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
    const before = api.calls.length;
    const priced = await priceWithTax([hoodie, candle], address('NY', '10001'));
    // The candles and their share of the shipping: round((3600 + 266) x 0.04) = 155.
    expect(priced.amounts).toMatchObject({ tax: 155, total: 8854 });
    expect(priced.tax).toEqual({ provider: 'table' });
    expect(api.calls.length).toBe(before);
  });
});
