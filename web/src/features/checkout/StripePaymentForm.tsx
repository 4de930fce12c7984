import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type PaymentIntentResult, type Stripe } from '@stripe/stripe-js';
import { useMemo, type FormEvent } from 'react';
import { STEP_PATH } from './steps';

let stripePromise: Promise<Stripe | null> | undefined;
/** Stripe.js, loaded once per page for the Payment Element and the Express Checkout Element. */
export const stripeFor = (publishableKey: string) => (stripePromise ??= loadStripe(publishableKey));

/** Where Stripe would send the shopper back after a redirect (none of the shop's methods redirects): the card step. */
export const returnUrl = () => `${window.location.origin}${STEP_PATH.payment}`;

/**
 * Stripe.js's answer to confirmPayment as the shop reads it: `requires_capture` is paid; a decline is its message; a
 * cancelled intent stops; "unexpected state" on an authorized intent means another tab or a lost answer paid.
 */
export function readConfirmation(result: PaymentIntentResult): StripePayResult {
  const already =
    result.error?.code === 'payment_intent_unexpected_state' ? result.error.payment_intent?.status : undefined;
  // Confirmed before (an earlier answer was lost, or another tab paid): the payment is authorized; ask the shop.
  if (already === 'requires_capture' || already === 'succeeded') return { ok: true, message: already };
  if (result.error)
    return {
      ok: false,
      stopped: result.error.payment_intent?.status === 'canceled',
      message: result.error.message ?? 'The payment did not go through.',
    };
  const status = result.paymentIntent.status;
  return { ok: status === 'requires_capture' || status === 'succeeded', message: status };
}

export interface StripePayResult {
  /** The payment is authorized (manual capture: requires_capture) or, for safety, already captured. */
  ok: boolean;
  /** The payment was cancelled (too many failed card attempts): no card can be tried on it any more. */
  stopped?: boolean;
  message?: string;
}

/** How the form confirms: with the intent's client secret and the billing name and email the shop already has. */
export type StripeConfirm = (
  clientSecret: string,
  billing: { name: string; email: string },
) => Promise<StripePayResult>;

function Form({
  busy,
  amountLabel,
  onPay,
  onEdit,
}: {
  busy: boolean;
  amountLabel: string;
  onPay: (confirm: StripeConfirm) => void;
  onEdit?: () => void;
}) {
  const stripe = useStripe();
  const elements = useElements();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    onPay(async (_clientSecret, billing) => {
      // The intent is the Elements' own (its client secret): cards, Apple Pay and Google Pay (wallets of a card), and
      // Link, the methods the server allows on a manual-capture intent. 3-D Secure runs in Stripe's own dialog; no
      // method here redirects, so `return_url` is only Stripe's required fallback.
      const result = await stripe.confirmPayment({
        elements,
        redirect: 'if_required',
        confirmParams: {
          return_url: returnUrl(),
          payment_method_data: { billing_details: { name: billing.name, email: billing.email } },
          receipt_email: billing.email,
        },
      });
      return readConfirmation(result);
    });
  };
  return (
    <form className="stack" onSubmit={submit} aria-label="Payment details">
      <PaymentElement
        options={{
          // The shop has the name and email from the shipping step and sends them with the payment.
          fields: { billingDetails: { name: 'never', email: 'never' } },
          layout: 'tabs',
        }}
        onChange={() => onEdit?.()}
      />
      <button type="submit" disabled={busy || !stripe || !elements}>
        {busy ? 'Paying…' : `Pay ${amountLabel}`}
      </button>
    </form>
  );
}

/**
 * Stripe's Payment Element (Stripe mode only; this chunk loads Stripe.js): a card, Apple Pay or Google Pay where the
 * phone has them, and Link, on the intent the card step created (decision 0125).
 */
export default function StripePaymentForm(props: {
  publishableKey: string;
  clientSecret: string;
  busy: boolean;
  amountLabel: string;
  onPay: (confirm: StripeConfirm) => void;
  onEdit?: () => void;
}) {
  const stripe = useMemo(() => stripeFor(props.publishableKey), [props.publishableKey]);
  return (
    <Elements stripe={stripe} options={{ clientSecret: props.clientSecret }}>
      <Form busy={props.busy} amountLabel={props.amountLabel} onPay={props.onPay} onEdit={props.onEdit} />
    </Elements>
  );
}
