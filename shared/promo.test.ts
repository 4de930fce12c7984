import { amountRows } from './amount-rows';
import { PROMO_FORM_MESSAGES } from './messages';
import { computeAmounts, SHIPPING_CENTS } from './money';
import {
  centsFromDollars,
  describePromo,
  normalizeCode,
  PROMO_CODE_PATTERN,
  PROMO_MESSAGES,
  promoDiscount,
  promoCustomerKeys,
  promoMessage,
  promoRefusal,
  type PromoRules,
} from './promo';
import { promoCheckBodySchema, promoInputSchema, promoUpdateSchema } from './schemas/promo';
import { createIntentBodySchema } from './schemas/checkout';
import { STATE_TAX_RATES } from './tax';

/** The money rules of promo codes (design section 4 "Promo codes"), for every kind, in every state. */
const STATES = Object.entries(STATE_TAX_RATES) as [string, number][];
const CARTS = [
  [{ price: 1800, quantity: 1 }],
  [
    { price: 2499, quantity: 2 },
    { price: 1800, quantity: 1 },
  ],
  [{ price: 333, quantity: 3 }],
  [{ price: 99, quantity: 1 }],
];
const subtotalOf = (lines: { price: number; quantity: number }[]) =>
  lines.reduce((sum, line) => sum + line.price * line.quantity, 0);

describe.each(STATES)('amounts with a promo code in %s (rate %p)', (state, rate) => {
  const expectRule = (
    lines: { price: number; quantity: number }[],
    discount: number,
    promo: Parameters<typeof computeAmounts>[2],
  ) => {
    const subtotal = subtotalOf(lines);
    const amounts = computeAmounts(lines, state, promo);
    const tax = Math.round((subtotal - discount + SHIPPING_CENTS) * rate);
    expect(amounts).toEqual({
      subtotal,
      discount,
      shipping: SHIPPING_CENTS,
      tax,
      total: subtotal - discount + SHIPPING_CENTS + tax,
    });
    for (const value of Object.values(amounts)) expect(Number.isInteger(value)).toBe(true);
  };

  it.each(CARTS.map((lines) => [subtotalOf(lines), lines] as const))(
    'subtotal %p: percent = round(subtotal * value / 100), taken off before tax',
    (subtotal, lines) => {
      for (const value of [1, 10, 15, 33, 50, 99, 100])
        expectRule(lines, Math.round((subtotal * value) / 100), { kind: 'percent', value });
    },
  );

  it.each(CARTS.map((lines) => [subtotalOf(lines), lines] as const))(
    'subtotal %p: an amount, never more than the subtotal',
    (subtotal, lines) => {
      for (const value of [1, 500, 1800, 5000, 100_000])
        expectRule(lines, Math.min(value, subtotal), { kind: 'amount', value });
    },
  );

  it.each(CARTS.map((lines) => [subtotalOf(lines), lines] as const))(
    'subtotal %p: free shipping takes off the shipping; tax is on the goods alone',
    (_subtotal, lines) => {
      expectRule(lines, SHIPPING_CENTS, { kind: 'shipping', value: 0 });
      expect(computeAmounts(lines, state, { kind: 'shipping', value: 0 }).total).toBe(
        subtotalOf(lines) + Math.round(subtotalOf(lines) * rate),
      );
    },
  );

  it('without a code the discount is 0 and the amounts are as before', () => {
    expectRule(CARTS[1], 0, undefined);
    expectRule(CARTS[1], 0, null);
  });
});

describe('promoDiscount', () => {
  it('rounds half cents of a percent the way Math.round does and never goes past the subtotal', () => {
    expect(promoDiscount({ kind: 'percent', value: 15 }, 999, SHIPPING_CENTS)).toBe(150); // 149.85
    expect(promoDiscount({ kind: 'percent', value: 10 }, 1005, SHIPPING_CENTS)).toBe(101); // 100.5
    expect(promoDiscount({ kind: 'percent', value: 100 }, 4321, SHIPPING_CENTS)).toBe(4321);
    expect(promoDiscount({ kind: 'amount', value: 10_000 }, 4321, SHIPPING_CENTS)).toBe(4321);
    expect(promoDiscount({ kind: 'shipping', value: 0 }, 4321, SHIPPING_CENTS)).toBe(SHIPPING_CENTS);
  });
});

