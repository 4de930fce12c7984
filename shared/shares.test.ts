import fc from 'fast-check';
import { discountAndShippingShares, splitCents } from './shares';

/** Each line's share to the cent (issue 35, docs/decisions/0106): largest remainder, exact sums, one tie-break. */
describe('splitCents', () => {
  it.each([
    // $5.99 of shipping over three equal lines: the odd cent goes to the first.
    [599, [1, 1, 1], [200, 200, 199]],
    [100, [1, 1, 1], [34, 33, 33]],
    [2, [1, 1, 1], [1, 1, 0]],
    [1, [5, 5], [1, 0]],
    // $10.00 off lines of $10, $20 and $30: 166.67, 333.33, 500 -> the largest fraction (.67) takes the cent.
    [1000, [1000, 2000, 3000], [167, 333, 500]],
    // The larger fraction wins over the earlier line.
    [10, [1, 2], [3, 7]],
    [7, [0, 3, 0, 4], [0, 3, 0, 4]],
    [0, [3, 4], [0, 0]],
    // All weights 0: split evenly (a free order's shipping over its lines).
    [599, [0, 0], [300, 299]],
    [-599, [1, 1, 1], [-200, -200, -199]],
  ])('%p over %p -> %p', (total, weights, parts) => {
    expect(splitCents(total, weights)).toEqual(parts);
  });

  it('refuses what is not whole cents or a weight below 0', () => {
    expect(() => splitCents(10.5, [1])).toThrow(RangeError);
    expect(() => splitCents(10, [1, -1])).toThrow(RangeError);
    expect(() => splitCents(10, [0.5])).toThrow(RangeError);
    expect(() => splitCents(10, [])).toThrow(RangeError);
  });

  const weights = fc.array(fc.nat({ max: 1_000_000 }), { minLength: 1, maxLength: 40 });
  const total = fc.integer({ min: -10_000_000, max: 10_000_000 });

  it('always sums to the total exactly', () => {
    fc.assert(
      fc.property(total, weights, (cents, parts) => splitCents(cents, parts).reduce((a, b) => a + b, 0) === cents),
    );
  });

  it('gives each part within one cent of its exact quota, and nothing to a part of weight 0', () => {
    fc.assert(
      fc.property(
        total,
        weights.filter((parts) => parts.some((w) => w > 0)),
        (cents, parts) => {
          const sum = parts.reduce((a, b) => a + b, 0);
          return splitCents(cents, parts).every(
            (part, i) => Math.abs(part - (cents * parts[i]) / sum) < 1 && (parts[i] > 0 || part === 0),
          );
        },
      ),
    );
  });

  it('never gives a larger weight less than a smaller one, and the same input the same split', () => {
    fc.assert(
      fc.property(fc.nat({ max: 10_000_000 }), weights, (cents, parts) => {
        const split = splitCents(cents, parts);
        const again = splitCents(cents, [...parts]);
        return (
          split.every((part, i) => parts.every((w, j) => !(parts[i] > w) || part >= split[j])) &&
          split.every((part, i) => part === again[i])
        );
      }),
    );
  });
});

describe('discountAndShippingShares', () => {
  const line = fc.record({ price: fc.integer({ min: 1, max: 50_000 }), quantity: fc.integer({ min: 1, max: 9 }) });

  it('splits the discount and the shipping over the lines by their amounts, to the cent', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 20 }), fc.nat({ max: 100 }), (lines, percent) => {
        const subtotal = lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
        const discount = Math.round((subtotal * percent) / 100);
        const shares = discountAndShippingShares(lines, { discount, shipping: 599 });
        return (
          shares.reduce((sum, s) => sum + s.discount, 0) === discount &&
          shares.reduce((sum, s) => sum + s.shipping, 0) === 599 &&
          // No line is discounted below nothing.
          shares.every((s, i) => s.discount <= lines[i].price * lines[i].quantity)
        );
      }),
    );
  });

  it('three candles and a hoodie: odd cents land on the largest fractions', () => {
    expect(
      discountAndShippingShares(
        [
          { price: 1800, quantity: 3 },
          { price: 4500, quantity: 1 },
          { price: 999, quantity: 1 },
        ],
        { discount: 1090, shipping: 599 },
      ),
    ).toEqual([
      // Exact: 540.05 + 450.04 + 99.91 of the discount, 296.78 + 247.32 + 54.90 of the shipping.
      { discount: 540, shipping: 297 },
      { discount: 450, shipping: 247 },
      { discount: 100, shipping: 55 },
    ]);
  });
});
