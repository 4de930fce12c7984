import { cartLineKey, isGiftCardLine } from '#shared/gift-card-lines';
import { cartSchema, type CartLine } from '#shared/schemas/cart';
import { MAX_QUANTITY } from '#shared/sizes';

/**
 * The cart's actions (spec section 4). A line is named by its product and size, or by its key (`cartLineKey`): a gift
 * card's line is its own, keyed by its details (docs/decisions/0127).
 */
export type CartAction =
  | { type: 'ADD_TO_CART'; line: CartLine }
  | { type: 'REMOVE_FROM_CART'; id: string; size: string; key?: string }
  | { type: 'UPDATE_QUANTITY'; id: string; size: string; key?: string; quantity: number }
  | { type: 'SET_CART'; cart: CartLine[] }
  | { type: 'CLEAR_CART' };

/** The same line: the same product, size, name and picture; a gift card, the same card. */
const sameLine = (a: CartLine, b: CartLine) =>
  isGiftCardLine(a) || isGiftCardLine(b)
    ? cartLineKey(a) === cartLineKey(b)
    : a.id === b.id && a.size === b.size && a.name === b.name && a.image === b.image;

/** Whether `line` is the one an action names. */
const named = (line: CartLine, action: { id: string; size: string; key?: string }) =>
  cartLineKey(line) === (action.key ?? `${action.id}|${action.size}`);

/** Most units a line may hold: a gift card is one card (its quantity is always 1). */
const mostOf = (line: CartLine) => (isGiftCardLine(line) ? 1 : MAX_QUANTITY);

export function cartReducer(cart: CartLine[], action: CartAction): CartLine[] {
  switch (action.type) {
    case 'ADD_TO_CART': {
      const existing = cart.find((line) => sameLine(line, action.line));
      if (!existing)
        return [...cart, { ...action.line, quantity: Math.min(action.line.quantity, mostOf(action.line)) }];
      return cart.map((line) =>
        line === existing ? { ...line, quantity: Math.min(line.quantity + action.line.quantity, mostOf(line)) } : line,
      );
    }
    case 'REMOVE_FROM_CART':
      return cart.filter((line) => !named(line, action));
    case 'UPDATE_QUANTITY':
      if (action.quantity <= 0) return cart.filter((line) => !named(line, action));
      return cart.map((line) =>
        named(line, action) ? { ...line, quantity: Math.min(action.quantity, mostOf(line)) } : line,
      );
    case 'SET_CART':
      return action.cart;
    case 'CLEAR_CART':
      return [];
  }
}

/**
 * How many of `line` Add to Cart really adds: what fits under the limit (MAX_QUANTITY, spec section 9) in the line it
 * joins; 0 when that line is full. The page then says what was added, not what was asked for.
 */
export function fitsInLine(cart: readonly CartLine[], line: CartLine): number {
  const existing = cart.find((current) => sameLine(current, line));
  return Math.max(0, Math.min(line.quantity, mostOf(line) - (existing?.quantity ?? 0)));
}

/** Adds a guest cart into the saved one at sign-in, so a shopper loses nothing (quantities add up, capped). */
export function mergeCarts(saved: CartLine[], guest: CartLine[]): CartLine[] {
  return guest.reduce((cart, line) => cartReducer(cart, { type: 'ADD_TO_CART', line }), saved);
}

/**
 * The cart a reminder's link brings back (docs/decisions/0088), put into the cart this browser holds: a line of both
 * takes the larger quantity (the same link opened twice does not double it), a line of this browser's own stays.
 */
export function withRestored(current: CartLine[], restored: CartLine[]): CartLine[] {
  const merged = current.map((line) => {
    const again = restored.find((candidate) => sameLine(line, candidate));
    return again ? { ...again, quantity: Math.min(Math.max(line.quantity, again.quantity), mostOf(again)) } : line;
  });
  return [...merged, ...restored.filter((line) => !current.some((existing) => sameLine(existing, line)))];
}

export const CART_STORAGE_KEY = 'cart';

/** The cart kept in local storage, read back only when it is a list of valid lines. */
export function readStoredCart(storage: Storage = localStorage): CartLine[] {
  try {
    const parsed = cartSchema.safeParse(JSON.parse(storage.getItem(CART_STORAGE_KEY) ?? 'null'));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

export const cartCount = (cart: CartLine[]) => cart.reduce((sum, line) => sum + line.quantity, 0);
