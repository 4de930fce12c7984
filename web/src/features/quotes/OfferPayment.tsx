import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router-dom';
import { MESSAGES } from '#shared/messages';
import { formatPrice } from '#shared/money';
import { orderLabel } from '#shared/order-number';
import type { ShippingAddress } from '#shared/schemas/address';
import type { RuntimeConfig } from '#shared/schemas/common';
import { fieldLayout } from '../../components/form/field';
import { AddressLines, NameEmailFields } from '../../components/form/parts';
import { ApiError } from '../../lib/api';
import { loadConfig } from '../../lib/config';
import {
  AuthenticateDialog,
  confirmTestPayment,
  loadStripePaymentForm,
  retry,
  TestCardForm,
  type StripeConfirm,
  type TestCard,
} from '../checkout';
import { payOffer, recordOffer, type QuoteView } from './quotesApi';

const StripePaymentForm = lazy(loadStripePaymentForm);
type Offer = NonNullable<QuoteView['offer']>;
type Payment = Awaited<ReturnType<typeof payOffer>>;
const failed = (error: unknown) => (error instanceof ApiError ? error.message : MESSAGES.serverError);

/**
 * Paying an offer (issue 37): where it ships (only when something ships), then the card, through the cart's path: the
 * card is authorized, the shop records the one order of the offer and captures it. The amounts priced for the address
 * go to the offer (`onPriced`), which shows its tax and total once, in its own rows (issue 50 item 10).
 */
export function OfferPayment({
  quote,
  token,
  offer,
  onPriced,
  onCancel,
}: {
  quote: QuoteView;
  token: string;
  offer: Offer;
  onPriced: (amounts: Payment['amounts']) => void;
  onCancel: () => void;
}) {
  const revalidator = useRevalidator();
  const [config, setConfig] = useState<RuntimeConfig | null>(null);
  const [address, setAddress] = useState<ShippingAddress>({
    name: quote.name,
    email: quote.email,
    line1: '',
    city: '',
    state: '',
    zip: '',
  });
  const [payment, setPayment] = useState<Payment | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const [challenge, setChallenge] = useState<TestCard | null>(null);
  const [paid, setPaid] = useState<string | null>(null);
  useEffect(() => void loadConfig().then(setConfig), []);

  async function start(event?: FormEvent) {
    event?.preventDefault();
    setBusy(true);
    setProblem('');
    try {
      const priced = await payOffer(quote.quoteId, token, offer.no, offer.ships ? address : undefined);
      setPayment(priced);
      onPriced(priced.amounts);
    } catch (error) {
      setProblem(failed(error));
      setFields(error instanceof ApiError ? (error.fields ?? {}) : {});
    } finally {
      setBusy(false);
    }
  }
  /** The card is authorized: the shop records the offer's one order (through network trouble: retried). */
  async function authorized(intent: Payment) {
    try {
      const { order } = await retry(() => recordOffer(quote.quoteId, token, intent.paymentIntentId), {
        retryable: (error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      });
      setPaid(order.orderNumber);
      void revalidator.revalidate();
    } catch (error) {
      setProblem(failed(error));
      void revalidator.revalidate();
    }
  }

  async function payWithTestCard(card: TestCard, threeDSecure?: 'complete' | 'fail') {
    if (!payment) return;
    setBusy(true);
    setChallenge(null);
    try {
      const { paymentIntent } = await confirmTestPayment({
        clientSecret: payment.clientSecret,
        card,
        billingName: address.name.trim(),
        receiptEmail: address.email.trim(),
        threeDSecure,
      });
      if (paymentIntent.status === 'requires_action') setChallenge(card);
      else await authorized(payment);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'payment_intent_unexpected_state') await authorized(payment);
      else setProblem(MESSAGES.paymentFailed(failed(error)));
    } finally {
      setBusy(false);
    }
  }
  function payWithStripe(confirm: StripeConfirm) {
    if (!payment) return;
    setBusy(true);
    void confirm(payment.clientSecret, { name: address.name.trim(), email: address.email.trim() })
      .then((result) => (result.ok ? authorized(payment) : setProblem(MESSAGES.paymentFailed(result.message ?? ''))))
      .finally(() => setBusy(false));
  }

  if (paid)
    return (
      <p className="success" role="status">
        Paid: your order {orderLabel(paid)}. We mailed you the confirmation.
      </p>
    );
  const label = payment ? formatPrice(payment.amounts.total) : '';
  // The address block is the checkout's (components/form): the same fields, limits and messages beside them.
  const field = fieldLayout<keyof ShippingAddress>('ship', fields);
  const set = (key: keyof ShippingAddress) => (event: { target: { value: string } }) =>
    setAddress({ ...address, [key]: event.target.value });
  return (
    <div className="stack">
      {!payment && (
        <form className="stack" onSubmit={(event) => void start(event)} aria-label="Where it ships">
          <h3>{offer.ships ? 'Where should we ship it?' : 'Nothing ships: no address needed.'}</h3>
          {offer.ships && (
            <>
              <NameEmailFields field={field} values={address} set={set} emailMax={200} />
              <AddressLines street="line1" field={field} values={address} set={set} />
            </>
          )}
          <button type="submit" disabled={busy}>
            {busy ? 'One moment…' : 'Continue to payment'}
          </button>
        </form>
      )}
      {payment && (
        <>
          {config?.paymentMode === 'stripe' && config.stripePublishableKey ? (
            <Suspense fallback={<p className="muted">Loading the card form…</p>}>
              <StripePaymentForm
                publishableKey={config.stripePublishableKey}
                clientSecret={payment.clientSecret}
                busy={busy}
                amountLabel={label}
                onPay={payWithStripe}
              />
            </Suspense>
          ) : (
            <TestCardForm busy={busy} amountLabel={label} onPay={(card) => void payWithTestCard(card)} />
          )}
        </>
      )}
      {challenge && (
        <AuthenticateDialog amountLabel={label} onAnswer={(answer) => void payWithTestCard(challenge, answer)} />
      )}
      {problem && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
      <button type="button" className="secondary" onClick={onCancel} disabled={busy}>
        Back
      </button>
    </div>
  );
}
