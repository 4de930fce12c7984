import { lazy, Suspense, useState } from 'react';
import { Navigate, replace, useLoaderData, useNavigate, useRevalidator } from 'react-router-dom';
import { GIFT_CARD_WORDS, onlyGiftCards } from '#shared/gift-card-lines';
import { CART_MESSAGES, MESSAGES } from '#shared/messages';
import { formatPrice } from '#shared/money';
import { orderLabel } from '#shared/order-number';
import { ApiError } from '../../lib/api';
import { loadConfig } from '../../lib/config';
import { useRevealed } from '../../lib/reveal';
import { useCart } from '../cart';
import { createIntent } from './checkoutApi';
import { keepCheckout, keepPriced, readRateId, storedCheckout, storedFacts } from './checkoutSession';
import { GiftCardField } from './GiftCardField';
import { useCheckout, useStepHeading } from './CheckoutLayout';
import { STEP_HEADING, STEP_PATH, stepToShow, type PricedCheckout } from './steps';
import { AuthenticateDialog, TestCardForm } from './TestCardForm';
import { usePayment } from './usePayment';

const StripePaymentForm = lazy(() => import('./StripePaymentForm'));

/** What the shipping step says when the card step sent the shopper back (one object: <Navigate> compares it). */
const CHANGED = { notice: CART_MESSAGES.checkoutChanged };

/**
 * The card step needs a priced checkout that still holds for the cart (steps.ts): opened without one (a reload after
 * the cart changed, Forward after an edited address, a bookmark) it goes to the step that is missing. Its data:
 * the priced checkout kept for the tab, and the Stripe key (config.json).
 */
export async function loader(): Promise<{ priced: PricedCheckout; stripeKey: string | null } | Response> {
  const facts = storedFacts();
  const step = stepToShow('payment', facts);
  if (step !== 'payment' || !facts.priced) return replace(STEP_PATH[step]);
  const config = await loadConfig().catch((error: unknown) => {
    console.error(error);
    return null;
  });
  return { priced: facts.priced, stripeKey: config?.stripePublishableKey ?? null };
}

/** The thank-you dialog (spec section 4); the confirmation page then replaces the card step in history. */
function ThanksDialog({ orderNumber, onContinue }: { orderNumber: string; onContinue: () => void }) {
  return (
    <div className="dialog-backdrop">
      <div role="dialog" aria-modal="true" aria-labelledby="thanks-title" className="card dialog">
        <h1 id="thanks-title">Thank you for your order!</h1>
        <p>
          Your payment went through. Order number: <strong className="order-number">{orderLabel(orderNumber)}</strong>
        </p>
        {/* eslint-disable-next-line jsx-a11y/no-autofocus -- a modal dialog moves focus into itself as it opens (WAI-ARIA dialog pattern) */}
        <button type="button" onClick={onContinue} autoFocus>
          Continue
        </button>
      </div>
    </div>
  );
}

