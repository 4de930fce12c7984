import fc from 'fast-check';
import { entryLines, partsTotal, sumParts } from '#shared/ledger-parts';
import type { OrderRecord } from '../../db/entities/order';
import {
  givenBackInAll,
  paidInAll,
  planCancel,
  planRefund,
  type MoneyOrder,
  type PlannedEntry,
  type RefundAsk,
  type TotalsChange,
} from './plans';

/**
 * The money decisions of a refund in part and a cancel, as pure plans (issue 52 item 3, docs/decisions/0155), in the
 * fast loop: table-driven cases, and properties over generated orders refunded in random parts. What only a
 * transaction shows (races, conditions, exactly once) stays in functions/http/orders/*.test.ts.
 */

type Order = MoneyOrder & { entries: PlannedEntry[] };

/** An order paid `card` by card (captured) and `gift` by a gift card, of candles at `price` and a tee. */
function anOrder(
  lines: { id: string; price: number; quantity: number }[],
  given: Omit<Order['amounts'], 'total'>,
  gift = 0,
): Order {
  const total = given.subtotal - (given.discount ?? 0) + given.shipping + given.tax;
  const amounts = { ...given, total };
  const card = total - gift;
  return {
    orderNumber: '1042',
    lines: lines.map((line) => ({ ...line, name: line.id, image: '', size: 'ONE' })) as unknown as OrderRecord['lines'],
    amounts,
    payments: [
      ...(card > 0
        ? [{ method: 'card' as const, provider: 'test' as const, intentId: 'pi_test_1', amount: card }]
        : []),
      ...(gift > 0 ? [{ method: 'gift_card' as const, cardId: 'gc_1', last4: 'ABCD', amount: gift }] : []),
    ],
    paymentStatus: 'captured',
    captured: card,
    giftCardPaid: gift,
    entries: [],
  };
}

/** What the apply step's transaction does to the order's totals: adds the plan's change, sets its units. */
function applied(order: Order, add: TotalsChange, entries: PlannedEntry[], set: Partial<MoneyOrder> = {}): Order {
  return {
    ...order,
    ...set,
    refunded: (order.refunded ?? 0) + add.refunded,
    giftCardReturned: (order.giftCardReturned ?? 0) + add.giftCardReturned,
    storeCredited: (order.storeCredited ?? 0) + add.storeCredited,
    entries: [...order.entries, ...entries],
  };
}

const ask = (extra: Partial<RefundAsk>): RefundAsk => ({
  refundId: 'r1',
  lines: [],
  shipping: false,
  to: 'payment',
  restock: false,
  ...extra,
});

const candles = anOrder([{ id: 'candle', price: 1800, quantity: 3 }], {
  subtotal: 5400,
  discount: 0,
  shipping: 599,
  tax: 400,
});
const halfGift = anOrder(
  [{ id: 'candle', price: 1800, quantity: 3 }],
  { subtotal: 5400, discount: 0, shipping: 599, tax: 400 },
  3000,
);

describe('a refund in part, planned', () => {
  it.each([
    {
      name: 'one candle to the card, restocked',
      order: candles,
      ask: ask({ lines: [{ id: 'candle', size: 'ONE', quantity: 1 }], restock: true }),
      to: { card: 1800 + 133, giftCard: 0, storeCredit: 0 },
      restock: [{ id: 'candle', size: 'ONE', quantity: 1 }],
      kinds: ['refunded'],
    },
    {
      name: 'the shipping, to the card',
      order: candles,
      ask: ask({ shipping: true }),
      to: { card: 599, giftCard: 0, storeCredit: 0 },
      restock: [],
      kinds: ['refunded'],
    },
    {
      name: 'an amount past the card: the card first, then the gift card',
      order: halfGift,
      ask: ask({ amount: 3500 }),
      to: { card: 3399, giftCard: 101, storeCredit: 0 },
      restock: [],
      kinds: ['refunded', 'gift_card_returned'],
    },
    {
      name: 'two candles as store credit: no money back, an entry of zero for the card',
      order: halfGift,
      ask: ask({ lines: [{ id: 'candle', size: 'ONE', quantity: 2 }], to: 'store_credit' }),
      to: { card: 0, giftCard: 0, storeCredit: 3600 + 267 },
      restock: [],
      kinds: ['refunded', 'store_credit'],
    },
  ])('$name', ({ order, ask: asked, to, restock, kinds }) => {
    const result = planRefund(order, asked, Infinity);
    if ('error' in result) throw new Error(result.error);
    expect(result.plan.to).toEqual(to);
    expect(result.plan.restock).toEqual(restock);
    expect(result.plan.entries.map((entry) => entry.kind)).toEqual(kinds);
    expect(result.plan.to.card + result.plan.to.giftCard + result.plan.to.storeCredit).toBe(result.plan.refund.total);
  });

  it.each([
    ['At most $63.99 is left to refund.', ask({ amount: 6400 })],
    ['At most 3 of candle can be refunded.', ask({ lines: [{ id: 'candle', size: 'ONE', quantity: 4 }] })],
    ['Choose what to refund: items, the shipping or an amount.', ask({})],
  ])('refused: %s', (error, asked) => {
    expect(planRefund(candles, asked, Infinity)).toEqual({ error });
  });

  it('refused past the room gift cards bought still leave', () => {
    expect(planRefund(candles, ask({ amount: 100 }), 99)).toEqual({ error: 'room' });
  });
});

