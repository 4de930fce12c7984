import { useEffect, useState } from 'react';
import type { CartLine } from '#shared/schemas/cart';
import type { CartSalesAnswer } from '#shared/schemas/sales';
import { cartSales } from './checkoutApi';
import { promoCartKey } from './usePromoCode';

/** After the last change to the cart, how long the cart waits before asking what the sales give it. */
export const SALES_ASK_DELAY_MS = 300;

/**
 * What the sales without a code give the cart (issue 54): asked of the server (POST /api/cart/sales, the one pricing
 * path) once the cart settles after a change; shown only while it is this very cart's (null otherwise, or when it
 * could not be asked: the card step prices the sales anyway). A cart of gift cards only is not asked.
 */
export function useCartSales(cart: readonly CartLine[]): CartSalesAnswer | null {
  const key = promoCartKey(cart, null);
  const [answer, setAnswer] = useState<{ key: string; value: CartSalesAnswer } | null>(null);
  const hasGoods = cart.some((line) => !line.giftCard);
  useEffect(() => {
    if (!hasGoods) return;
    let stale = false;
    const timer = setTimeout(() => {
      cartSales([...cart])
        .then((value) => {
          if (!stale) setAnswer({ key, value });
        })
        .catch(() => undefined);
    }, SALES_ASK_DELAY_MS);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- asked again when the cart's key changes, not on every render
  }, [key, hasGoods]);
  return hasGoods && answer?.key === key ? answer.value : null;
}
