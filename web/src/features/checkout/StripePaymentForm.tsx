import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useMemo, type FormEvent } from 'react';

let stripePromise: Promise<Stripe | null> | undefined;

export interface StripePayResult {
  /** The card is authorized (manual capture: requires_capture) or, for safety, already captured. */
  ok: boolean;
  /** The payment was cancelled (too many failed card attempts): no card can be tried on it any more. */
  stopped?: boolean;
  message?: string;
}

function Form({
  busy,
  amountLabel,
  onPay,
  onEdit,
}: {
  busy: boolean;
  amountLabel: string;
  onEdit?: () => void;
  onPay: (
    confirm: (clientSecret: string, billing: { name: string; email: string }) => Promise<StripePayResult>,
  ) => void;
}) {
  const stripe = useStripe();
  const elements = useElements();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    onPay(async (clientSecret, billing) => {
      const card = elements.getElement(CardElement);
      if (!card) return { ok: false, message: 'The card form is not ready.' };
      const result = await stripe.confirmCardPayment(clientSecret, {
        payment_method: { card, billing_details: { name: billing.name, email: billing.email } },
        receipt_email: billing.email,
      });
      // Stripe.js runs 3-D Secure itself when the card asks for it.
      const already =
        result.error?.code === 'payment_intent_unexpected_state' ? result.error.payment_intent?.status : undefined;
      // Confirmed before (an earlier answer was lost, or another tab paid): the card is authorized; ask the shop.
      if (already === 'requires_capture' || already === 'succeeded') return { ok: true, message: already };
      if (result.error)
        return {
          ok: false,
          stopped: result.error.payment_intent?.status === 'canceled',
          message: result.error.message ?? 'The payment did not go through.',
        };
      const status = result.paymentIntent?.status;
      return { ok: status === 'requires_capture' || status === 'succeeded', message: status };
    });
  };
  return (
    <form className="stack" onSubmit={submit} aria-label="Card details">
      <div className="card stripe-card">
        <CardElement options={{ hidePostalCode: true }} onChange={() => onEdit?.()} />
      </div>
      <button type="submit" disabled={busy || !stripe}>
        {busy ? 'Paying…' : `Pay ${amountLabel}`}
      </button>
    </form>
  );
}

/** Stripe Elements card entry (Stripe mode only; this chunk loads Stripe.js). */
export default function StripeCardForm(props: {
  publishableKey: string;
  busy: boolean;
  amountLabel: string;
  onPay: Parameters<typeof Form>[0]['onPay'];
  onEdit?: () => void;
}) {
  stripePromise ??= loadStripe(props.publishableKey);
  const stripe = useMemo(() => stripePromise!, []);
  return (
    <Elements stripe={stripe}>
      <Form busy={props.busy} amountLabel={props.amountLabel} onPay={props.onPay} onEdit={props.onEdit} />
    </Elements>
  );
}