describe('a cancel, planned', () => {
  it('gives back the rest of the card and the gift card, and restocks what refunds did not', () => {
    const one = planRefund(halfGift, ask({ lines: [{ id: 'candle', size: 'ONE', quantity: 1 }], restock: true }), 1e9);
    if ('error' in one) throw new Error(one.error);
    const after = applied(halfGift, one.plan.add, one.plan.entries, { restocked: one.plan.restocked });
    const cancel = planCancel(after);
    expect(cancel.to).toEqual({ card: 3399 - 1933, giftCard: 3000 });
    expect(cancel.restock).toEqual([{ id: 'candle', size: 'ONE', quantity: 2 }]);
    expect(cancel.entries.map((entry) => [entry.entryId, entry.amount])).toEqual([
      ['cancel', 1466],
      ['gift-card-cancel', 3000],
    ]);
  });

  it('of an order a gift card paid in full: no card entry', () => {
    const gift = anOrder(
      [{ id: 'candle', price: 1800, quantity: 1 }],
      {
        subtotal: 1800,
        discount: 0,
        shipping: 0,
        tax: 0,
      },
      1800,
    );
    expect(planCancel(gift)).toMatchObject({ byCard: false, to: { card: 0, giftCard: 1800 } });
    expect(planCancel(gift).entries.map((entry) => entry.kind)).toEqual(['gift_card_returned']);
  });
});

// ---- Properties over generated orders --------------------------------------------------------------------------------

/** A generated order: 1-4 lines, a discount of up to half, shipping and tax, paid partly by a gift card. */
const anyOrder: fc.Arbitrary<Order> = fc
  .record({
    lines: fc.uniqueArray(
      fc.record({
        id: fc.constantFrom('tee', 'mug', 'candle', 'tumbler', 'cap'),
        price: fc.integer({ min: 100, max: 9_000 }),
        quantity: fc.integer({ min: 1, max: 4 }),
      }),
      { minLength: 1, maxLength: 4, selector: (line) => line.id },
    ),
    discountPercent: fc.integer({ min: 0, max: 50 }),
    shipping: fc.integer({ min: 0, max: 1_500 }),
    taxPercent: fc.integer({ min: 0, max: 10 }),
    giftFraction: fc.constantFrom(0, 0, 0.25, 0.5, 1),
  })
  .map(({ lines, discountPercent, shipping, taxPercent, giftFraction }) => {
    const subtotal = lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
    const discount = Math.floor((subtotal * discountPercent) / 100);
    const tax = Math.round(((subtotal - discount + shipping) * taxPercent) / 100);
    const total = subtotal - discount + shipping + tax;
    return anOrder(lines, { subtotal, discount, shipping, tax }, Math.round(total * giftFraction));
  });

/** A refund someone might ask for of this order: some units of some lines, the shipping, or an amount. */
const anAsk = (order: Order): fc.Arbitrary<RefundAsk> =>
  fc.oneof(
    fc.record({
      refundId: fc.uuid(),
      lines: fc
        .subarray(order.lines.map((line) => ({ id: line.id, size: line.size, quantity: line.quantity })))
        .chain((lines) =>
          fc.tuple(
            ...lines.map((line) =>
              fc.integer({ min: 1, max: line.quantity }).map((quantity) => ({ ...line, quantity })),
            ),
          ),
        ),
      shipping: fc.boolean(),
      to: fc.constantFrom('payment' as const, 'payment' as const, 'store_credit' as const),
      restock: fc.boolean(),
    }),
    fc.record({
      refundId: fc.uuid(),
      lines: fc.constant([]),
      shipping: fc.constant(false),
      amount: fc.integer({ min: 1, max: paidInAll(order) + 10 }),
      to: fc.constantFrom('payment' as const, 'store_credit' as const),
      restock: fc.constant(false),
    }),
  );

