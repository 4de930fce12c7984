import fc from 'fast-check';
import {
  cartLineKey,
  giftCardLine,
  giftCardLineText,
  giftCardProblem,
  goodsLines,
  orderShips,
  typedGiftCard,
} from './gift-card-lines';
import { addDays, giftCardsBoughtOf, shopDay } from './gift-cards';
import { amountsBeforeTax, estimateAmounts, promoBase, SHIPPING_CENTS } from './money';
import { cartLineSchema } from './schemas/cart';
import { checkoutLineSchema } from './schemas/checkout';
import { discountAndShippingShares } from './shares';
import { STATE_TAX_RATES } from './tax';
import { TAX_CODES, taxCodeOfSize } from './tax-codes';
import { tableTax } from './tax-rules';

/** Gift cards in a cart (issue 36 item 1, docs/decisions/0127): their lines and the amounts' rule for them. */
const today = shopDay(new Date());
const card = (amount = 5000, name = 'Bea') =>
  giftCardLine({ amount, recipientName: name, recipientEmail: `${name}@example.com`, deliverOn: today });
const candle = (quantity = 1) => ({
  id: 'candle',
  name: 'Candle',
  image: '/c.jpg',
  price: 1800,
  size: 'CANDLE' as const,
  quantity,
});

describe('a gift card line', () => {
  it('is the id gift-card, the size GIFT CARD, one card, priced at its amount; the schemas hold the three together', () => {
    expect(card(2500)).toMatchObject({ id: 'gift-card', size: 'GIFT CARD', quantity: 1, price: 2500 });
    expect(cartLineSchema.safeParse(card()).success).toBe(true);
    expect(cartLineSchema.safeParse({ ...card(), quantity: 2 }).success).toBe(false);
    expect(cartLineSchema.safeParse({ ...card(), size: 'CANDLE' }).success).toBe(false);
    expect(cartLineSchema.safeParse({ ...candle(), giftCard: card().giftCard }).success).toBe(false);
    expect(cartLineSchema.safeParse({ ...candle(), size: 'GIFT CARD' }).success).toBe(false);
    expect(cartLineSchema.safeParse({ ...card(), giftCard: undefined }).success).toBe(false);
  });

  it('keeps its words as typed in a cart; the checkout sanitises them once', () => {
    const typed = giftCardLine({ ...card().giftCard, recipientName: 'Fay & <Gus>', message: 'Hi & bye' });
    const inCart = cartLineSchema.parse(cartLineSchema.parse(typed));
    expect(inCart.giftCard).toMatchObject({ recipientName: 'Fay & <Gus>', message: 'Hi & bye' });
    const checkedOut = checkoutLineSchema.parse(inCart);
    expect(checkedOut.giftCard).toMatchObject({ recipientName: 'Fay &amp; &lt;Gus&gt;', message: 'Hi &amp; bye' });
    expect(typedGiftCard(checkedOut.giftCard!)).toEqual(inCart.giftCard);
  });

  it('is keyed by its details: two cards are two lines, the same card one key; a product line by id and size', () => {
    expect(cartLineKey(card(5000, 'Bea'))).not.toBe(cartLineKey(card(5000, 'Cy')));
    expect(cartLineKey(card(5000))).not.toBe(cartLineKey(card(2500)));
    expect(cartLineKey(card())).toBe(cartLineKey(card()));
    expect(cartLineKey(candle())).toBe('candle|CANDLE');
  });

  it('is named by who it is for and its day, and refused once its day has passed', () => {
    expect(giftCardLineText({ recipientName: 'Bea', deliverOn: '2026-12-24' })).toBe(
      'Gift card for Bea, mailed December 24, 2026',
    );
    expect(giftCardProblem({ amount: 5000, deliverOn: today }, new Date())).toBeNull();
    expect(giftCardProblem({ amount: 5000, deliverOn: addDays(today, -1) }, new Date())).toBe(
      'The delivery date cannot be in the past.',
    );
    expect(giftCardProblem({ amount: 900, deliverOn: today }, new Date())).toBe('A gift card can be from $10 to $500.');
  });

  it('an order ships only goods: gift cards only, or a quote of design work, ship nothing', () => {
    expect(orderShips({ lines: [card(), card(2500)] })).toBe(false);
    expect(orderShips({ lines: [card(), candle()] })).toBe(true);
    expect(orderShips({ lines: [candle()], quote: { ships: false } })).toBe(false);
    expect(goodsLines([card(), candle()])).toEqual([candle()]);
    expect(giftCardsBoughtOf([card(5000), candle(2), card(2500)])).toBe(7500);
  });
});