/** /cart/payment: where it ships, the card entry and Pay (spec section 2), Back to the shipping step. */
export default function PaymentStep() {
  const { priced, stripeKey } = useLoaderData<{ priced: PricedCheckout; stripeKey: string | null }>();
  // Priced again when a gift card is applied or removed (the same checkout, or a new one when the card now pays all):
  // kept for the tab, then this step's data is read again, so Order Details shows it too.
  const revalidator = useRevalidator();
  const [giftCardError, setGiftCardError] = useState<string | null>(null);
  const { who, address, promo } = useCheckout();
  const { cart } = useCart();
  const navigate = useNavigate();
  const heading = useStepHeading();
  const payment = usePayment({ priced, signedIn: priced.who !== null, promo });
  const { intent } = priced;
  const amountLabel = formatPrice(intent.cardAmount);
  // A declined card's message, once the alert is closed: in view and focused (issue 50 item 6).
  const failureMessage = useRevealed<HTMLParagraphElement>(payment.busy ? null : payment.failure);

  /** Prices the checkout again with this gift card's code, or without one (Remove). */
  async function priceWithGiftCard(code?: string): Promise<boolean> {
    setGiftCardError(null);
    payment.clearFailure();
    try {
      const result = await createIntent({
        cart: [...cart],
        shippingAddress: priced.address,
        ...storedCheckout(),
        signedIn: priced.who !== null,
        promoCode: priced.promoCode ?? undefined,
        shippingRateId: readRateId(),
        giftCardCode: code,
      });
      keepCheckout(result);
      keepPriced({ ...priced, intent: result });
      await revalidator.revalidate();
      return true;
    } catch (error) {
      setGiftCardError(error instanceof ApiError ? error.message : MESSAGES.serverError);
      return false;
    }
  }

  // What it priced changed under it (the cart in another tab, signing in or out): not while paying.
  const step = payment.holding
    ? 'payment'
    : stepToShow('payment', { cart, who, address, promoCode: promo.applied?.code ?? null, priced });
  if (step !== 'payment')
    return <Navigate to={STEP_PATH[step]} replace state={step === 'shipping' ? CHANGED : undefined} />;

  const shipTo = priced.address;
  // Gift cards only: nothing ships; the box shows the buyer instead of an address (issue 50 item 9).
  const buyerOnly = onlyGiftCards(cart);
  return (
    <>
      <h1 id="checkout-heading" ref={heading} tabIndex={-1}>
        {STEP_HEADING.payment}
      </h1>
      <section className="card ship-to" aria-labelledby="ship-to-heading">
        <h2 id="ship-to-heading">{buyerOnly ? GIFT_CARD_WORDS.buyer : 'Shipping to'}</h2>
        <address>
          {shipTo.name}
          <br />
          {!buyerOnly && (
            <>
              {shipTo.line1}, {shipTo.city}, {shipTo.state} {shipTo.zip}
              <br />
            </>
          )}
          {shipTo.email}
        </address>
      </section>
      <section className="card stack" aria-label="Card payment">
        {/* No gift card pays for gift cards (the shop refuses it): not offered for a cart of them only. */}
        {!payment.confirming && !payment.paid && !payment.stopped && !buyerOnly && (
          <GiftCardField
            applied={intent.giftCard ?? null}
            locked={payment.busy}
            error={giftCardError}
            onApply={priceWithGiftCard}
            onRemove={async () => void (await priceWithGiftCard())}
          />
        )}
        {payment.confirming ? (
          <p className="notice" role="status">
            {payment.confirming === 'later' ? MESSAGES.confirmingOrderLater : MESSAGES.confirmingOrder}
          </p>
        ) : payment.stopped ? (
          <p className="notice" role="alert">
            {MESSAGES.tooManyCardAttempts}
          </p>
        ) : intent.paymentMode === 'none' ? (
          <div className="stack">
            <p>{MESSAGES.giftCardPaysAll}</p>
            <button type="button" onClick={payment.placeWithGiftCard} disabled={payment.busy}>
              {payment.busy ? 'Placing your order…' : `Place order (${formatPrice(intent.amounts.total)})`}
            </button>
          </div>
        ) : intent.paymentMode === 'stripe' && stripeKey ? (
          <Suspense fallback={<p>Loading the card form…</p>}>
            <StripePaymentForm
              publishableKey={stripeKey}
              clientSecret={intent.clientSecret}
              busy={payment.busy}
              amountLabel={amountLabel}
              onPay={payment.payWithStripe}
              onEdit={payment.clearFailure}
            />
          </Suspense>
        ) : intent.paymentMode === 'stripe' ? (
          // Stripe on the server but no publishable key in config.json: no card can be taken here.
          <p className="notice" role="alert">
            {MESSAGES.paymentsUnavailable}
          </p>
        ) : (
          <TestCardForm
            busy={payment.busy}
            amountLabel={amountLabel}
            onPay={(card) => void payment.payWithTestCard(card)}
            onEdit={payment.clearFailure}
          />
        )}
        {payment.failure && !payment.busy && (
          <p className="error" role="alert" id="payment-failure" ref={failureMessage} tabIndex={-1}>
            {payment.failure}
          </p>
        )}
        {!payment.confirming && !payment.paid && (
          <button
            type="button"
            className="secondary"
            onClick={() => void navigate(STEP_PATH.shipping)}
            disabled={payment.busy}
          >
            Back
          </button>
        )}
      </section>
      {payment.challenge && (
        <AuthenticateDialog
          amountLabel={amountLabel}
          onAnswer={(answer) => void payment.payWithTestCard(payment.challenge!, answer)}
        />
      )}
      {payment.paid && <ThanksDialog orderNumber={payment.paid} onContinue={payment.showConfirmation} />}
    </>
  );
}
