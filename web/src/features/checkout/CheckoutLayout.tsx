import { useCallback, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigation, useOutletContext, useRouteLoaderData, useSubmit } from 'react-router-dom';
import type { ShippingAddress } from '#shared/schemas/address';
import { HotItems } from '../../components/HotItems';
import { useAuth } from '../auth/AuthProvider';
import { useCart } from '../cart/CartProvider';
import { keepAddress, readAddress } from './checkoutSession';
import { PAYMENT_ROUTE_ID } from './checkoutRoutes';
import { OrderDetails } from './OrderDetails';
import { stepOfPath, STEP_PATH, type PricedCheckout, type Step } from './steps';
import { usePromoCode } from './usePromoCode';
import './checkout.css';

/** What the layout shares with the step pages. */
export interface CheckoutContext {
  step: Step;
  /** The shopper: a user id, or null for a guest. */
  who: string | null;
  /** The shipping details as typed (kept for the tab: a reload shows them again). */
  address: ShippingAddress;
  setAddress: (address: ShippingAddress) => void;
  promo: ReturnType<typeof usePromoCode>;
}

export const useCheckout = () => useOutletContext<CheckoutContext>();

/** The step page's heading, focused when the step opens (a screen reader hears where it is). */
export function useStepHeading() {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return heading;
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

  // Proceed to Checkout: the cart step's action checks the stock with the server, then opens the shipping step.
  const submit = useSubmit();
  const navigation = useNavigation();
  const proceeding = navigation.state !== 'idle' && navigation.formAction === `${STEP_PATH.cart}?index`;
  const proceed = () => void submit({ cart }, { method: 'post', action: `${STEP_PATH.cart}?index`, encType: 'application/json' });

  const context: CheckoutContext = { step, who, address, setAddress, promo };
  return (
    <div className="checkout">
      <section className="checkout-main" aria-labelledby="checkout-heading">
        <Outlet context={context} />
      </section>
      <OrderDetails step={step} cart={cart} address={address} promo={promo} priced={step === 'payment' ? (payment?.priced ?? null) : null} proceeding={proceeding} onProceed={proceed} />
      <div className="cart-hot">
        <HotItems title="You may also like" />
      </div>
    </div>
  );
}
