import { cartLineKey } from '#shared/gift-card-lines';
import type { CartLine } from '#shared/schemas/cart';
import type { ShippingAddress } from '#shared/schemas/address';
import type { CreateIntentResult } from '#shared/schemas/checkout';

/**
 * The card step's route id (checkoutRoutes.ts): the Order Details panel reads its priced checkout
 * (useRouteLoaderData).
 */
export const PAYMENT_ROUTE_ID = 'cart-payment';

/**
 * The checkout's steps and their rules, in one place (issue 26, docs/decisions/0074): what each step needs, which
 * step a shopper lands on when it is missing, and what each event forgets. Pure: the route loaders (on every
 * navigation, reload, Back and Forward) and the step pages (when the cart or the session changes under them) ask
 * the same functions.
 */
export type Step = 'cart' | 'shipping' | 'payment';

export const STEP_PATH: Record<Step, string> = { cart: '/cart', shipping: '/cart/shipping', payment: '/cart/payment' };
/**
 * What the cart says under its heading, in every state (design section 4: an unpaid checkout holds no stock). Also in
 * the cart's first HTML (CheckoutShell), where it is the first screen's largest text on a phone, so the app filling in
 * the lines later paints nothing larger (docs/decisions/0120).
 */
export const CART_NOTE =
  'Nothing in your cart is held for you until you pay: the stock is checked again when you proceed, and the items are taken only once your payment goes through.';

/** The spec's step names (section 2): the cart, the Shipping Details step, then the card entry and Pay step. */
export const STEP_HEADING: Record<Step, string> = {
  cart: 'Your Cart',
  shipping: 'Shipping Details',
  payment: 'Payment',
};

export function stepOfPath(pathname: string): Step {
  const path = pathname.replace(/\/+$/, '');
  return path === STEP_PATH.payment ? 'payment' : path === STEP_PATH.shipping ? 'shipping' : 'cart';
}

export const EMPTY_ADDRESS: ShippingAddress = { name: '', email: '', line1: '', city: '', state: '', zip: '' };

/** A cart as the server prices it: which products, sizes and how many (and each gift card's details: decision 0127). */
export const cartKey = (cart: readonly Pick<CartLine, 'id' | 'size' | 'quantity' | 'giftCard'>[]) =>
  cart.map((line) => `${cartLineKey(line)}|${line.quantity}`).join(',');

/** The same details in every field, as typed. */
export const sameAddress = (a: ShippingAddress, b: ShippingAddress) =>
  (Object.keys(EMPTY_ADDRESS) as (keyof ShippingAddress)[]).every((key) => a[key] === b[key]);

/**
 * The card step's checkout as the server priced it when Next was pressed, kept for this tab (sessionStorage). It
 * holds the payment intent's client secret (never card data) and says what it priced.
 */
export interface PricedCheckout {
  intent: Omit<CreateIntentResult, 'checkoutSecret'>;
  /** The lines it priced (cartKey). */
  cartKey: string;
  /** Who it was priced for: a user id, or null for a guest. */
  who: string | null;
  address: ShippingAddress;
  promoCode: string | null;
  /**
   * The card was authorized: the order is being recorded (and is again after a reload), whatever the cart does
   * meanwhile.
   */
  authorized?: boolean;
}

/** What the steps know about this tab's checkout. */
export interface CheckoutFacts {
  cart: readonly CartLine[];
  /**
   * The shopper: a user id, null for a guest, undefined while not known (a route loader runs before the session check).
   */
  who?: string | null;
  /** The shipping details as typed so far. */
  address: ShippingAddress;
  /** The promo code applied in the cart, if any. */
  promoCode: string | null;
  priced: PricedCheckout | null;
}

/**
 * The priced checkout still prices what the shopper would pay for: the same lines, the same shopper, the same
 * address and the same promo code. A change anywhere (a line added in another tab, signing in or out, an edited
 * address, a code taken off) needs Next again, which prices the same checkout anew.
 */
export function pricedHolds(facts: CheckoutFacts): boolean {
  const { priced } = facts;
  if (!priced) return false;
  return (
    priced.cartKey === cartKey(facts.cart) &&
    (facts.who === undefined || priced.who === facts.who) &&
    sameAddress(priced.address, facts.address) &&
    priced.promoCode === facts.promoCode
  );
}

/**
 * The step shown for an address (`wanted`): the step itself when it has what it needs, else the first one missing.
 * - the cart needs nothing;
 * - the shipping step needs a cart with lines;
 * - the payment step needs a cart with lines and a priced checkout that holds for it (pricedHolds), or a card that
 *   was already authorized (the order is being recorded: the step stays until the order is known).
 */
export function stepToShow(wanted: Step, facts: CheckoutFacts): Step {
  if (wanted === 'payment' && facts.priced?.authorized) return 'payment';
  if (wanted === 'cart' || facts.cart.length === 0) return 'cart';
  if (wanted === 'payment' && !pricedHolds(facts)) return 'shipping';
  return wanted;
}

/** The parts of this tab's checkout kept in sessionStorage. */
export type CheckoutPart = 'priced' | 'checkout' | 'address' | 'promo';

/**
 * What each event forgets; the rest is kept. Moving back (the page's Back or the browser's) forgets nothing: the
 * typed address stays, the checkout id stays (the next Next prices the same checkout), and the priced amounts stay
 * for as long as they hold (pricedHolds), so Forward returns to the card step when nothing changed.
 * - checkoutGone: Next was told the checkout is closed or not this browser's: a new one is made at once;
 * - cardStopped: too many failed card attempts cancelled the payment: the next Next starts a new checkout;
 * - orderRefused: the stock or the code went while paying (nothing charged): back to the cart, a new checkout;
 * - paid: the order is recorded: nothing of this checkout is kept;
 * - restored: a reminder's link brought a cart back: this tab's checkout (and its priced amounts) is not that cart's,
 *   so Next makes a new one (the old checkout stays its own browser's: docs/decisions/0062, 0079).
 */
export type CheckoutEvent = 'checkoutGone' | 'cardStopped' | 'orderRefused' | 'paid' | 'restored';
export const FORGETS: Record<CheckoutEvent, readonly CheckoutPart[]> = {
  restored: ['checkout', 'priced'],
  checkoutGone: ['checkout', 'priced'],
  cardStopped: ['checkout', 'priced'],
  orderRefused: ['checkout', 'priced'],
  paid: ['checkout', 'priced', 'address', 'promo'],
};

/** The typed shipping details as kept, with who typed them (a user id; null: a guest). */
export interface KeptAddress {
  address: ShippingAddress;
  who: string | null;
}

/**
 * The typed details shown to `who`: what a signed-in shopper typed is shown to them only (after signing out, the next
 * shopper on this tab starts empty); what a guest typed stays when they sign in (they typed it).
 */
export function addressFor(kept: KeptAddress | null, who: string | null | undefined): ShippingAddress {
  if (!kept) return EMPTY_ADDRESS;
  return kept.who === null || who === undefined || kept.who === who ? kept.address : EMPTY_ADDRESS;
}