/** The order's totals agree with its entries, each entry's parts come to its amount, and nothing went back twice. */
function expectTheLedgerHolds(order: Order) {
  const sum = (kinds: string[]) =>
    order.entries.filter((entry) => kinds.includes(entry.kind)).reduce((total, entry) => total + entry.amount, 0);
  expect(sum(['refunded', 'cancelled'])).toBe(order.refunded ?? 0);
  expect(sum(['gift_card_returned'])).toBe(order.giftCardReturned ?? 0);
  expect(sum(['store_credit'])).toBe(order.storeCredited ?? 0);
  expect(order.refunded ?? 0).toBeLessThanOrEqual(order.captured ?? 0);
  expect(order.giftCardReturned ?? 0).toBeLessThanOrEqual(order.giftCardPaid ?? 0);
  expect(givenBackInAll(order)).toBeLessThanOrEqual(paidInAll(order));
  for (const entry of order.entries) {
    const lines = entryLines(entry.basis, entry.amount);
    expect(partsTotal(sumParts(lines))).toBe(entry.amount);
  }
  expect(new Set(order.entries.map((entry) => entry.entryId)).size).toBe(order.entries.length);
}

/** Applies a refund's plan as its transaction would; a refused one changes nothing. */
function refunded(order: Order, asked: RefundAsk): Order {
  const result = planRefund(order, asked, Infinity);
  if ('error' in result) return order;
  const { plan } = result;
  expect(plan.to.card + plan.to.giftCard + plan.to.storeCredit).toBe(plan.refund.total);
  expect(plan.refund.total).toBeGreaterThan(0);
  return applied(order, plan.add, plan.entries, {
    refundedUnits: plan.refundedUnits,
    restocked: plan.restocked,
    shippingRefunded: plan.shippingRefunded,
  });
}

it('a generated order refunded in random parts never gives back more than was paid, and its entries agree', () => {
  fc.assert(
    fc.property(
      anyOrder.chain((order) => fc.tuple(fc.constant(order), fc.array(anAsk(order), { maxLength: 8 }))),
      ([order, asks]) => {
        let now = order;
        for (const asked of asks) {
          now = refunded(now, asked);
          expectTheLedgerHolds(now);
        }
        // A cancel after it gives back exactly what is left, the way it was paid.
        const cancel = planCancel(now);
        const end = applied(now, cancel.add, cancel.entries);
        expectTheLedgerHolds(end);
        expect(givenBackInAll(end)).toBe(paidInAll(end));
      },
    ),
  );
});

it('a generated order refunded unit by unit and its shipping gives back its total to the cent', () => {
  fc.assert(
    fc.property(anyOrder, fc.boolean(), (order, shippingFirst) => {
      let now = order;
      const asks: RefundAsk[] = order.lines.flatMap((line) =>
        Array.from({ length: line.quantity }, (_, unit) =>
          ask({ refundId: `${line.id}-${unit}`, lines: [{ id: line.id, size: line.size, quantity: 1 }] }),
        ),
      );
      const shipping = ask({ refundId: 'shipping', shipping: true });
      for (const asked of shippingFirst ? [shipping, ...asks] : [...asks, shipping]) now = refunded(now, asked);
      expectTheLedgerHolds(now);
      const total = order.amounts.subtotal - (order.amounts.discount ?? 0) + order.amounts.shipping + order.amounts.tax;
      // Every unit and the shipping came back (a $0 shipping has nothing to refund).
      expect(givenBackInAll(now)).toBe(total);
      expect(now.refunded).toBe(order.captured);
      expect(now.giftCardReturned).toBe(order.giftCardPaid);
      // And part by part: a cent moved between two parts (the discount's and the tax's) would still sum right above.
      const back = sumParts(now.entries.flatMap((entry) => entryLines(entry.basis, entry.amount)));
      expect({ goods: back.goods, discount: back.discount, shipping: back.shipping, tax: back.tax }).toEqual({
        goods: order.amounts.subtotal,
        discount: order.amounts.discount ?? 0,
        shipping: order.amounts.shipping,
        tax: order.amounts.tax,
      });
    }),
  );
});
