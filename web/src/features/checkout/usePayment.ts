import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { MESSAGES } from '#shared/messages';
import { ApiError } from '../../lib/api';
import { leaveLine } from '../../lib/dropLine';
import { useCart } from '../cart';
import { confirmTestPayment, isPromoRefusal } from './checkoutApi';
import { recordOrder } from './orderApi';
import { forget, markAuthorized, storedCheckout } from './checkoutSession';
import { keepLastOrder } from './lastOrder';
import { backoff, retry } from './retry';
import { STEP_PATH, type PricedCheckout } from './steps';
import type { StripeConfirm } from './StripePaymentForm';
import type { TestCard } from './TestCardForm';
import type { usePromoCode } from './usePromoCode';

/** The server refused the order (stock gone, payment failed, checkout closed): asking again would not change it. */
const refused = (error: unknown) =>
  error instanceof ApiError &&
  error.status >= 400 &&
  error.status < 500 &&
  error.status !== 408 &&
  error.status !== 429;
const isRateLimited = (error: unknown): error is ApiError => error instanceof ApiError && error.status === 429;
/** After a 429 the shop is asked again after its Retry-After (at least the backoff); 30 s when it gave none. */
const waitAfter = (attempt: number, error: unknown) =>
  isRateLimited(error) ? Math.max(backoff(attempt), (error.retryAfterSeconds ?? 30) * 1000) : backoff(attempt);

/** How long the thank-you dialog shows before the confirmation page replaces the card step. */
export const THANKS_MS = 2500;

/**
 * The card step's payment (spec section 4: Pay, then the thank-you dialog, then /orderconfirmation): the test
 * processor's card and 3-D Secure steps, or Stripe's; then the order is recorded with the shop, through network
 * trouble and 429s (retry), and the confirmation page replaces the card step in history.
 */
