import { cartLineKey, giftCardLine } from '#shared/gift-card-lines';
import type { CartLine } from '#shared/schemas/cart';
import { cartReducer, fitsInLine, mergeCarts, readStoredCart, withRestored } from './cartReducer';

const tee: CartLine = { id: 't', name: 'Tee', image: '/t.svg', price: 2500, size: 'M', quantity: 2 };

describe('cart reducer (spec section 4)', () => {
  it('adds to the same line when id, size, name and image match, capped at 9', () => {
    let cart = cartReducer([], { type: 'ADD_TO_CART', line: tee });
    cart = cartReducer(cart, { type: 'ADD_TO_CART', line: { ...tee, quantity: 3 } });
    expect(cart).toEqual([{ ...tee, quantity: 5 }]);
    cart = cartReducer(cart, { type: 'ADD_TO_CART', line: { ...tee, quantity: 9 } });
    expect(cart[0].quantity).toBe(9);
  });

  it('Add to Cart adds what fits under 9 in the line it joins (and nothing to a full line)', () => {
    expect(fitsInLine([], { ...tee, quantity: 9 })).toBe(9);
    expect(fitsInLine([{ ...tee, quantity: 7 }], { ...tee, quantity: 5 })).toBe(2);
    expect(fitsInLine([{ ...tee, quantity: 9 }], { ...tee, quantity: 1 })).toBe(0);
    // Another size is another line.
    expect(fitsInLine([{ ...tee, quantity: 9 }], { ...tee, size: 'L', quantity: 3 })).toBe(3);
  });

  it('keeps separate lines for another size, name or image', () => {
    const cart = [
      { ...tee, size: 'L' as const },
      { ...tee, name: 'Tee 2' },
      { ...tee, image: '/x.svg' },
    ].reduce((c, line) => cartReducer(c, { type: 'ADD_TO_CART', line }), [tee]);
    expect(cart).toHaveLength(4);
  });

  it('updates quantities, removing a line at 0 or less; removes by id and size; sets and clears', () => {
    const two = [tee, { ...tee, size: 'L' as const }];
    expect(cartReducer(two, { type: 'UPDATE_QUANTITY', id: 't', size: 'M', quantity: 4 })[0].quantity).toBe(4);
    expect(cartReducer(two, { type: 'UPDATE_QUANTITY', id: 't', size: 'M', quantity: 0 })).toEqual([
      { ...tee, size: 'L' },
    ]);
    expect(cartReducer(two, { type: 'UPDATE_QUANTITY', id: 't', size: 'M', quantity: -1 })).toHaveLength(1);
    expect(cartReducer(two, { type: 'REMOVE_FROM_CART', id: 't', size: 'L' })).toEqual([tee]);
    expect(cartReducer([], { type: 'SET_CART', cart: two })).toEqual(two);
    expect(cartReducer(two, { type: 'CLEAR_CART' })).toEqual([]);
  });

  it('merges a guest cart into the saved one at sign-in', () => {
    expect(
      mergeCarts(
        [tee],
        [
          { ...tee, quantity: 8 },
          { ...tee, size: 'S' },
        ],
      ),
    ).toEqual([
      { ...tee, quantity: 9 },
      { ...tee, size: 'S' },
    ]);
  });

  it("a reminder's cart joins this browser's: own lines stay, a line of both takes the larger quantity (now's price), new lines come after", () => {
    const mug: CartLine = { ...tee, id: 'mug', size: '16oz' };
    expect(
      withRestored(
        [tee, mug],
        [
          { ...tee, quantity: 1, price: 2300 },
          { ...tee, size: 'L' },
        ],
      ),
    ).toEqual([{ ...tee, price: 2300 }, mug, { ...tee, size: 'L' }]);
    // The same link opened twice does not double a line.
    const once = withRestored([], [tee]);
    expect(withRestored(once, [tee])).toEqual([tee]);
    expect(withRestored([{ ...tee, quantity: 4 }], [{ ...tee, quantity: 7 }])).toEqual([{ ...tee, quantity: 7 }]);
    expect(withRestored([tee], [])).toEqual([tee]);
  });

  it('reads the stored cart back only when it is a list of valid lines', () => {
    localStorage.setItem('cart', JSON.stringify([tee]));
    expect(readStoredCart()).toEqual([tee]);
    for (const bad of ['{"a":1}', 'nonsense', JSON.stringify([{ ...tee, quantity: 50 }])]) {
      localStorage.setItem('cart', bad);
      expect(readStoredCart()).toEqual([]);
    }
  });
});

describe('gift card lines (docs/decisions/0127)', () => {
  const card = (name: string, amount = 5000) =>
    giftCardLine({ amount, recipientName: name, recipientEmail: `${name}@example.com`, deliverOn: '2026-12-24' });

  it('each card is its own line, one card each: two people are two lines, the same card added again stays one', () => {
    let cart = [card('Bea'), card('Cy'), card('Bea', 2500), tee].reduce(
      (c, line) => cartReducer(c, { type: 'ADD_TO_CART', line }),
      [] as CartLine[],
    );
    expect(cart.map((line) => [line.giftCard?.recipientName ?? line.name, line.quantity])).toEqual([
      ['Bea', 1],
      ['Cy', 1],
      ['Bea', 1],
      ['Tee', 2],
    ]);
    cart = cartReducer(cart, { type: 'ADD_TO_CART', line: card('Cy') });
    expect(cart).toHaveLength(4);
    expect(fitsInLine(cart, card('Cy'))).toBe(0);
    expect(fitsInLine(cart, card('Dee'))).toBe(1);
    // A card's quantity stays one; removing one card by its key leaves the others.
    const cy = cartLineKey(card('Cy'));
    expect(
      cartReducer(cart, { type: 'UPDATE_QUANTITY', id: 'gift-card', size: 'GIFT CARD', key: cy, quantity: 5 })[1],
    ).toMatchObject({ quantity: 1 });
    const left = cartReducer(cart, { type: 'REMOVE_FROM_CART', id: 'gift-card', size: 'GIFT CARD', key: cy });
    expect(left.map((line) => line.giftCard?.recipientName ?? line.name)).toEqual(['Bea', 'Bea', 'Tee']);
  });

  it('signing in merges a guest’s cards into the saved cart without doubling one', () => {
    expect(
      mergeCarts([card('Bea'), tee], [card('Bea'), card('Cy')]).map(
        (line) => line.giftCard?.recipientName ?? line.name,
      ),
    ).toEqual(['Bea', 'Tee', 'Cy']);
  });

  it('a stored cart keeps its cards, with their words as typed', () => {
    const typed = giftCardLine({ ...card('Fay').giftCard, recipientName: 'Fay & <Gus>', message: 'Hi & bye' });
    localStorage.setItem('cart', JSON.stringify([typed, tee]));
    expect(readStoredCart()).toEqual([typed, tee]);
    localStorage.setItem('cart', JSON.stringify([readStoredCart()[0]]));
    expect(readStoredCart()[0].giftCard).toMatchObject({ recipientName: 'Fay & <Gus>', message: 'Hi & bye' });
  });
});
