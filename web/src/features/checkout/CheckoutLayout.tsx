import { useCallback, useEffect, useRef, useState } from 'react';
import {
  Outlet,
  redirect,
  useLocation,
  useNavigation,
  useOutletContext,
  useRouteLoaderData,
  type ActionFunctionArgs,
} from 'react-router-dom';
import { MESSAGES } from '#shared/messages';
import type { ShippingAddress } from '#shared/schemas/address';
import type { CartLine } from '#shared/schemas/cart';
import { HotItems } from '../../components/HotItems';
import { ApiError } from '../../lib/api';
import { focusAfterPaint } from '../../lib/tasks';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { useWrite } from '../../lib/useWrite';
import { useAuth } from '../auth';
import { useCart } from '../cart';
import { validateCart } from './checkoutApi';
import { keepAddress, readAddress } from './checkoutSession';
import { OrderDetails } from './OrderDetails';
import { PAYMENT_ROUTE_ID, stepOfPath, STEP_PATH, type PricedCheckout, type Step } from './steps';
import { usePromoCode } from './usePromoCode';
import { useCartSales } from './useCartSales';
import type { CartSalesAnswer } from '#shared/schemas/sales';
import type { ShippingRate } from '#shared/shipping';
import { WalletPay } from './WalletPay';
import './checkout.css';
import { noteStep } from '../../lib/funnel';

/** Where the cart's hot strip shows (checkout.css `.cart-hot`: the spec's "medium screens and wider"). */
const HOT_STRIP_SHOWN = '(min-width: 768px)';

/** What the layout shares with the step pages. */
export interface CheckoutContext {
  step: Step;
  /** The shopper: a user id, or null for a guest. */
  who: string | null;
  /** The shipping details as typed (kept for the tab: a reload shows them again). */
  address: ShippingAddress;
  setAddress: (address: ShippingAddress) => void;
  promo: ReturnType<typeof usePromoCode>;
  /** What the sales without a code give the cart now (issue 54; null: not known for this cart). */
  sales: CartSalesAnswer | null;
  /** The shipping step's chosen rate as offered, which the order's details show until the card step prices it. */
  setShownRate: (rate: ShippingRate | null) => void;
}

export const useCheckout = () => useOutletContext<CheckoutContext>();

/**
 * The step page's heading, focused when the step opens (a screen reader hears where it is), once the step has painted
 * (focusAfterPaint: not a layout of the whole page inside the commit's task).
 */
export function useStepHeading() {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => focusAfterPaint(heading.current), []);
  return heading;
}

/** What the Order Details panel's Proceed to Checkout posts. */
interface Proceed {
  intent: 'proceed';
  cart: CartLine[];
}

/**
 * Proceed to Checkout (the Order Details panel, on the cart): the server checks the stock (spec section 4); on a
 * failure the spec's alert names what is short and the flow stops on the cart, else the shipping step opens. This
 * layout's action, not the cart's index route's: the panel posts to the address it is shown at, /cart, so a refused
 * Proceed leaves that address as it was (a post to the index route's action showed /cart?index, kept on a reload)
 * and replaces its history entry instead of adding one; the redirect to the shipping step is a new entry.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { cart } = (await request.json()) as Proceed;
  try {
    const result = await validateCart(cart);
    if (!result.success) {
      window.alert(`${MESSAGES.outOfStock}\n${result.outOfStockItems.join('\n')}`);
      return null;
    }
  } catch (error) {
    window.alert(error instanceof ApiError ? error.message : MESSAGES.serverError);
    return null;
  }
  return redirect(STEP_PATH.shipping);
}

/**
 * /cart and its steps (spec section 2): the step's page beside the Order Details panel, and the hot-items strip.
 * Each step has its own address (steps.ts): /cart, /cart/shipping, /cart/payment.
 */
export default function CheckoutLayout() {
  const { cart } = useCart();
  const { user } = useAuth();
  const who = user?.userId ?? null;
  const step = stepOfPath(useLocation().pathname);
  // The shoppers' path (decision 0167): a checkout started when its shipping step shows.
  useEffect(() => {
    if (step === 'shipping') noteStep('checkout');
  }, [step]);
  const [typed, setTyped] = useState(() => ({ who, address: readAddress(who) }));
  // Signed in or out meanwhile: that shopper's own typed details (steps.ts addressFor), set while rendering.
  let address = typed.address;
  if (typed.who !== who) {
    address = readAddress(who);
    setTyped({ who, address });
  }
  const setAddress = useCallback(
    (next: ShippingAddress) => {
      keepAddress(next, who);
      setTyped({ who, address: next });
    },
    [who],
  );
  /**
   * The applied promo code: the server's answer for this very cart, asked again once the cart settles after a change
   * (usePromoCode). Until the card step prices the order, its discount shows only while it is the current cart's.
   */
  const promo = usePromoCode({ cart, who, active: step !== 'payment' });
  const payment = useRouteLoaderData<{ priced: PricedCheckout }>(PAYMENT_ROUTE_ID);

  // Proceed to Checkout: this route's action (above), posted to the address shown (/cart), one at a time.
  const submit = useWrite();
  const navigation = useNavigation();
  const proceeding =
    navigation.state !== 'idle' && (navigation.json as Partial<Proceed> | undefined)?.intent === 'proceed';
  const proceed = () =>
    void submit({ intent: 'proceed', cart } satisfies Proceed, { method: 'post', encType: 'application/json' });

  const sales = useCartSales(cart);
  const [shownRate, setShownRate] = useState<ShippingRate | null>(null);
  const context: CheckoutContext = { step, who, address, setAddress, promo, sales, setShownRate };
  const hotShown = useMediaQuery(HOT_STRIP_SHOWN);
  return (
    <>
      <div className="checkout">
        <section className="checkout-main" aria-labelledby="checkout-heading">
          <Outlet context={context} />
        </section>
        <OrderDetails
          step={step}
          cart={cart}
          address={address}
          promo={promo}
          sales={sales}
          rate={step === 'shipping' ? shownRate : null}
          priced={step === 'payment' ? (payment?.priced ?? null) : null}
          proceeding={proceeding}
          onProceed={proceed}
          wallet={cart.length > 0 ? <WalletPay who={who} promo={promo} setAddress={setAddress} /> : null}
        />
      </div>
      {/* After the checkout's grid, not in it: the sticky Order Details panel keeps to the grid, and overlapped the
          strip when the step was shorter than the panel (issue 50 item 6's scrolled-to message was under it). Shown
          from 768 px (checkout.css): a phone neither asks for the list nor renders its cards (issue 50 item 17). */}
      <div className="cart-hot">{hotShown && <HotItems title="You may also like" />}</div>
    </>
  );
}
