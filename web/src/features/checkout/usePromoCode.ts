import { cartLineKey } from '#shared/gift-card-lines';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { MESSAGES } from '#shared/messages';
import { PROMO_RECHECK_DELAY_MS } from '#shared/promo';
import type { CartLine } from '#shared/schemas/cart';
import type { PromoCheckResult } from '#shared/schemas/promo';
import { ApiError } from '../../lib/api';
import { checkPromoCode, isPromoRefusal, PROMO_KEY } from './checkoutApi';

export { PROMO_RECHECK_DELAY_MS } from '#shared/promo';
/** An answer older than this is asked again when the cart opens (the code may have run out meanwhile). */
export const PROMO_RECHECK_AFTER_MS = 5 * 60_000;

/** The server's answer for one cart: the discount holds for exactly that cart (its lines and who asked). */
export interface AppliedPromo extends PromoCheckResult {
  cartKey: string;
  checkedAt: number;
}

/**
 * What the cart may show of the applied code: `current` (its discount was computed for this very cart),
 * `checking` (the cart changed; the server is asked again once the quantities settle), or `unconfirmed` (it
 * could not be asked: 429 or no network; no figure is shown, the card step prices it anyway).
 */
export type PromoStatus = 'current' | 'checking' | 'unconfirmed';

/** The cart as the server prices a code for it: its lines, and who asks (a signed-in shopper's own uses count). */
export const promoCartKey = (cart: readonly CartLine[], who: string | null) =>
  `${who ?? 'guest'}#${cart.map((line) => `${cartLineKey(line)}|${line.quantity}`).join(',')}`;

/** The applied code kept for this tab (sessionStorage), if any. */
export function storedPromo(): AppliedPromo | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(PROMO_KEY) ?? 'null') as Partial<AppliedPromo> | null;
    if (
      !stored ||
      typeof stored.code !== 'string' ||
      typeof stored.discount !== 'number' ||
      typeof stored.description !== 'string'
    )
      return null;
    // An answer kept before answers named their cart is for no cart in particular: it is asked again.
    return {
      code: stored.code,
      discount: stored.discount,
      description: stored.description,
      cartKey: typeof stored.cartKey === 'string' ? stored.cartKey : '',
      checkedAt: Number(stored.checkedAt) || 0,
    };
  } catch {
    return null;
  }
}

/**
 * The cart's promo code (issue 13): Apply asks the server what a code takes off this cart; when the cart changes,
 * the code is asked about again once, after the quantities settle (PROMO_RECHECK_DELAY_MS), not on every press,
 * so the brute-force limit on checks is not spent by + and -. Every answer is kept with the cart it was asked
 * for: an answer for an older cart (out of order, or the cart changed meanwhile) is dropped, and a discount is
 * shown only while it is the current cart's. A refusal drops the code with its message; a check that cannot be
 * made leaves the code applied with no figure ("confirmed at checkout"). Kept for this tab (sessionStorage).
 */
export function usePromoCode({
  cart,
  who,
  active,
}: {
  cart: readonly CartLine[];
  who: string | null;
  active: boolean;
}) {
  const [applied, setAppliedState] = useState<AppliedPromo | null>(storedPromo);
  /** When the cart opened: an answer kept from long before then is asked again. */
  const [openedAt] = useState(() => Date.now());
  const [error, setError] = useState<string | null>(null);
  /** The cart whose re-check could not be made (429, network): not asked again until the cart changes. */
  const [failedFor, setFailedFor] = useState<string | null>(null);
  const cartKey = promoCartKey(cart, who);
  // What is current when an answer arrives (answers are matched to the cart and code they were asked for).
  const latest = useRef({ cartKey, code: applied?.code });
  useLayoutEffect(() => {
    latest.current = { cartKey, code: applied?.code };
  }, [cartKey, applied?.code]);

  function keep(next: AppliedPromo | null) {
    setAppliedState(next);
    if (next) sessionStorage.setItem(PROMO_KEY, JSON.stringify(next));
    else sessionStorage.removeItem(PROMO_KEY);
  }
  /**
   * Applies (or takes off) a code from an event or an answer; an answer still on its way for another code is then
   * dropped.
   */
  function setApplied(next: AppliedPromo | null) {
    keep(next);
    latest.current = { ...latest.current, code: next?.code };
  }

  /** Takes the code off, with the server's reason when it refused it. */
  function drop(message: string | null = null) {
    setApplied(null);
    setError(message);
  }

  // An emptied cart drops the code at once (adjusted while rendering, not in an effect).
  if (applied && cart.length === 0) {
    keep(null);
    setError(null);
  }

  const status: PromoStatus =
    !applied || applied.cartKey === cartKey ? 'current' : failedFor === cartKey ? 'unconfirmed' : 'checking';
  const stale =
    applied !== null && applied.cartKey === cartKey && applied.checkedAt < openedAt - PROMO_RECHECK_AFTER_MS;
  const recheck = active && applied !== null && cart.length > 0 && (status === 'checking' || stale);

  useEffect(() => {
    if (!recheck || !applied) return;
    const code = applied.code;
    const askedFor = cartKey;
    const lines = cart;
    // Debounced: every change of the cart starts the wait again, so a burst of presses costs one check.
    const timer = window.setTimeout(() => {
      checkPromoCode({ code, cart: [...lines], signedIn: who !== null })
        .then((answer) => {
          if (latest.current.cartKey !== askedFor || latest.current.code !== code) return;
          setApplied({ ...answer, cartKey: askedFor, checkedAt: Date.now() });
        })
        .catch((failure: unknown) => {
          if (latest.current.cartKey !== askedFor || latest.current.code !== code) return;
          if (failure instanceof ApiError && isPromoRefusal(failure.code)) drop(failure.message);
          else setFailedFor(askedFor);
        });
    }, PROMO_RECHECK_DELAY_MS);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- asked again when the cart (or who asks, or the code) changes, not on every render
  }, [recheck, cartKey, applied?.code]);

  /** Asks the server what `code` takes off this cart; a refusal is shown under the field and nothing is applied. */
  async function apply(code: string): Promise<boolean> {
    setError(null);
    const askedFor = cartKey;
    try {
      const answer = await checkPromoCode({ code, cart: [...cart], signedIn: who !== null });
      // The cart may have changed meanwhile: kept with the cart it was priced for, so it is asked again if so.
      setApplied({ ...answer, cartKey: askedFor, checkedAt: Date.now() });
      return true;
    } catch (failure) {
      setError(failure instanceof ApiError ? (failure.fields?.code ?? failure.message) : MESSAGES.serverError);
      return false;
    }
  }

  return {
    /** The applied code and what it is, whatever the cart. */
    applied: applied ? { code: applied.code, description: applied.description } : null,
    status,
    /** What the code takes off this very cart; null while that is not known. */
    discount: applied && status === 'current' ? applied.discount : null,
    error,
    apply,
    /** Remove pressed: the code is taken off, with no message. */
    remove: () => drop(),
    drop,
  };
}
