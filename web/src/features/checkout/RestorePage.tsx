import { useEffect, useRef } from 'react';
import { Link, useLoaderData, useNavigate } from 'react-router-dom';
import { REMINDER_MESSAGES as WORDS } from '#shared/messages';
import { unescapeText } from '#shared/sanitize';
import { useAuth } from '../auth';
import { useNoIndex } from '../../lib/useNoIndex';
import { useCart, CART_STORAGE_KEY, withRestored } from '../cart';
import { forget, keepAddress } from './checkoutSession';
import type { RestoreResult } from './restoreData';
import { STEP_PATH } from './steps';

/** Shown on the shipping step after the link brought everything back. */
export const RESTORED_NOTICE = 'Your cart and shipping details are back. Check them and press Next.';

/**
 * /cart/restore?token=: a reminder's link (docs/decisions/0079, 0088). In whatever browser opens it, the cart the
 * server gave back (priced now, only what can be bought now) joins this browser's cart (whose own lines stay) and the
 * shipping step is filled in; this tab's own checkout is forgotten, so Next makes a new one (the reminded checkout
 * stays bound to the browser that made it). Nothing is held. When everything came back the shipping step opens at once;
 * otherwise this page says what is gone first. When nothing came back, this browser's cart and checkout are left as
 * they were.
 */
export default function RestorePage() {
  useNoIndex('noindex, nofollow');
  const result = useLoaderData<RestoreResult>();
  const { user, ready } = useAuth();
  const { cart, dispatch, settled } = useCart();
  const navigate = useNavigate();
  const done = useRef(false);
  const settledHere = ready && settled;

  useEffect(() => {
    // Once the session and the saved cart are known: a saved cart arriving later would put the old lines back.
    if (!result.ok || !settledHere || done.current) return;
    done.current = true;
    const { answer } = result;
    // Nothing can be bought any more: this browser's cart and checkout stay as they are.
    if (!answer.cart.length) return;
    forget('restored');
    keepAddress(answer.shippingAddress, user?.userId ?? null);
    const joined = withRestored(cart, answer.cart);
    // The shipping step's loader reads the stored cart: it is there before the navigation, not after the next render.
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(joined));
    dispatch({ type: 'SET_CART', cart: joined });
    const notice = joined.length > answer.cart.length ? WORDS.restoredBeside : RESTORED_NOTICE;
    if (!answer.unavailable.length) void navigate(STEP_PATH.shipping, { replace: true, state: { notice } });
  }, [result, settledHere, user, cart, dispatch, navigate]);

  if (!result.ok) {
    // The heading says what happened; the line under it what it means, without saying it twice.
    const known = result.code === 'cart_bought' || result.code === 'link_expired' ? result.code : null;
    return (
      <section className="page narrow" aria-labelledby="restore-heading">
        <h1 id="restore-heading">{WORDS.restoreHeading[known ?? 'other']}</h1>
        <p role="alert">{known ? WORDS.restoreAfter[known] : result.problem}</p>
        <p>
          <Link to="/" className="button">
            Go to the shop
          </Link>
        </p>
      </section>
    );
  }
  const restored = result.answer;
  // Lines of this browser's own beside the link's (the cart is left alone when the link brought nothing back).
  const ownLinesToo = cart.length > restored.cart.length;
  // Until the cart is filled (or while the shipping step opens): a line, not the page below.
  if (!settledHere || (restored.cart.length && !restored.unavailable.length)) {
    return (
      <section className="page narrow" aria-labelledby="restore-heading">
        <h1 id="restore-heading">{WORDS.restoring}</h1>
      </section>
    );
  }
  return (
    <section className="page narrow" aria-labelledby="restore-heading">
      <h1 id="restore-heading">{restored.cart.length ? 'Your cart is back' : 'Sold out since'}</h1>
      <p role="status">{restored.cart.length ? WORDS.restoredSomeGone : WORDS.restoredAllGone}</p>
      {!restored.cart.length && ownLinesToo && <p>{WORDS.restoredAllGoneKept}</p>}
      {restored.cart.length > 0 && (
        <ul>
          {restored.unavailable.map((name) => (
            <li key={name}>{unescapeText(name)}</li>
          ))}
        </ul>
      )}
      <p className="actions">
        {restored.cart.length ? (
          <>
            <Link to={STEP_PATH.cart} className="button secondary">
              See the cart
            </Link>
            <Link
              to={STEP_PATH.shipping}
              className="button"
              state={{ notice: ownLinesToo ? WORDS.restoredBeside : RESTORED_NOTICE }}
            >
              Continue to shipping
            </Link>
          </>
        ) : (
          <Link to="/" className="button">
            Go to the shop
          </Link>
        )}
      </p>
    </section>
  );
}
