import { lazy, Suspense, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { MESSAGES } from '../../../../shared/messages';
import { estimateAmounts, estimatedArrival, formatPrice } from '../../../../shared/money';
import type { ShippingAddress } from '../../../../shared/schemas/address';
import type { CreateIntentResult } from '../../../../shared/schemas/checkout';
import { unescapeText } from '../../../../shared/sanitize';
import { CANDLE_SIZE, MAX_QUANTITY } from '../../../../shared/sizes';
import { isUsState } from '../../../../shared/tax';
import { ApiError } from '../../lib/api';
import { loadConfig } from '../../lib/config';
import { HotItems } from '../../components/HotItems';
import { LinePhoto } from '../../components/LinePhoto';
import { useAuth } from '../auth/AuthProvider';
import { useCart } from '../cart/CartProvider';
import { CHECKOUT_ID_KEY, CHECKOUT_SECRET_KEY, confirmTestPayment, createIntent, fetchProfiles, isPromoRefusal, ORDER_AMOUNTS_KEY, ORDER_NUMBER_KEY, recordOrder, validateCart } from './checkoutApi';
import { PromoCodeField } from './PromoCodeField';
import { usePromoCode } from './usePromoCode';
import { AuthenticateDialog, TestCardForm, type TestCard } from './TestCardForm';
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

/** This tab's checkout as the server gave it: its id and, for a guest, the secret that proves it is this browser's. */
function storedCheckout(): { checkoutId?: string; checkoutSecret?: string } {
  const checkoutId = sessionStorage.getItem(CHECKOUT_ID_KEY);
  const checkoutSecret = sessionStorage.getItem(CHECKOUT_SECRET_KEY);
  return { ...(checkoutId ? { checkoutId } : {}), ...(checkoutSecret ? { checkoutSecret } : {}) };
}

/** Keeps the checkout an answer names; its secret comes only with the answer that made it. */
function keepCheckout(result: CreateIntentResult): void {
  if (result.checkoutSecret) sessionStorage.setItem(CHECKOUT_SECRET_KEY, result.checkoutSecret);
  else if (sessionStorage.getItem(CHECKOUT_ID_KEY) !== result.checkoutId) sessionStorage.removeItem(CHECKOUT_SECRET_KEY);
  sessionStorage.setItem(CHECKOUT_ID_KEY, result.checkoutId);
}

/** The next Next starts a new checkout. */
function forgetCheckout(): void {
  sessionStorage.removeItem(CHECKOUT_ID_KEY);
  sessionStorage.removeItem(CHECKOUT_SECRET_KEY);
}

/**
 * Answers after which this checkout cannot go on (closed, its payment failed or stopped, or it can no longer be
 * changed, e.g. changed in another tab; or it is not this browser's any more, e.g. made before signing in): Next
 * then starts a new checkout.
 */
const FINISHED_CHECKOUT = ['checkout_closed', 'payment_failed', 'conflict', 'checkout_not_found'];
/** The server refused the order (stock gone, payment failed, checkout closed): retrying would not change it. */
const refused = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
  /**
   * The card is authorized and the shop is being told: `now` while it retries through network trouble, `later`
   * once the shop said to wait (429): the settle job then finishes the order and mails it anyway.
   */
  const [confirming, setConfirming] = useState<'now' | 'later' | null>(null);
  /** Too many failed card attempts: this checkout's payment was cancelled. */
  const [stopped, setStopped] = useState(false);
  /** A test card that asked for 3-D Secure, waiting for the shopper's answer. */
  const [challenge, setChallenge] = useState<TestCard | null>(null);
  const [payment, setPayment] = useState<{ mode: 'stripe' | 'test'; key: string | null }>({ mode: 'test', key: null });
  const [profiles, setProfiles] = useState<ShippingAddress[]>([]);
  /**
   * The applied promo code: the server's answer for this very cart, asked again once the cart settles after a
   * change (usePromoCode). Until the card step prices the order, its discount shows only while it is the
   * current cart's.
   */
  const promo = usePromoCode({ cart, who: user?.userId ?? null, active: step !== 'payment' });
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    loadConfig()
      .then((config) => setPayment({ mode: config.paymentMode, key: config.stripePublishableKey }))
      .catch((error) => console.error(error));
  }, []);

  useEffect(() => {
    if (step !== 'shipping' || !user) return;
    fetchProfiles()
      .then((list) =>
        setProfiles(list.map((p) => ({ name: unescapeText(p.name), email: unescapeText(p.email), line1: unescapeText(p.address), city: unescapeText(p.city), state: unescapeText(p.state), zip: p.zip }))),
      )
      .catch((error) => console.error('profile load failed', error));
  }, [step, user]);

  useEffect(() => {
    heading.current?.focus();
  }, [step]);

  // Estimated until Next is pressed; then the server's amounts are fixed (spec section 9). A code whose discount
  // for this cart is not known yet (being asked again, or could not be asked) takes off nothing here: the rows
  // say so instead of showing a figure computed for another cart.
  const amounts = useMemo(() => intent?.amounts ?? estimateAmounts(cart, address.state, promo.discount ?? 0), [intent, cart, address.state, promo.discount]);
  const appliedCode = intent ? (intent.promo?.code ?? null) : (promo.applied?.code ?? null);
  const discountUnknown = !intent && promo.applied !== null && promo.discount === null;
  const arrival = estimatedArrival().toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
  const locked = step === 'payment';
  const emptyCart = cart.length === 0 && !intent;

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
      const ask = () => createIntent({ cart, shippingAddress: address, ...storedCheckout(), signedIn: Boolean(user), promoCode: promo.applied?.code });
      const result = await ask().catch((error: unknown) => {
        // That checkout was closed (expired, or its payment stopped) or is not this browser's: start a new one.
        if (!(error instanceof ApiError && FINISHED_CHECKOUT.includes(error.code))) throw error;
        forgetCheckout();
        return ask();
      });
      keepCheckout(result);
      setIntent(result);
      setStep('payment');
    } catch (error) {
      if (error instanceof ApiError && error.code === 'out_of_stock') window.alert(error.message);
      else if (error instanceof ApiError && isPromoRefusal(error.code)) {
        // The code cannot be used for this order (e.g. already used with this email): it is taken off, and Next
        // goes on without it.
        promo.drop(error.message);
        window.alert(error.message);
      } else if (error instanceof ApiError && error.fields) {
        setFieldErrors(Object.fromEntries(Object.entries(error.fields).map(([key, message]) => [key.replace('shippingAddress.', ''), message])));
      } else window.alert(error instanceof ApiError ? error.message : MESSAGES.serverError);
    } finally {
      setBusy(false);
    }
  }

  /**
   * The card is authorized: the shop takes the stock and captures the payment. A refusal (stock gone) goes back
   * to the cart with the server's message; network trouble keeps trying (the webhook or the settle job would
   * finish the order anyway), and so does a 429, after its Retry-After, saying plainly that the card was accepted
   * and the order will be confirmed by mail.
   */
  async function authorized(orderNumber: string) {
    for (let attempt = 0; ; attempt++) {
      try {
        await recordOrder({ orderNumber, signedIn: Boolean(user), checkoutSecret: storedCheckout().checkoutSecret });
        break;
      } catch (error) {
        if (refused(error)) {
          forgetCheckout();
          // The code's limit was reached while paying: nothing was charged; the cart goes on without it.
          if (error instanceof ApiError && isPromoRefusal(error.code)) promo.drop(error.message);
          setConfirming(null);
          setIntent(null);
          setStep('cart');
          window.alert((error as ApiError).message);
          return;
        }
        console.error('order confirmation failed; retrying', error);
        const backoff = Math.min(10_000, 1000 * 2 ** attempt);
        if (error instanceof ApiError && error.status === 429) {
          setConfirming('later');
          await pause(Math.max(backoff, (error.retryAfterSeconds ?? 30) * 1000));
        } else {
          setConfirming((shown) => shown ?? 'now');
          await pause(backoff);
        }
      }
    }
    setConfirming(null);
    localStorage.setItem(ORDER_NUMBER_KEY, orderNumber);
    if (intent) localStorage.setItem(ORDER_AMOUNTS_KEY, JSON.stringify({ orderNumber, amounts: intent.amounts, promoCode: intent.promo?.code ?? null }));
    forgetCheckout();
    promo.remove();
    dispatch({ type: 'CLEAR_CART' });
    setPaid(orderNumber);
    window.setTimeout(() => void navigate('/orderconfirmation'), 2500);
  }

  /** Too many failed card attempts: the payment was cancelled; Back starts a new checkout. */
  function stopPayment() {
    forgetCheckout();
    setStopped(true);
  }

  async function payWithTestCard(card: TestCard, threeDSecure?: 'complete' | 'fail') {
    if (!intent) return;
    setBusy(true);
    setChallenge(null);
    try {
      const { paymentIntent } = await confirmTestPayment({ clientSecret: intent.clientSecret, card, billingName: address.name.trim(), receiptEmail: address.email.trim(), threeDSecure });
      // The card asks for 3-D Secure: the shopper answers in the authentication step first.
      if (paymentIntent.status === 'requires_action') setChallenge(card);
      else await authorized(intent.orderNumber);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'card_attempts_exceeded') stopPayment();
      // Already authorized (an earlier answer was lost, or another tab paid): as with Stripe, the card is not
      // tried again; the shop is asked for the order, and says if there is none.
      else if (error instanceof ApiError && error.status === 400 && error.code === 'payment_intent_unexpected_state') await authorized(intent.orderNumber);
      else window.alert(MESSAGES.paymentFailed(error instanceof ApiError ? error.message : 'The payment did not go through.'));
    } finally {
      setBusy(false);
    }
  }

  function payWithStripe(confirm: (clientSecret: string, billing: { name: string; email: string }) => Promise<StripePayResult>) {
    if (!intent) return;
    setBusy(true);
    void confirm(intent.clientSecret, { name: address.name.trim(), email: address.email.trim() })
      .then((result) => {
        if (result.ok) return authorized(intent.orderNumber);
        if (result.stopped) return stopPayment();
        window.alert(MESSAGES.paymentFailed(result.message ?? 'The payment did not go through.'));
      })
      .finally(() => setBusy(false));
  }

  function back() {
    if (step === 'payment') {
      setIntent(null);
      setStopped(false);
      setStep('shipping');
    } else setStep('cart');
  }

  if (paid) {
    return (
      <div className="dialog-backdrop">
        <div role="dialog" aria-modal="true" aria-labelledby="thanks-title" className="card dialog">
          <h1 id="thanks-title">Thank you for your order!</h1>
          <p>
            Your payment went through. Order number: <strong className="order-number">{paid}</strong>
          </p>
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- a modal dialog moves focus into itself as it opens (WAI-ARIA dialog pattern) */}
          <button type="button" onClick={() => void navigate('/orderconfirmation')} autoFocus>
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
                  {/* A line saved before its product's picture moved (image pipeline) shows an empty frame, not a broken image. */}
                  <LinePhoto src={line.image} size={96} />
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
          <form className="stack card" onSubmit={(event) => void next(event)} aria-label="Shipping details" noValidate={false}>
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
            {confirming ? (
              <p className="notice" role="status">
                {confirming === 'later' ? MESSAGES.confirmingOrderLater : MESSAGES.confirmingOrder}
              </p>
            ) : stopped ? (
              <p className="notice" role="alert">
                {MESSAGES.tooManyCardAttempts}
              </p>
            ) : intent.paymentMode === 'stripe' && payment.key ? (
              <Suspense fallback={<p>Loading the card form…</p>}>
                <StripeCardForm publishableKey={payment.key} busy={busy} amountLabel={formatPrice(intent.amounts.total)} onPay={payWithStripe} />
              </Suspense>
            ) : intent.paymentMode === 'stripe' ? (
              // Stripe on the server but no publishable key in config.json: no card can be taken here.
              <p className="notice" role="alert">
                {MESSAGES.paymentsUnavailable}
              </p>
            ) : (
              <TestCardForm busy={busy} amountLabel={formatPrice(intent.amounts.total)} onPay={(card) => void payWithTestCard(card)} />
            )}
            {!confirming && (
              <button type="button" className="secondary" onClick={back} disabled={busy}>
                Back
              </button>
            )}
            {challenge && <AuthenticateDialog amountLabel={formatPrice(intent.amounts.total)} onAnswer={(answer) => void payWithTestCard(challenge, answer)} />}
          </section>
        )}
      </section>

      <aside className="order-details card" aria-labelledby="order-details-heading">
        <h2 id="order-details-heading">Order Details</h2>
        <dl>
          <dt>Subtotal</dt>
          <dd>{formatPrice(amounts.subtotal)}</dd>
          {amounts.discount > 0 && (
            <>
              <dt className="discount">Discount{appliedCode ? ` (${appliedCode})` : ''}</dt>
              <dd className="discount">-{formatPrice(amounts.discount)}</dd>
            </>
          )}
          {discountUnknown && (
            <>
              <dt className="discount">Discount ({appliedCode})</dt>
              <dd className="discount">{promo.status === 'checking' ? MESSAGES.promoChecking : MESSAGES.promoAtCheckout}</dd>
            </>
          )}
          {/* An empty cart ships nothing: every row 0, so the rows add up to the total. */}
          <dt>Shipping &amp; handling</dt>
          <dd>{formatPrice(emptyCart ? 0 : amounts.shipping)}</dd>
          <dt>Estimated tax</dt>
          <dd>{formatPrice(emptyCart ? 0 : amounts.tax)}</dd>
          <dt className="total">{discountUnknown ? MESSAGES.totalBeforeDiscount : 'Total'}</dt>
          <dd className="total">{formatPrice(emptyCart ? 0 : amounts.total)}</dd>
        </dl>
        <PromoCodeField
          applied={intent ? (intent.promo ? { code: intent.promo.code, description: intent.promo.description } : null) : promo.applied}
          note={!intent && promo.status === 'unconfirmed' ? MESSAGES.promoConfirmedAtCheckout : null}
          locked={locked || busy || cart.length === 0}
          error={promo.error}
          onApply={promo.apply}
          onRemove={promo.remove}
        />
        <p className="muted">
          {MESSAGES.shippingText}. Estimated arrival: <strong>{arrival}</strong>
        </p>
        {step === 'cart' && (
          <button type="button" onClick={() => void proceed()} disabled={cart.length === 0 || busy}>
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
