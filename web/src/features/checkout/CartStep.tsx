import { Link, redirect, type ActionFunctionArgs } from 'react-router-dom';
import { CART_MESSAGES, MESSAGES } from '#shared/messages';
import type { CartLine } from '#shared/schemas/cart';
import { ApiError } from '../../lib/api';
import { useCart } from '../cart/CartProvider';
import { validateCart } from './checkoutApi';
import { CartLineRow } from './CartLineRow';
import { useStepHeading } from './CheckoutLayout';
import { STEP_HEADING, STEP_PATH } from './steps';

/**
 * Proceed to Checkout (the Order Details panel submits it here): the server checks the stock (spec section 4); on a
 * failure the spec's alert names what is short and the flow stops, else the shipping step opens.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { cart } = (await request.json()) as { cart: CartLine[] };
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

/** /cart: the cart's lines, or a plain empty cart with a way back to the shop. */
export default function CartStep() {
  const { cart, dispatch } = useCart();
  const heading = useStepHeading();
  return (
    <>
      <h1 id="checkout-heading" ref={heading} tabIndex={-1}>
        {STEP_HEADING.cart}
      </h1>
      {cart.length === 0 ? (
        <div className="card empty-cart">
          <p>{CART_MESSAGES.emptyCart}</p>
          <Link to="/product-list/new-releases" className="button">
            Browse the new releases
          </Link>
        </div>
      ) : (
        <ul className="cart-lines">
          {cart.map((line) => (
            <CartLineRow key={`${line.id}|${line.size}`} line={line} dispatch={dispatch} />
          ))}
        </ul>
      )}
    </>
  );
}