describe('who may use a code, and the messages', () => {
  const rules = (over: Partial<PromoRules> = {}): PromoRules => ({
    code: 'SUMMER10',
    kind: 'percent',
    value: 10,
    active: true,
    redemptions: 0,
    ...over,
  });
  const now = new Date('2026-06-15T12:00:00Z');
  it.each([
    ['unknown', null, {}],
    ['not_started', rules({ startsAt: '2026-07-01T00:00:00.000Z' }), {}],
    ['expired', rules({ endsAt: '2026-06-15T12:00:00.000Z' }), {}],
    ['inactive', rules({ active: false }), {}],
    [
      'inactive',
      rules({ active: false, endsAt: '2026-06-15T12:00:00.000Z', startsAt: '2026-07-01T00:00:00.000Z' }),
      {},
    ],
    ['used_up', rules({ maxRedemptions: 5, redemptions: 5 }), {}],
    ['used_by_you', rules({ maxPerCustomer: 1 }), { customerUses: 1 }],
    ['minimum', rules({ minSubtotal: 5000 }), {}],
  ] as const)('%s', (refusal, promo, extra) => {
    expect(promoRefusal(promo, { subtotal: 4999, now, ...extra })).toBe(refusal);
  });

  it('answers null for a usable code (inside its window, under its limits, at the minimum)', () => {
    expect(
      promoRefusal(
        rules({
          startsAt: '2026-06-01T00:00:00.000Z',
          endsAt: '2026-07-01T00:00:00.000Z',
          maxRedemptions: 5,
          redemptions: 4,
          maxPerCustomer: 2,
          minSubtotal: 5000,
        }),
        {
          subtotal: 5000,
          now,
          customerUses: 1,
        },
      ),
    ).toBeNull();
  });

  it('has one plain sentence for each refusal', () => {
    expect(promoMessage('unknown')).toBe(PROMO_MESSAGES.unknown);
    expect(promoMessage('minimum', { minSubtotal: 5000 })).toBe('This promo code needs a subtotal of at least $50.00.');
    expect(
      new Set(
        (['unknown', 'inactive', 'not_started', 'expired', 'used_up', 'used_by_you'] as const).map((r) =>
          promoMessage(r),
        ),
      ).size,
    ).toBe(6);
    expect(promoMessage('inactive')).toBe('This promo code is no longer active.');
    expect(PROMO_MESSAGES.noLongerValidWhilePaying('SUMMER10')).toBe(
      'Sorry, promo code SUMMER10 is no longer valid. Your card was not charged. Please check out again.',
    );
  });

  it('describes each kind', () => {
    expect(describePromo({ code: 'A', kind: 'percent', value: 10 })).toBe('10% off your order');
    expect(describePromo({ code: 'A', kind: 'amount', value: 500, minSubtotal: 3000 })).toBe(
      '$5.00 off orders of $30.00 or more',
    );
    expect(describePromo({ code: 'A', kind: 'shipping', value: 0 })).toBe('Free shipping');
    expect(describePromo({ code: 'A', kind: 'shipping', value: 0, minSubtotal: 5000 })).toBe(
      'Free shipping on orders of $50.00 or more',
    );
  });

  it('counts a guest by the canonical email, and a signed-in shopper by the account’s canonical email and the account', () => {
    expect(promoCustomerKeys({ guestEmail: ' Ada@Example.COM ' })).toEqual({
      keys: ['email:ada@example.com'],
      legacy: [],
    });
    // The key of before (the lower-cased email as typed) still counts for that spelling.
    expect(promoCustomerKeys({ guestEmail: 'A.da+shop@GMail.com' })).toEqual({
      keys: ['email:ada@gmail.com'],
      legacy: ['email:a.da+shop@gmail.com'],
    });
    expect(promoCustomerKeys({ userId: 'sub-123', accountEmail: 'Ada+x@example.com' })).toEqual({
      keys: ['email:ada@example.com', 'user:sub-123'],
      legacy: ['email:ada+x@example.com'],
    });
    expect(promoCustomerKeys({ userId: 'sub-123', accountEmail: null })).toEqual({
      keys: ['user:sub-123'],
      legacy: [],
    });
  });

  it('shows the discount as its own row, named by the code', () => {
    expect(
      amountRows({ subtotal: 5000, discount: 500, shipping: 599, tax: 0, total: 5099 }, 'SUMMER10').map((r) => [
        r.label,
        r.cents,
      ]),
    ).toEqual([
      ['Subtotal', 5000],
      ['Discount (SUMMER10)', -500],
      ['Shipping', 599],
      ['Tax', 0],
      ['Total', 5099],
    ]);
    expect(amountRows({ subtotal: 5000, discount: 0, shipping: 599, tax: 0, total: 5599 }).map((r) => r.label)).toEqual(
      ['Subtotal', 'Shipping', 'Tax', 'Total'],
    );
  });
});

