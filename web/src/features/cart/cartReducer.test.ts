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
