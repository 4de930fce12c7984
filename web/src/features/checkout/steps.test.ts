import type { CartLine } from '#shared/schemas/cart';
import {
  addressFor,
  cartKey,
  EMPTY_ADDRESS,
  FORGETS,
  pricedHolds,
  stepOfPath,
  stepToShow,
  STEP_PATH,
  type CheckoutFacts,
  type PricedCheckout,
} from './steps';

const tee: CartLine = { id: 'tee', name: 'Tee', image: '/t.jpg', price: 2499, size: 'M', quantity: 2 };
const candle: CartLine = { id: 'candle', name: 'Candle', image: '/c.jpg', price: 1800, size: 'CANDLE', quantity: 1 };
const address = {
  name: 'Ada Buyer',
  email: 'ada@example.com',
  line1: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
};
const priced = (over: Partial<PricedCheckout> = {}): PricedCheckout => ({
  intent: {
    clientSecret: 'pi_1_secret_2',
    paymentIntentId: 'pi_1',
    checkoutId: 'c',
    amounts: { subtotal: 4998, discount: 0, shipping: 599, tax: 350, total: 5947 },
    cardAmount: 5947,
    paymentMode: 'test',
  },
  cartKey: cartKey([tee]),
  who: null,
  address,
  promoCode: null,
  ...over,
});
const facts = (over: Partial<CheckoutFacts> = {}): CheckoutFacts => ({
  cart: [tee],
  who: null,
  address,
  promoCode: null,
  priced: priced(),
  ...over,
});

describe('what each step needs', () => {
  it('the cart needs nothing; the shipping step a cart with lines; the payment step a priced checkout that holds', () => {
    expect(stepToShow('cart', facts({ cart: [] }))).toBe('cart');
    expect(stepToShow('shipping', facts({ cart: [] }))).toBe('cart');
    expect(stepToShow('shipping', facts({ priced: null }))).toBe('shipping');
    expect(stepToShow('payment', facts({ priced: null }))).toBe('shipping');
    expect(stepToShow('payment', facts({ cart: [], priced: null }))).toBe('cart');
    expect(stepToShow('payment', facts())).toBe('payment');
  });

  it('the payment step goes back to shipping when the cart, the shopper, the address or the promo code changed since Next', () => {
    expect(stepToShow('payment', facts({ cart: [tee, candle] }))).toBe('shipping'); // a line added in another tab
    expect(stepToShow('payment', facts({ cart: [{ ...tee, quantity: 3 }] }))).toBe('shipping');
    expect(stepToShow('payment', facts({ who: 'user-1' }))).toBe('shipping'); // signed in meanwhile
    expect(stepToShow('payment', facts({ address: { ...address, state: 'CA' } }))).toBe('shipping'); // edited, then Forward
    expect(stepToShow('payment', facts({ promoCode: 'SAVE10' }))).toBe('shipping');
    // A loader runs before the session is known: the shopper is then not compared (the page compares it once known).
    expect(stepToShow('payment', facts({ who: undefined }))).toBe('payment');
    // Another name or price on a line is the same order for the server (it prices from its own records).
    expect(pricedHolds(facts({ cart: [{ ...tee, price: 1, name: 'Renamed' }] }))).toBe(true);
  });

  it('once the card is authorized the payment step stays, whatever the cart does, until the order is known', () => {
    expect(stepToShow('payment', facts({ cart: [], priced: priced({ authorized: true }) }))).toBe('payment');
    expect(stepToShow('payment', facts({ cart: [candle], who: 'someone', priced: priced({ authorized: true }) }))).toBe(
      'payment',
    );
  });

  it('reads the step from its address', () => {
    expect([STEP_PATH.cart, STEP_PATH.shipping, STEP_PATH.payment, '/cart/payment/'].map(stepOfPath)).toEqual([
      'cart',
      'shipping',
      'payment',
      'payment',
    ]);
  });
});

describe('what moving back and each event forget', () => {
  it('moving back forgets nothing: Forward finds the card step again while nothing changed', () => {
    // Back to the shipping step and Forward again: the same facts, so the payment step is shown.
    expect(stepToShow('payment', facts())).toBe('payment');
    expect(Object.keys(FORGETS)).not.toContain('back');
  });

  it('a closed checkout, stopped card attempts or a refused order forget the checkout and its amounts, never the typed address', () => {
    for (const event of ['checkoutGone', 'cardStopped', 'orderRefused'] as const) {
      expect([event, [...FORGETS[event]].sort()]).toEqual([event, ['checkout', 'priced']]);
    }
  });

  it('paying forgets everything of the checkout', () => {
    expect([...FORGETS.paid].sort()).toEqual(['address', 'checkout', 'priced', 'promo']);
  });
});

describe('whose typed address is shown', () => {
  it('a guest’s stays when they sign in; a signed-in shopper’s is not shown after signing out or to another account', () => {
    expect(addressFor({ address, who: null }, null)).toEqual(address);
    expect(addressFor({ address, who: null }, 'user-1')).toEqual(address);
    expect(addressFor({ address, who: 'user-1' }, 'user-1')).toEqual(address);
    expect(addressFor({ address, who: 'user-1' }, null)).toEqual(EMPTY_ADDRESS);
    expect(addressFor({ address, who: 'user-1' }, 'user-2')).toEqual(EMPTY_ADDRESS);
    expect(addressFor(null, null)).toEqual(EMPTY_ADDRESS);
  });
});
