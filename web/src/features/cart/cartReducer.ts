import { cartSchema, type CartLine } from '#shared/schemas/cart';
import { MAX_QUANTITY } from '#shared/sizes';

/** The cart's actions (spec section 4). */
export type CartAction =
  | { type: 'ADD_TO_CART'; line: CartLine }
  | { type: 'REMOVE_FROM_CART'; id: string; size: string }
  | { type: 'UPDATE_QUANTITY'; id: string; size: string; quantity: number }
  | { type: 'SET_CART'; cart: CartLine[] }
  | { type: 'CLEAR_CART' };

const sameLine = (a: CartLine, b: Pick<CartLine, 'id' | 'size' | 'name' | 'image'>) =>
  a.id === b.id && a.size === b.size && a.name === b.name && a.image === b.image;

export function cartReducer(cart: CartLine[], action: CartAction): CartLine[] {
  switch (action.type) {
    case 'ADD_TO_CART': {
      const existing = cart.find((line) => sameLine(line, action.line));
      if (!existing) return [...cart, { ...action.line, quantity: Math.min(action.line.quantity, MAX_QUANTITY) }];
      return cart.map((line) =>
        line === existing ? { ...line, quantity: Math.min(line.quantity + action.line.quantity, MAX_QUANTITY) } : line,
      );
    }
    case 'REMOVE_FROM_CART':
      return cart.filter((line) => !(line.id === action.id && line.size === action.size));
    case 'UPDATE_QUANTITY':
      if (action.quantity <= 0) return cart.filter((line) => !(line.id === action.id && line.size === action.size));
      return cart.map((line) =>
        line.id === action.id && line.size === action.size
          ? { ...line, quantity: Math.min(action.quantity, MAX_QUANTITY) }
          : line,
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
  return Math.max(0, Math.min(line.quantity, MAX_QUANTITY - (existing?.quantity ?? 0)));
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
    return again ? { ...again, quantity: Math.min(Math.max(line.quantity, again.quantity), MAX_QUANTITY) } : line;
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
