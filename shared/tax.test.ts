import { computeAmounts, estimatedArrival, formatCents, formatPrice, SHIPPING_CENTS, toCents } from './money';
import { isUsState, STATE_NAMES, STATE_TAX_RATES, taxRate, toStateCode } from './tax';

describe('tax table (spec section 9)', () => {
  it('has exactly the 50 states, no DC', () => {
    expect(Object.keys(STATE_TAX_RATES)).toHaveLength(50);
    expect(Object.keys(STATE_NAMES).sort()).toEqual(Object.keys(STATE_TAX_RATES).sort());
    expect(isUsState('DC')).toBe(false);
    expect(isUsState('District of Columbia')).toBe(false);
  });

  it.each(Object.entries(STATE_NAMES))(
    'matches %s by abbreviation and by full name, any case, trimmed',
    (code, name) => {
      expect(toStateCode(code)).toBe(code);
      expect(toStateCode(` ${code.toLowerCase()} `)).toBe(code);
      expect(toStateCode(name.toUpperCase())).toBe(code);
      expect(toStateCode(`  ${name.toLowerCase()}`)).toBe(code);
      expect(taxRate(name)).toBe(STATE_TAX_RATES[code as keyof typeof STATE_TAX_RATES]);
    },
  );

  it('gives the spec rates for a few states and rejects anything else', () => {
    expect([taxRate('CA'), taxRate('mn'), taxRate('Missouri'), taxRate('OR')]).toEqual([0.0725, 0.06875, 0.04225, 0]);
    for (const bad of ['', 'XX', 'Ontario', 'Calif', 'N.Y.', 'PR', 'Guam']) {
      expect(toStateCode(bad)).toBeNull();
      expect(taxRate(bad)).toBe(0);
    }
  });
});

describe('amounts in integer cents (design section 4)', () => {
  it('tax = round((subtotal + 599) * rate); total = subtotal + 599 + tax', () => {
    expect(
      computeAmounts(
        [
          { price: 2499, quantity: 2 },
          { price: 1800, quantity: 1 },
        ],
        'CA',
      ),
    ).toEqual({
      subtotal: 6798,
      discount: 0,
      shipping: SHIPPING_CENTS,
      tax: Math.round((6798 + 599) * 0.0725),
      total: 6798 + 599 + 536,
    });
    expect(computeAmounts([{ price: 1000, quantity: 1 }], 'Oregon').tax).toBe(0);
  });

  it('formats and parses money', () => {
    expect([
      formatCents(599),
      formatCents(5),
      formatCents(123456),
      formatPrice(123456),
      formatPrice(899991),
      formatPrice(10_000_000),
      formatPrice(99),
    ]).toEqual(['5.99', '0.05', '1234.56', '$1,234.56', '$8,999.91', '$100,000.00', '$0.99']);
    expect([toCents('19.5'), toCents('$12.34'), toCents('7')]).toEqual([1950, 1234, 700]);
    expect(Number.isNaN(toCents('12.345'))).toBe(true);
    expect(Number.isNaN(toCents('abc'))).toBe(true);
  });

  it('estimates arrival 14 days from today', () => {
    expect(estimatedArrival(new Date(2026, 0, 25)).toDateString()).toBe(new Date(2026, 1, 8).toDateString());
  });
});