describe('promo code schemas', () => {
  const cart = [{ id: 'candle', size: 'CANDLE', quantity: 1 }];
  it('codes are 3-32 letters, digits or dashes, case-insensitive (upper-cased), trimmed', () => {
    expect(normalizeCode(' summer-10 ')).toBe('SUMMER-10');
    expect(promoCheckBodySchema.parse({ code: ' summer-10 ', cart })).toEqual({ code: 'SUMMER-10', cart });
    for (const bad of ['ab', 'x'.repeat(33), 'SUMMER 10', 'SUMMER_10', 'ÉTÉ10', '', 42])
      expect(promoCheckBodySchema.safeParse({ code: bad, cart }).success).toBe(false);
    expect(PROMO_CODE_PATTERN.test('A'.repeat(32))).toBe(true);
    expect(
      createIntentBodySchema.safeParse({
        cart,
        shippingAddress: { name: 'A', email: 'a@example.com', line1: '1', city: 'c', state: 'IL', zip: '62701' },
        promoCode: 'x'.repeat(200),
      }).success,
    ).toBe(false);
  });

  it('ignores unknown fields, defaults active to true and combines-with-sales to false, and words each field error', () => {
    expect(
      promoInputSchema.parse({ code: 'spring', kind: 'percent', value: 10, redemptions: 999, admin: true }),
    ).toEqual({ code: 'SPRING', kind: 'percent', value: 10, active: true, combinesWithSales: false });
    const issues = (body: unknown) =>
      Object.fromEntries(
        (promoInputSchema.safeParse(body).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]),
      );
    expect(issues({ code: 'SPRING', kind: 'percent', value: 101 })).toEqual({
      value: 'A percent is a whole number from 1 to 100.',
    });
    expect(issues({ code: 'SPRING', kind: 'percent', value: 0 })).toEqual({
      value: 'A percent is a whole number from 1 to 100.',
    });
    expect(issues({ code: 'SPRING', kind: 'amount', value: 12.5 })).toEqual({
      value: 'Value is a whole number: a percent from 1 to 100, or an amount off in cents.',
    });
    expect(issues({ code: 'SPRING', kind: 'amount', value: 0 })).toEqual({
      value: 'An amount off is in cents: a whole number from 1 to 10,000,000 (that is $0.01 to $100,000.00).',
    });
    expect(issues({ code: 'SPRING', kind: 'amount', value: 500, minSubtotal: -300 })).toEqual({
      minSubtotal: 'Amounts are in cents: a whole number from 0 to 10,000,000 (that is $100,000.00).',
    });
    expect(issues({ code: 'SPRING', kind: 'bogo', value: 1 })).toEqual({
      kind: 'Kind is percent, amount or shipping.',
    });
    expect(issues({ code: 'SPRING', kind: 'shipping', maxRedemptions: 0 })).toEqual({
      maxRedemptions: 'Limits are whole numbers from 1 to 1,000,000.',
    });
    expect(issues({ code: 'SPRING', kind: 'shipping', startsAt: 'tomorrow' })).toEqual({
      startsAt: 'Use a date and time like 2026-12-01T00:00:00Z.',
    });
    expect(
      issues({ code: 'SPRING', kind: 'shipping', startsAt: '2026-07-01T00:00:00Z', endsAt: '2026-06-01T00:00:00Z' }),
    ).toEqual({ endsAt: 'The end must come after the start.' });
    expect(promoUpdateSchema.parse({ kind: 'amount', value: 500, endsAt: '2026-07-01T00:00:00+02:00' }).endsAt).toBe(
      '2026-06-30T22:00:00.000Z',
    );
  });
});

describe("the owner's form: dollars in, cents out, messages in dollars", () => {
  it('reads dollars and cents as typed', () => {
    expect(centsFromDollars('12.50', 'amountOff')).toEqual({ cents: 1250 });
    expect(centsFromDollars('$5', 'amountOff')).toEqual({ cents: 500 });
    expect(centsFromDollars(' 40 ', 'minSubtotal')).toEqual({ cents: 4000 });
    expect(centsFromDollars('0', 'minSubtotal')).toEqual({ cents: 0 });
    expect(centsFromDollars('100000', 'minSubtotal')).toEqual({ cents: 10_000_000 });
  });

  it('says in dollars what to type for anything else', () => {
    for (const bad of ['abc', '-3', '0', '0.00', '12.345', '100000.01', '', '1,000'])
      expect({ bad, answer: centsFromDollars(bad, 'amountOff') }).toEqual({
        bad,
        answer: { problem: PROMO_FORM_MESSAGES.amountOff },
      });
    for (const bad of ['abc', '-3', '100000.01', '12.345'])
      expect({ bad, answer: centsFromDollars(bad, 'minSubtotal') }).toEqual({
        bad,
        answer: { problem: PROMO_FORM_MESSAGES.minSubtotal },
      });
    expect(PROMO_FORM_MESSAGES.amountOff).toMatch(/dollars/);
    expect(PROMO_FORM_MESSAGES.minSubtotal).toMatch(/dollars/);
  });
});
