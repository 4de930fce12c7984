import { nearlyThere, nextSaleEdge, planDiscounts, secondsToEdge, shownSale, type SaleRules } from './sales';

/** The rules of sales without a code (issue 54, docs/decisions/0178): what each kind takes off and how they combine. */
const on = { startsAt: '2026-12-04T05:00:00.000Z', endsAt: '2026-12-08T05:00:00.000Z', active: true, uses: 0 };
const now = new Date('2026-12-05T12:00:00Z');
const sale = (terms: Partial<SaleRules> & Pick<SaleRules, 'saleId' | 'kind'>): SaleRules => ({
  name: terms.saleId,
  ...on,
  ...terms,
});
const candle = (quantity: number, price = 1800) => ({ id: 'candle', tag: 'candles', price, quantity });
const tee = (quantity: number) => ({ id: 'tee', tag: 'tees, shirts', price: 2500, quantity });
const trio = sale({ saleId: 'trio', kind: 'buy_get', category: 'candles', buy: 2, get: 1, percentOff: 100 });

it('buy 2, the third free: in each group of three the cheapest is free; a group not full takes nothing', () => {
  const lines = [candle(2, 1800), { id: 'small', tag: 'candles', price: 1000, quantity: 2 }];
  const plan = planDiscounts({ lines, sales: [trio], now, shipping: 599 });
  // Units 1800, 1800, 1000 | 1000: the first group's cheapest (1000) is free; the second is not full.
  expect(plan.lineOff).toEqual([0, 1000]);
  expect(plan.discounts).toEqual([{ name: 'trio', amount: 1000 }]);
  expect(nearlyThere({ lines: [candle(2)], sales: [trio], now })).toEqual(['Add one more candle: the third is free']);
  expect(nearlyThere({ lines: [candle(1)], sales: [trio], now })).toEqual(['Add two more candles: the third is free']);
  expect(nearlyThere({ lines: [candle(3)], sales: [trio], now })).toEqual([]);
});

it('one product discount per line, the best for the shopper; gift cards take none', () => {
  const percent = sale({ saleId: 'percent', kind: 'off_items', category: 'tees', percentOff: 20 });
  const amount = sale({ saleId: 'amount', kind: 'off_items', products: ['tee'], amountOff: 600 });
  const plan = planDiscounts({
    lines: [tee(2), { id: 'gift-card', tag: '', price: 5000, quantity: 1, gift: true }],
    sales: [percent, amount],
    now,
    shipping: 599,
  });
  // 20% of 5000 = 1000 < 2 x 600 = 1200.
  expect(plan.lineOff).toEqual([1200, 0]);
  expect(plan.lineSale).toEqual(['amount', null]);
  expect(shownSale({ id: 'tee', tag: 'tees', price: 2500 }, [percent, amount], now)).toMatchObject({
    price: 1900,
    was: 2500,
  });
});

it('an order sale and a code: combined when marked, else the larger (a smaller code is refused); free shipping always', () => {
  const order = sale({ saleId: 'order', kind: 'off_order', amountOff: 1000, minSubtotal: 3000 });
  const lines = [candle(2)];
  const base = { lines, sales: [order], now, shipping: 599 };
  expect(planDiscounts({ ...base, promo: { code: 'P10', kind: 'percent', value: 10 } }).promoRefused).toEqual({
    sale: 'order',
  });
  const big = planDiscounts({ ...base, promo: { code: 'P50', kind: 'percent', value: 50 } });
  expect(big.discounts).toEqual([{ name: 'Promo code P50', amount: 1800 }]);
  const both = planDiscounts({ ...base, promo: { code: 'W', kind: 'percent', value: 10, combinesWithSales: true } });
  expect(both.discounts).toEqual([
    { name: 'order', amount: 1000 },
    { name: 'Promo code W', amount: 260 },
  ]);
  const ship = planDiscounts({ ...base, promo: { code: 'S', kind: 'shipping', value: 0 } });
  expect([ship.goodsOff, ship.shippingOff]).toEqual([1000, 599]);
  // Never below zero: an amount off larger than what is left takes what is left.
  const huge = sale({ saleId: 'huge', kind: 'off_order', amountOff: 999_999, minSubtotal: 0 });
  expect(planDiscounts({ lines, sales: [huge], now, shipping: 599 }).goodsOff).toBe(3600);
  expect(nearlyThere({ lines: [candle(1)], sales: [order], now })).toEqual([
    'Add $12.00 more to take $10.00 off your order',
  ]);
});

it('a sale is on from its start to before its end, while active and under its limit; the next edge caps caching', () => {
  const at = (iso: string) => planDiscounts({ lines: [candle(3)], sales: [trio], now: new Date(iso), shipping: 0 });
  expect(at('2026-12-04T04:59:59.999Z').goodsOff).toBe(0);
  expect(at('2026-12-04T05:00:00.000Z').goodsOff).toBe(1800);
  expect(at('2026-12-08T04:59:59.999Z').goodsOff).toBe(1800);
  expect(at('2026-12-08T05:00:00.000Z').goodsOff).toBe(0);
  const usedUp = { ...trio, maxUses: 5, uses: 5 };
  expect(planDiscounts({ lines: [candle(3)], sales: [usedUp], now, shipping: 0 }).goodsOff).toBe(0);
  expect(nextSaleEdge([trio], new Date('2026-12-01T00:00:00Z'))).toBe(trio.startsAt);
  expect(secondsToEdge([trio], new Date('2026-12-04T04:59:50Z'), 30)).toBe(10);
  expect(secondsToEdge([trio], now, 30)).toBe(30);
});
