import { refundPlan, sharesOf, unitPart, type RefundableOrder, type RefundedSoFar } from './refunds';

/** The rule of a refund's amount (docs/decisions/0116): from the order's stored shares, to the cent. */
const candles: RefundableOrder = {
  // 3 candles at $18 with a $5 code, shipping $5.99, tax 8.875% (as the checkout would store the shares).
  lines: [
    {
      id: 'candle',
      name: 'Candle',
      size: 'CANDLE',
      price: 1800,
      quantity: 3,
      shares: { discount: 500, shipping: 599, tax: 497, shippingTax: 53 },
    },
  ],
  amounts: { discount: 500, shipping: 599, tax: 497 },
};
const total = 5400 - 500 + 599 + 497;
const fresh = (captured = total): RefundedSoFar => ({ captured, refunded: 0, units: {}, shipping: false });
const candle = (quantity: number) => ({ id: 'candle', size: 'CANDLE', quantity });
const plan = (order: RefundableOrder, sofar: RefundedSoFar, asked: Parameters<typeof refundPlan>[2]) => {
  const result = refundPlan(order, sofar, asked);
  if ('error' in result) throw new Error(result.error);
  return result.plan;
};

it('a unit at a time gives back each share exactly, whatever the rounding', () => {
  // 444 of tax on goods over 3 units: 148 each; a discount of 500: 167, 166, 167.
  expect([0, 1, 2].map((before) => unitPart(500, 3, before, 1))).toEqual([167, 166, 167]);
  expect([0, 1, 2, 3, 4, 5, 6].map((before) => unitPart(7, 7, before, 1)).reduce((a, b) => a + b)).toBe(7);
  for (const [share, quantity] of [
    [1, 3],
    [2, 3],
    [999, 7],
    [5, 9],
  ])
    expect(
      Array.from({ length: quantity }, (_, before) => unitPart(share, quantity, before, 1)).reduce((a, b) => a + b),
    ).toBe(share);
});

it('every unit and the shipping, in any parts, add up to the order total to the cent', () => {
  let sofar = fresh();
  const parts: number[] = [];
  for (const asked of [
    { lines: [candle(1)], shipping: false },
    { lines: [candle(2)], shipping: true },
  ]) {
    const made = plan(candles, sofar, asked);
    parts.push(made.total);
    sofar = {
      ...sofar,
      refunded: sofar.refunded + made.total,
      units: { 'candle|CANDLE': (sofar.units['candle|CANDLE'] ?? 0) + made.lines[0].quantity },
      shipping: sofar.shipping || asked.shipping,
    };
  }
  // One candle: 1800 - 167 + 148 = 1781.
  expect(parts[0]).toBe(1781);
  expect(parts[0] + parts[1]).toBe(total);
  expect(refundPlan(candles, sofar, { lines: [], shipping: false, amount: 1 })).toEqual({
    error: 'Nothing is left to refund on this order.',
  });
});

it('refuses more units than are left, the shipping twice, items and an amount together, and too much money', () => {
  expect(refundPlan(candles, fresh(), { lines: [candle(4)], shipping: false })).toEqual({
    error: 'At most 3 of Candle can be refunded.',
  });
  expect(
    refundPlan(candles, { ...fresh(), units: { 'candle|CANDLE': 3 } }, { lines: [candle(1)], shipping: false }),
  ).toEqual({ error: 'Candle was refunded already.' });
  expect(refundPlan(candles, { ...fresh(), shipping: true }, { lines: [], shipping: true })).toEqual({
    error: 'The shipping was refunded already.',
  });
  expect(refundPlan(candles, fresh(), { lines: [candle(1)], shipping: false, amount: 100 })).toEqual({
    error: 'Refund either items or an amount, not both.',
  });
  expect(refundPlan(candles, { ...fresh(), refunded: total - 100 }, { lines: [candle(1)], shipping: false })).toEqual({
    error: 'These items come to $17.81, but only $1.00 is left to refund.',
  });
  expect(refundPlan(candles, fresh(), { lines: [], shipping: false })).toEqual({
    error: 'Choose what to refund: items, the shipping or an amount.',
  });
});

it("a free-shipping code's discount belongs to the shipping: a line gives back its price and tax", () => {
  const free: RefundableOrder = {
    lines: [{ ...candles.lines[0], shares: { discount: 599, shipping: 599, tax: 444, shippingTax: 0 } }],
    amounts: { discount: 599, shipping: 599, tax: 444 },
    discountOnShipping: true,
  };
  expect(plan(free, fresh(5400 + 444), { lines: [candle(1)], shipping: false }).total).toBe(1800 + 148);
  expect(refundPlan(free, fresh(5400 + 444), { lines: [], shipping: true })).toEqual({
    error: 'This order has no shipping charge to refund.',
  });
});

it('an order from before the shares were kept is split by the same rule', () => {
  const old: RefundableOrder = {
    lines: [
      { id: 'a', name: 'A', size: 'CANDLE', price: 1000, quantity: 1 },
      { id: 'b', name: 'B', size: 'CANDLE', price: 2000, quantity: 1 },
    ],
    amounts: { discount: 0, shipping: 599, tax: 301 },
  };
  const shares = sharesOf(old);
  expect(shares.reduce((sum, s) => sum + s.tax, 0)).toBe(301);
  expect(shares.reduce((sum, s) => sum + s.shipping, 0)).toBe(599);
});
