import { cartLineKey } from '#shared/gift-card-lines';
import { Link } from 'react-router-dom';
import { CART_MESSAGES } from '#shared/messages';
import { useCart } from '../cart';
import { CartLineRow } from './CartLineRow';
import { useStepHeading } from './CheckoutLayout';
import { CART_NOTE, STEP_HEADING } from './steps';

/**
 * /cart: the cart's lines, or a plain empty cart with a way back to the shop (Proceed is the layout's: CheckoutLayout).
 */
export default function CartStep() {
  const { cart, dispatch } = useCart();
  const heading = useStepHeading();
  return (
    <>
      <h1 id="checkout-heading" ref={heading} tabIndex={-1}>
        {STEP_HEADING.cart}
      </h1>
      <p className="step-note">{CART_NOTE}</p>
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
            <CartLineRow key={cartLineKey(line)} line={line} dispatch={dispatch} />
          ))}
        </ul>
      )}
    </>
  );
}