describe('the amounts of a cart with gift cards (shared/money.ts)', () => {
  it('gift cards only: the subtotal is theirs; no shipping, no discount, no tax; no promo code', () => {
    const lines = [card(5000), card(10000)];
    expect(amountsBeforeTax(lines, { kind: 'percent', value: 50 })).toMatchObject({
      subtotal: 15000,
      discount: 0,
      shipping: 0,
    });
    expect(promoBase(lines)).toEqual({ subtotal: 0, giftCardsOnly: true });
    expect(estimateAmounts(lines, 'IL')).toEqual({ subtotal: 15000, discount: 0, shipping: 0, tax: 0, total: 15000 });
  });

  it('with goods: the code, the shipping and the tax are the goods’; the card’s shares are 0 and the shares sum', () => {
    const lines = [candle(2), card(5000)];
    const before = amountsBeforeTax(lines, { kind: 'percent', value: 10 });
    expect(before).toMatchObject({ subtotal: 8600, discount: 360, shipping: SHIPPING_CENTS });
    expect(promoBase(lines)).toEqual({ subtotal: 3600, giftCardsOnly: false });
    expect(discountAndShippingShares(lines, before)).toEqual([
      { discount: 360, shipping: SHIPPING_CENTS },
      { discount: 0, shipping: 0 },
    ]);
    // An amount code never takes more than the goods.
    expect(amountsBeforeTax(lines, { kind: 'amount', value: 10000 }).discount).toBe(3600);
    // Illinois 6.25%: round((3600 - 360 + 599) x 0.0625) = 240.
    expect(estimateAmounts(lines, 'IL', 360)).toEqual({
      subtotal: 8600,
      discount: 360,
      shipping: SHIPPING_CENTS,
      tax: 240,
      total: 9079,
    });
  });

  it('the cart’s estimate is the card step’s table tax for any cart of goods and gift cards (the goods asked only)', () => {
    const sizes = fc.constantFrom('S', 'XL', '20inX40in', '16oz', 'CANDLE');
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.record({
              id: fc.constant('product'),
              size: sizes,
              price: fc.integer({ min: 1, max: 30_000 }),
              quantity: fc.integer({ min: 1, max: 9 }),
            }),
            fc.integer({ min: 1000, max: 50_000 }).map((amount) => card(amount)),
          ),
          { minLength: 1, maxLength: 6 },
        ),
        fc.constantFrom(...Object.keys(STATE_TAX_RATES)),
        fc.oneof(
          fc.constant(null),
          fc.record({ kind: fc.constant('percent' as const), value: fc.integer({ min: 1, max: 100 }) }),
          fc.record({ kind: fc.constant('amount' as const), value: fc.integer({ min: 1, max: 100_000 }) }),
        ),
        (cart, state, code) => {
          const before = amountsBeforeTax(cart, code);
          const shares = discountAndShippingShares(cart, before);
          const goods = cart.flatMap((line, index) =>
            line.id === 'gift-card'
              ? []
              : [{ ...line, amount: line.price * line.quantity, taxCode: taxCodeOfSize(line.size), ...shares[index] }],
          );
          const tax = tableTax({ state, discountOn: before.discountOn, lines: goods }).total;
          const estimate = estimateAmounts(cart, state, before.discount);
          const sum = (key: 'discount' | 'shipping') => shares.reduce((total, share) => total + share[key], 0);
          return (
            estimate.tax === tax &&
            estimate.shipping === before.shipping &&
            sum('discount') === before.discount &&
            sum('shipping') === before.shipping &&
            cart.every(
              (line, index) =>
                line.id !== 'gift-card' || (shares[index].discount === 0 && shares[index].shipping === 0),
            )
          );
        },
      ),
    );
  });

  it('a gift card line is never taxed by the table, whatever its share', () => {
    const line = { amount: 5000, quantity: 1, taxCode: TAX_CODES.nontaxable, discount: 0, shipping: 0 };
    expect(tableTax({ state: 'IL', discountOn: 'goods', lines: [line] }).total).toBe(0);
  });
});
