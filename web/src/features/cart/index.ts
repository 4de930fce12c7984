/** The cart feature's public entry: what other features and the app may import from it (web/dependency-rules.md). */
export { CartProvider, useCart } from './CartProvider';
export { cartCount, CART_STORAGE_KEY, fitsInLine, readStoredCart, withRestored, type CartAction } from './cartReducer';
export { EarlierVisitNotice } from './EarlierVisitNotice';
