import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { savedCartSchema, type CartLine } from '#shared/schemas/cart';
import { api } from '../../lib/api';
import { useAuth } from '../auth';
import { cartCount, cartReducer, CART_STORAGE_KEY, mergeCarts, readStoredCart, type CartAction } from './cartReducer';

interface CartState {
  cart: CartLine[];
  dispatch: (action: CartAction) => void;
  /**
   * The cart the page loaded with is settled: the session is known and, when signed in, the saved cart has come (or
   * failed). A page that replaces the cart at load (a reminder's restore link) waits for it, so the saved cart arriving
   * later cannot put the old lines back.
   */
  settled: boolean;
  /**
   * Units that signing in brought from the cart saved on an earlier visit into the one this browser showed (0: none):
   * the page says so once (EarlierVisitNotice), then `dismissEarlierVisit`.
   */
  fromEarlierVisit: number;
  dismissEarlierVisit: () => void;
}

const CartContext = createContext<CartState | null>(null);

const fetchSaved = () => api('/auth/cart', savedCartSchema, { auth: true }).then((saved) => saved.cart.cart);
const save = (cart: CartLine[]) => api('/auth/cart', savedCartSchema, { auth: true, body: { cart } });

/**
 * The cart: kept in local storage; while signed in also saved on the server after each change. At sign-in
 * the guest cart is merged into the saved one (docs/decisions/0009).
 */
export function CartProvider({ children }: { children: ReactNode }) {
  const { user, ready } = useAuth();
  const [cart, rawDispatch] = useReducer(cartReducer, undefined, () => readStoredCart());
  const signedInAs = useRef<string | null>(null);
  const [settled, setSettled] = useState(false);
  const [fromEarlierVisit, setFromEarlierVisit] = useState(0);
  const dismissEarlierVisit = useCallback(() => setFromEarlierVisit(0), []);
  // The cart as last rendered, for dispatch: follows the state in the commit (a layout effect runs before any
  // event can), and dispatch moves it on at once so two actions in one event both count.
  const current = useRef(cart);
  useLayoutEffect(() => {
    current.current = cart;
  }, [cart]);

  // Kept in local storage after each change. Not at mount: the app starts in slices (decision 0082), so between
  // reading the stored cart and the first commit another tab (or this page before the app ran) may have written a
  // newer one, which a write here would overwrite unseen (no storage event reaches a listener not attached yet).
  // At mount the stored cart is read again instead, and taken when it changed.
  const mounted = useRef(false);
  useEffect(() => {
    if (!mounted.current) {
      mounted.current = true;
      const stored = readStoredCart();
      if (JSON.stringify(stored) !== JSON.stringify(cart)) {
        current.current = stored;
        rawDispatch({ type: 'SET_CART', cart: stored });
      }
      return;
    }
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(cart));
  }, [cart]);

  // Another tab changed the cart: take its cart, so this tab neither shows a stale one nor writes it back over the
  // other tab's change (a line added there would be lost). Browsers fire `storage` only in the other tabs, and only
  // when the value changed, so the write-back above does not echo.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== CART_STORAGE_KEY && event.key !== null) return;
      const next = readStoredCart();
      current.current = next;
      rawDispatch({ type: 'SET_CART', cart: next });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  // After page load the saved cart replaces the local one, which only mirrored it (spec section 4); at sign-in
  // the guest's lines are added into the saved cart (docs/decisions/0009). Merging at every load would add the
  // mirror to itself: each reload doubled a signed-in shopper's quantities.
  const loaded = useRef(false);
  useEffect(() => {
    if (!ready) return;
    const atLoad = !loaded.current;
    loaded.current = true;
    const userId = user?.userId ?? null;
    if (userId === signedInAs.current) return;
    const signedOut = signedInAs.current !== null && userId === null;
    signedInAs.current = userId;
    if (signedOut) rawDispatch({ type: 'CLEAR_CART' }); // sign-out clears the cart (spec section 4)
    if (!userId) return;
    fetchSaved()
      .then((saved) => {
        // Signed out (or in as someone else) while the saved cart was on its way: it is not this cart any more.
        if (signedInAs.current !== userId) return;
        if (atLoad) {
          rawDispatch({ type: 'SET_CART', cart: saved });
          return;
        }
        const guest = readStoredCart();
        const merged = mergeCarts(saved, guest);
        rawDispatch({ type: 'SET_CART', cart: merged });
        // What the saved cart added to what this browser showed (issue 34 item 4): said once, not at later loads.
        setFromEarlierVisit(Math.max(0, cartCount(merged) - cartCount(guest)));
        if (merged.length !== saved.length || merged.some((line, i) => line.quantity !== saved[i]?.quantity))
          return save(merged);
      })
      .catch((error) => console.error('cart fetch failed', error))
      .finally(() => setSettled(true));
  }, [ready, user]);

  const dispatch = useCallback(
    (action: CartAction) => {
      const next = cartReducer(current.current, action);
      current.current = next;
      rawDispatch({ type: 'SET_CART', cart: next });
      if (user) save(next).catch((error) => console.error('cart save failed', error));
    },
    [user],
  );

  // Signed out: nothing to wait for once the session is known (the saved cart is a signed-in shopper's).
  const value = useMemo(
    () => ({
      cart,
      dispatch,
      settled: settled || (ready && !user),
      fromEarlierVisit,
      dismissEarlierVisit,
    }),
    [cart, dispatch, settled, ready, user, fromEarlierVisit, dismissEarlierVisit],
  );
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartState {
  const context = useContext(CartContext);
  if (!context) throw new Error('useCart outside CartProvider');
  return context;
}