export function usePayment({
  priced,
  signedIn,
  promo,
}: {
  priced: PricedCheckout;
  signedIn: boolean;
  promo: ReturnType<typeof usePromoCode>;
}) {
  const navigate = useNavigate();
  const { dispatch } = useCart();
  const [busy, setBusy] = useState(false);
  /**
   * The card is authorized and the shop is being told: `now` while it retries through network trouble, `later` once
   * the shop said to wait (429): the settle job then finishes the order and mails it anyway.
   */
  const [confirming, setConfirming] = useState<'now' | 'later' | null>(null);
  /** Too many failed card attempts: this checkout's payment was cancelled. */
  const [stopped, setStopped] = useState(false);
  /** A test card that asked for 3-D Secure, waiting for the shopper's answer. */
  const [challenge, setChallenge] = useState<TestCard | null>(null);
  const [paid, setPaid] = useState<string | null>(null);
  /** A card payment that failed: the alert's text also stays beside the form until the shopper changes something. */
  const [failure, setFailure] = useState<string | null>(null);
  const failed = (providerMessage: string | undefined) => {
    const message = MESSAGES.paymentFailed(providerMessage ?? 'The payment did not go through.');
    setFailure(message);
    window.alert(message);
  };
  /** The shop refused the order (stock or code gone): the page is on its way back to the cart. */
  const [refusedOrder, setRefusedOrder] = useState(false);
  /** Leaving the page stops the retries (the settle job finishes an authorized order; coming back resumes it). */
  const leaving = useRef<AbortController>(new AbortController());
  const { intent } = priced;

  const showConfirmation = () => void navigate('/orderconfirmation', { replace: true });

  /**
   * The card is authorized: the shop takes the stock and captures the payment. A refusal (stock or code gone) goes
   * back to the cart with the server's message; network trouble keeps trying, and so does a 429, after its
   * Retry-After, saying plainly that the card was accepted and the order will be confirmed by mail.
   */
  async function authorized() {
    const { signal } = leaving.current;
    markAuthorized();
    let recorded;
    try {
      recorded = await retry(
        () =>
          recordOrder({
            paymentIntentId: intent.paymentIntentId,
            signedIn,
            checkoutSecret: storedCheckout().checkoutSecret,
          }),
        {
          retryable: (error) => !refused(error),
          delayMs: waitAfter,
          onRetry: (error) => {
            console.error('order confirmation failed; retrying', error);
            setConfirming((shown) => (isRateLimited(error) ? 'later' : (shown ?? 'now')));
          },
          signal,
        },
      );
    } catch (error) {
      if (signal.aborted) return;
      setRefusedOrder(true);
      forget('orderRefused');
      // The code's limit was reached while paying: nothing was charged; the cart goes on without it.
      if (error instanceof ApiError && isPromoRefusal(error.code)) promo.drop(error.message);
      setConfirming(null);
      window.alert(error instanceof ApiError ? error.message : MESSAGES.serverError);
      void navigate(STEP_PATH.cart, { replace: true });
      return;
    }
    if (signal.aborted) return;
    setConfirming(null);
    // The order's own number (#1042) and what it is, as the shop answered (decision 0102).
    keepLastOrder(recorded.order, { amounts: intent.amounts, promoCode: intent.promo?.code ?? null });
    forget('paid');
    promo.remove();
    dispatch({ type: 'CLEAR_CART' });
    // A drop's place in line is used: no more asking (lib/dropLine.ts).
    leaveLine();
    setPaid(recorded.order.orderNumber);
    window.setTimeout(() => !signal.aborted && showConfirmation(), THANKS_MS);
  }

  /** Too many failed card attempts: the payment was cancelled; Back starts a new checkout. */
  function stopPayment() {
    forget('cardStopped');
    setStopped(true);
  }

  async function payWithTestCard(card: TestCard, threeDSecure?: 'complete' | 'fail') {
    setBusy(true);
    setChallenge(null);
    setFailure(null);
    try {
      const { address } = priced;
      const { paymentIntent } = await confirmTestPayment({
        clientSecret: intent.clientSecret,
        card,
        billingName: address.name.trim(),
        receiptEmail: address.email.trim(),
        threeDSecure,
      });
      // The card asks for 3-D Secure: the shopper answers in the authentication step first.
      if (paymentIntent.status === 'requires_action') setChallenge(card);
      else await authorized();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'card_attempts_exceeded') stopPayment();
      // Already authorized (an earlier answer was lost, another tab paid, or the tab reloaded during 3-D Secure): as
      // with Stripe, the card is not tried again; the shop is asked for the order, and says if there is none.
      else if (error instanceof ApiError && error.status === 400 && error.code === 'payment_intent_unexpected_state')
        await authorized();
      else failed(error instanceof ApiError ? error.message : undefined);
    } finally {
      setBusy(false);
    }
  }

  /** A gift card pays it all (docs/decisions/0126): no card to confirm, the order is placed as a card's is recorded. */
  function placeWithGiftCard() {
    setBusy(true);
    setFailure(null);
    void authorized().finally(() => setBusy(false));
  }

  function payWithStripe(confirm: StripeConfirm) {
    setBusy(true);
    setFailure(null);
    void confirm(intent.clientSecret, { name: priced.address.name.trim(), email: priced.address.email.trim() })
      .then((result) => {
        if (result.ok) return authorized();
        if (result.stopped) return stopPayment();
        failed(result.message);
      })
      .finally(() => setBusy(false));
  }

  // A card authorized before a reload (the tab was reloaded while the order was being recorded): go on recording.
  // (Recording is idempotent: React's development double mount asks twice, the first ask's answer is dropped.)
  useEffect(() => {
    const controller = new AbortController();
    leaving.current = controller;
    if (priced.authorized) void authorized();
    return () => controller.abort(new Error('left the card step'));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per visit of the card step
  }, []);

  return {
    busy,
    confirming,
    stopped,
    challenge,
    paid,
    failure,
    /** The shopper changed something in the card form: a failed payment's message goes. */
    clearFailure: () => setFailure(null),
    /**
     * The step stays while a payment is under way or settled (paid, or refused and on its way to the cart), whatever
     * the cart or the code does meanwhile: the step's own navigation decides where it goes.
     */
    holding: busy || confirming !== null || paid !== null || refusedOrder || Boolean(priced.authorized),
    payWithTestCard,
    payWithStripe,
    placeWithGiftCard,
    showConfirmation,
  };
}
