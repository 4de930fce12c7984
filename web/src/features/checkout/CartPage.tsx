import { lazy, Suspense, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { MESSAGES } from '../../../../shared/messages';
import { computeAmounts, estimatedArrival, formatPrice, SHIPPING_CENTS } from '../../../../shared/money';
import type { ShippingAddress } from '../../../../shared/schemas/address';
import type { CreateIntentResult } from '../../../../shared/schemas/checkout';
import { unescapeText } from '../../../../shared/sanitize';
import { CANDLE_SIZE, MAX_QUANTITY } from '../../../../shared/sizes';
import { isUsState } from '../../../../shared/tax';
import { ApiError } from '../../lib/api';
import { loadConfig } from '../../lib/config';
import { HotItems } from '../../components/HotItems';
import { useAuth } from '../auth/AuthProvider';
import { useCart } from '../cart/CartProvider';
import { CHECKOUT_ID_KEY, confirmTestPayment, createIntent, fetchProfiles, ORDER_NUMBER_KEY, recordOrder, validateCart } from './checkoutApi';
import { TestCardForm, type TestCard } from './TestCardForm';
import type { StripePayResult } from './StripeCardForm';
import './checkout.css';

const StripeCardForm = lazy(() => import('./StripeCardForm'));

type Step = 'cart' | 'shipping' | 'payment';
const EMPTY_ADDRESS: ShippingAddress = { name: '', email: '', line1: '', city: '', state: '', zip: '' };
const FIELDS: { key: keyof ShippingAddress; label: string; type?: string; autoComplete: string }[] = [
  { key: 'name', label: 'Full name', autoComplete: 'name' },
  { key: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { key: 'line1', label: 'Address', autoComplete: 'address-line1' },
  { key: 'city', label: 'City', autoComplete: 'address-level2' },
  { key: 'state', label: 'State', autoComplete: 'address-level1' },
  { key: 'zip', label: 'ZIP code', autoComplete: 'postal-code' },
];

function checkoutId(): string {
  let id = sessionStorage.getItem(CHECKOUT_ID_KEY);
  if (!id) {
    id = crypto.randomUUID();
    sessionStorage.setItem(CHECKOUT_ID_KEY, id);
  }
  return id;
}

/** The cart and the checkout (spec sections 2, 4 and 8): cart -> shipping details -> card -> order. */
export default function CartPage() {
  const { cart, dispatch } = useCart();
  const { user } = useAuth();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>('cart');
  const [address, setAddress] = useState<ShippingAddress>(EMPTY_ADDRESS);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [intent, setIntent] = useState<CreateIntentResult | null>(null);
  const [busy, setBusy] = useState(false);
  const [paid, setPaid] = useState<string | null>(null);
  const [payment, setPayment] = useState<{ mode: 'stripe' | 'test'; key: string | null }>({ mode: 'test', key: null });
  const [profiles, setProfiles] = useState<ShippingAddress[]>([]);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    loadConfig()
      .then((config) => setPayment({ mode: config.paymentMode, key: config.stripePublishableKey }))
      .catch((error) => console.error(error));
  }, []);

  useEffect(() => {
    if (step !== 'shipping' || !user) return;
    fetchProfiles()
      .then((list) => setProfiles(list.map((p) => ({ name: unescapeText(p.name), email: unescapeText(p.email), line1: unescapeText(p.address), city: unescapeText(p.city), state: unescapeText(p.state), zip: p.zip }))))
      .catch((error) => console.error('profile load failed', error));
  }, [step, user]);

  useEffect(() => {
    heading.current?.focus();
  }, [step]);

  // Estimated until Next is pressed; then the server's amounts are fixed (spec section 9).
  const amounts = useMemo(() => intent?.amounts ?? computeAmounts(cart, address.state), [intent, cart, address.state]);
  const arrival = estimatedArrival().toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
  const locked = step === 'payment';

  async function proceed() {
    setBusy(true);
    try {
      const result = await validateCart(cart);
      if (!result.success) {
        window.alert(`${MESSAGES.outOfStock}\n${result.outOfStockItems.join('\n')}`);
        return;
      }
      setStep('shipping');
    } catch (error) {
      window.alert(error instanceof ApiError ? error.message : MESSAGES.serverError);
    } finally {
      setBusy(false);
    }
  }

  async function next(event: FormEvent) {
    event.preventDefault();
    if (!isUsState(address.state)) {
      window.alert(MESSAGES.invalidCheckoutState);
      return;
    }
    setBusy(true);
    setFieldErrors({});
    try {
      const result = await createIntent({ cart, shippingAddress: address, checkoutId: checkoutId(), signedIn: Boolean(user) });
      setIntent(result);
      setStep('payment');
    } catch (error) {
      if (error instanceof ApiError && error.code === 'out_of_stock') window.alert(error.message);
      else if (error instanceof ApiError && error.fields) {
        setFieldErrors(Object.fromEntries(Object.entries(error.fields).map(([key, message]) => [key.replace('shippingAddress.', ''), message])));
      } else window.alert(error instanceof ApiError ? error.message : MESSAGES.serverError);
    } finally {
      setBusy(false);
    }
  }

  async function succeeded(orderNumber: string) {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        await recordOrder({ orderNumber, signedIn: Boolean(user) });
        break;
      } catch (error) {
        // The payment went through: the webhook or the expiry job records the order if this keeps failing.
        console.error('order save failed', error);
        await new Promise((resolve) => setTimeout(resolve, 500 * (attempt + 1)));
      }
    }
    localStorage.setItem(ORDER_NUMBER_KEY, orderNumber);
    sessionStorage.removeItem(CHECKOUT_ID_KEY);
    dispatch({ type: 'CLEAR_CART' });
    setPaid(orderNumber);
    window.setTimeout(() => navigate('/orderconfirmation'), 2500);
  }

  async function payWithTestCard(card: TestCard) {
    if (!intent) return;
    setBusy(true);
    try {
      await confirmTestPayment({ clientSecret: intent.clientSecret, card, billingName: address.name.trim(), receiptEmail: address.email.trim() });
      await succeeded(intent.orderNumber);
    } catch (error) {
      window.alert(MESSAGES.paymentFailed(error instanceof ApiError ? error.message : 'The payment did not go through.'));
    } finally {
      setBusy(false);
    }
  }

  function payWithStripe(confirm: (clientSecret: string, billing: { name: string; email: string }) => Promise<StripePayResult>) {
    if (!intent) return;
    setBusy(true);
    confirm(intent.clientSecret, { name: address.name.trim(), email: address.email.trim() })
      .then((result) => (result.ok ? succeeded(intent.orderNumber) : window.alert(MESSAGES.paymentFailed(result.message ?? 'The payment did not go through.'))))
      .finally(() => setBusy(false));
  }

  function back() {
    if (step === 'payment') {
      setIntent(null);
      setStep('shipping');
    } else setStep('cart');
  }

  if (paid) {
    return (
      <div className="dialog-backdrop">
        <div role="dialog" aria-modal="true" aria-labelledby="thanks-title" className="card dialog">
          <h1 id="thanks-title">Thank you for your order!</h1>
          <p>Your payment went through. Order number: <strong>{paid}</strong></p>
          <button type="button" onClick={() => navigate('/orderconfirmation')} autoFocus>
            Continue
          </button>
        </div>
      </div>
    );
  }

  return (
    <div className="checkout">
      <section className="checkout-main" aria-labelledby="checkout-heading">
        <h1 id="checkout-heading" ref={heading} tabIndex={-1}>
          {step === 'cart' ? 'Your Cart' : step === 'shipping' ? 'Shipping Details' : 'Payment'}
        </h1>

        {step === 'cart' &&
          (cart.length === 0 ? (
            <p className="card">
              Your cart is empty. <Link to="/product-list/new-releases">Browse the new releases</Link>.
            </p>
          ) : (
            <ul className="cart-lines">
              {cart.map((line) => (
                <li key={`${line.id}|${line.size}`} className="cart-line card">
                  <img src={line.image} alt="" width="96" height="96" />
                  <div className="cart-line-info">
                    <Link to={`/product/${line.id}`} className="cart-line-name">
                      {unescapeText(line.name)}
                    </Link>
                    <span>{formatPrice(line.price)}</span>
                    {line.size !== CANDLE_SIZE && <span className="muted">Size: {line.size}</span>}
                  </div>
                  <div className="quantity" role="group" aria-label={`Quantity of ${unescapeText(line.name)}`}>
                    <button type="button" className="secondary small" aria-label="One less" onClick={() => dispatch({ type: 'UPDATE_QUANTITY', id: line.id, size: line.size, quantity: line.quantity - 1 })}>
                      −
                    </button>
                    <span aria-live="polite">{line.quantity}</span>
                    <button
                      type="button"
                      className="secondary small"
                      aria-label="One more"
                      disabled={line.quantity >= MAX_QUANTITY}
                      onClick={() => dispatch({ type: 'UPDATE_QUANTITY', id: line.id, size: line.size, quantity: line.quantity + 1 })}
                    >
                      +
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          ))}

        {step !== 'cart' && (
          <form className="stack card" onSubmit={next} aria-label="Shipping details" noValidate={false}>
            {user && profiles.length > 0 && !locked && (
              <label>
                Use a saved shipping profile
                <select defaultValue="" onChange={(e) => e.target.value !== '' && setAddress(profiles[Number(e.target.value)])}>
                  <option value="">Choose a profile…</option>
                  {profiles.map((profile, index) => (
                    <option key={index} value={index}>
                      {profile.name}, {profile.line1}, {profile.city}
                    </option>
                  ))}
                </select>
              </label>
            )}
            {FIELDS.map((field) => (
              <label key={field.key}>
                {field.label}
                <input
                  name={field.key}
                  type={field.type ?? 'text'}
                  autoComplete={field.autoComplete}
                  required
                  maxLength={200}
                  readOnly={locked}
                  value={address[field.key]}
                  onChange={(e) => setAddress({ ...address, [field.key]: e.target.value })}
                  aria-invalid={fieldErrors[field.key] ? true : undefined}
                  aria-describedby={fieldErrors[field.key] ? `${field.key}-error` : undefined}
                />
                {fieldErrors[field.key] && (
                  <span id={`${field.key}-error`} className="error">
                    {fieldErrors[field.key]}
                  </span>
                )}
              </label>
            ))}
            {!locked && (
              <div className="actions">
                <button type="button" className="secondary" onClick={back}>
                  Back
                </button>
                <button type="submit" disabled={busy}>
                  {busy ? 'Please wait…' : 'Next'}
                </button>
              </div>
            )}
          </form>
        )}

        {step === 'payment' && intent && (
          <section className="card stack" aria-label="Card payment">
            {intent.paymentMode === 'stripe' && payment.key ? (
              <Suspense fallback={<p>Loading the card form…</p>}>
                <StripeCardForm publishableKey={payment.key} busy={busy} amountLabel={formatPrice(intent.amounts.total)} onPay={payWithStripe} />
              </Suspense>
            ) : intent.paymentMode === 'stripe' ? (
              // Stripe on the server but no publishable key in config.json: no card can be taken here.
              <p className="notice" role="alert">
                {MESSAGES.paymentsUnavailable}
              </p>
            ) : (
              <TestCardForm busy={busy} amountLabel={formatPrice(intent.amounts.total)} onPay={payWithTestCard} />
            )}
            <button type="button" className="secondary" onClick={back} disabled={busy}>
              Back
            </button>
          </section>
        )}
      </section>

      <aside className="order-details card" aria-labelledby="order-details-heading">
        <h2 id="order-details-heading">Order Details</h2>
        <dl>
          <dt>Subtotal</dt>
          <dd>{formatPrice(amounts.subtotal)}</dd>
          <dt>Shipping &amp; handling</dt>
          <dd>{formatPrice(SHIPPING_CENTS)}</dd>
          <dt>Estimated tax</dt>
          <dd>{formatPrice(amounts.tax)}</dd>
          <dt className="total">Total</dt>
          <dd className="total">{formatPrice(cart.length || intent ? amounts.total : 0)}</dd>
        </dl>
        <p className="muted">
          {MESSAGES.shippingText}. Estimated arrival: <strong>{arrival}</strong>
        </p>
        {step === 'cart' && (
          <button type="button" onClick={proceed} disabled={cart.length === 0 || busy}>
            {busy ? 'Checking stock…' : 'Proceed to Checkout'}
          </button>
        )}
      </aside>
      <div className="cart-hot">
        <HotItems title="You may also like" />
      </div>
    </div>
  );
}
