import { cartLineKey } from '#shared/gift-card-lines';
import { Link } from 'react-router-dom';
import { CART_MESSAGES } from '#shared/messages';
import { useCart } from '../cart';
import { CartLineRow } from './CartLineRow';
import { useCheckout, useStepHeading } from './CheckoutLayout';
import { formatPrice } from '#shared/money';
import { SALE_WORDS } from '#shared/sales';
import { CART_NOTE, STEP_HEADING } from './steps';

/**
 * /cart: the cart's lines, or a plain empty cart with a way back to the shop (Proceed is the layout's: CheckoutLayout).
 */
export default function CartStep() {
  const { cart, dispatch } = useCart();
  const heading = useStepHeading();
  const { sales } = useCheckout();
  const offOf = (line: { id: string; size: string }) =>
    sales?.lines.find((one) => one.id === line.id && one.size === line.size) ?? null;
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
            <CartLineRow key={cartLineKey(line)} line={line} dispatch={dispatch} sale={offOf(line)} />
          ))}
        </ul>
      )}
      {/* The sales without a code (issue 54): what they take off, and what the cart nearly reaches. */}
      {cart.length > 0 && sales && (sales.discounts.length > 0 || sales.nearly.length > 0) && (
        <section className="card cart-sales" aria-label="Sales">
          {sales.discounts.length > 0 && (
            <>
              <h2>{SALE_WORDS.cartApplied}</h2>
              <ul>
                {sales.discounts.map((part) => (
                  <li key={part.name}>
                    {part.name}: -{formatPrice(part.amount)}
                  </li>
                ))}
              </ul>
            </>
          )}
          {sales.nearly.length > 0 && (
            <>
              <h2>{SALE_WORDS.cartNearly}</h2>
              <ul>
                {sales.nearly.map((sentence) => (
                  <li key={sentence} className="nearly">
                    {sentence}
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
      )}
    </>
  );
}
