import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { CART_MESSAGES } from '#shared/messages';
import { useAuth } from '../auth';
import { useCart } from './CartProvider';

/** Pages a shopper signs in on: the notice waits for the page they go to next. */
const SIGN_IN_PAGES = ['/login', '/signup'];

/**
 * Signing in brought lines from the cart saved on an earlier visit (issue 34 item 4, docs/decisions/0110): the first
 * page after it says so once, with a link to the cart; it goes at the next page change or with Dismiss. Its live
 * region (aria-live, not role status: a page's own status line stays the page's only one) is always there, so the
 * sentence is announced as it comes.
 */
export function EarlierVisitNotice() {
  const { user } = useAuth();
  const { fromEarlierVisit, dismissEarlierVisit } = useCart();
  const { pathname } = useLocation();
  const waiting = SIGN_IN_PAGES.includes(pathname);
  const shownOn = useRef<string | null>(null);
  useEffect(() => {
    if (!fromEarlierVisit) shownOn.current = null;
    else if (shownOn.current === null) shownOn.current = waiting ? null : pathname;
    else if (shownOn.current !== pathname) dismissEarlierVisit();
  }, [fromEarlierVisit, pathname, waiting, dismissEarlierVisit]);
  const show = fromEarlierVisit > 0 && user !== null && !waiting;
  return (
    <div aria-live="polite" className="earlier-visit">
      {show && (
        <p className="notice">
          {CART_MESSAGES.fromEarlierVisit(fromEarlierVisit)} {pathname !== '/cart' && <Link to="/cart">View cart</Link>}
          <button type="button" className="secondary small" onClick={dismissEarlierVisit}>
            Dismiss
          </button>
        </p>
      )}
    </div>
  );
}
