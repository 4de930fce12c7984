import fc from 'fast-check';
import { GIFT_CARD_PRODUCT_ID } from './gift-cards';
import { orderParts, partOf, partsTotal, restOf, sumParts, type PartsOrder } from './ledger-parts';

/** What a ledger entry's amount is made of (decision 0154): the parts the owner's reports read. */
const order: PartsOrder = {
  lines: [
    { id: 'tee', name: 'Tee', size: 'M', price: 2500, quantity: 2 },
    { id: GIFT_CARD_PRODUCT_ID, name: 'Gift card', size: 'ONE', price: 5000, quantity: 1 },
  ],
  amounts: { discount: 500, shipping: 599, tax: 388 },
};

it("an order's parts: goods, the gift cards sold apart, and each line's shares, adding up to its total", () => {
  const lines = orderParts(order);
  expect(lines.map((line) => [line.goods, line.giftCard])).toEqual([
    [5000, 0],
    [0, 5000],
  ]);
  expect(sumParts(lines)).toMatchObject({ goods: 5000, giftCard: 5000, discount: 500, shipping: 599, tax: 388 });
  expect(lines.reduce((sum, line) => sum + partsTotal(line), 0)).toBe(10000 - 500 + 599 + 388);
});

it.each([
  [0, 0],
  [1, 1],
  [4000, 4000],
  [10487, 10487],
  [-300, -300],
])('a part of %i cents comes to exactly that', (amount, expected) => {
  const part = partOf(orderParts(order), amount);
  expect(part.reduce((sum, line) => sum + partsTotal(line), 0)).toBe(expected);
});

const arbitraryOrder: fc.Arbitrary<PartsOrder> = fc
  .record({
    lines: fc.array(
      fc.record({
        id: fc.constantFrom('tee', 'mug', 'candle', GIFT_CARD_PRODUCT_ID),
        name: fc.constant('Item'),
        size: fc.constantFrom('S', 'M', 'ONE'),
        price: fc.integer({ min: 0, max: 20_000 }),
        quantity: fc.integer({ min: 1, max: 5 }),
      }),
      { minLength: 1, maxLength: 6 },
    ),
    shipping: fc.integer({ min: 0, max: 2_000 }),
    tax: fc.integer({ min: 0, max: 5_000 }),
    discountPercent: fc.integer({ min: 0, max: 100 }),
  })
  .map(({ lines, shipping, tax, discountPercent }) => {
    const subtotal = lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
    return { lines, amounts: { shipping, tax, discount: Math.floor((subtotal * discountPercent) / 100) } };
  });

it('a gift card part and the card rest of any order add up to the whole, part by part, each coming to its amount', () => {
  fc.assert(
    fc.property(arbitraryOrder, fc.double({ min: 0, max: 1, noNaN: true }), (generated, fraction) => {
      const whole = orderParts(generated);
      const total = whole.reduce((sum, line) => sum + partsTotal(line), 0);
      const gift = Math.round(total * fraction);
      const giftPart = partOf(whole, gift);
      const cardPart = restOf(whole, giftPart);
      expect(giftPart.reduce((sum, line) => sum + partsTotal(line), 0)).toBe(gift);
      expect(cardPart.reduce((sum, line) => sum + partsTotal(line), 0)).toBe(total - gift);
      expect(sumParts([...giftPart, ...cardPart])).toEqual(sumParts(whole));
      // Each part is within a cent of its exact share.
      giftPart.forEach((line, index) => {
        for (const field of ['goods', 'discount', 'shipping', 'tax', 'giftCard'] as const)
          expect(Math.abs(line[field] - (whole[index][field] * gift) / (total || 1))).toBeLessThanOrEqual(1);
      });
    }),
  );
});
