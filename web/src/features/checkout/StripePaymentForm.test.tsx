import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import StripePaymentForm, { type StripeConfirm, type StripePayResult } from './StripePaymentForm';

/**
 * The Payment Element's form against Stripe.js's documented answers (Stripe.js itself cannot load here): what it
 * sends to confirmPayment, and how each answer reads for the card step (authorized, declined, stopped, already paid).
 */
const confirmPayment = jest.fn();
const elementsOptions: unknown[] = [];
let elementChanged: (() => void) | undefined;
jest.mock('@stripe/stripe-js', () => ({ loadStripe: jest.fn(async () => ({})) }));
jest.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children, options }: { children: ReactNode; options: unknown }) => {
    elementsOptions.push(options);
    return <>{children}</>;
  },
  PaymentElement: ({ options, onChange }: { options: unknown; onChange: () => void }) => {
    elementChanged = onChange;
    return <div data-testid="payment-element" data-options={JSON.stringify(options)} />;
  },
  useStripe: () => ({ confirmPayment }),
  useElements: () => ({ id: 'elements' }),
}));

const billing = { name: 'Ada Buyer', email: 'ada@example.com' };

/** Renders the form, presses Pay, and runs the confirm the card step would run. */
async function pay(answer: unknown): Promise<StripePayResult> {
  confirmPayment.mockResolvedValueOnce(answer);
  let confirm: StripeConfirm | undefined;
  render(
    <StripePaymentForm
      publishableKey="pk_test_1"
      clientSecret="pi_1_secret_2"
      busy={false}
      amountLabel="$44.51"
      onPay={(given) => (confirm = given)}
    />,
  );
  await userEvent.click(await screen.findByRole('button', { name: 'Pay $44.51' }));
  return confirm!('pi_1_secret_2', billing);
}

beforeEach(() => {
  confirmPayment.mockReset();
  elementsOptions.length = 0;
});

it("mounts the Payment Element on the card step's intent, without asking again for the name and email", async () => {
  await pay({ paymentIntent: { status: 'requires_capture' } });
  expect(elementsOptions.at(-1)).toEqual({ clientSecret: 'pi_1_secret_2' });
  const options = JSON.parse(screen.getByTestId('payment-element').dataset.options!);
  expect(options.fields).toEqual({ billingDetails: { name: 'never', email: 'never' } });
});

it('confirms with the billing name and email, never redirecting when it need not, and reads requires_capture as paid', async () => {
  expect(await pay({ paymentIntent: { status: 'requires_capture' } })).toEqual({
    ok: true,
    message: 'requires_capture',
  });
  expect(confirmPayment).toHaveBeenCalledWith({
    elements: { id: 'elements' },
    redirect: 'if_required',
    confirmParams: {
      return_url: `${window.location.origin}/cart/payment`,
      payment_method_data: { billing_details: billing },
      receipt_email: billing.email,
    },
  });
});

it("a declined card or wallet: not paid, with Stripe's message", async () => {
  expect(
    await pay({
      error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.', payment_intent: {} },
    }),
  ).toEqual({ ok: false, stopped: false, message: 'Your card was declined.' });
});

it('a payment cancelled after too many attempts stops the card step', async () => {
  const answer = await pay({
    error: { type: 'invalid_request_error', message: 'x', payment_intent: { status: 'canceled' } },
  });
  expect(answer).toMatchObject({ ok: false, stopped: true });
});

it('already authorized (an answer lost, another tab paid): paid, so the shop is asked for the order', async () => {
  const answer = await pay({
    error: { code: 'payment_intent_unexpected_state', message: 'x', payment_intent: { status: 'requires_capture' } },
  });
  expect(answer).toEqual({ ok: true, message: 'requires_capture' });
});

it("tells the card step when the shopper changes something in Stripe's form", async () => {
  const onEdit = jest.fn();
  render(
    <StripePaymentForm
      publishableKey="pk"
      clientSecret="s"
      busy={false}
      amountLabel="$1.00"
      onPay={jest.fn()}
      onEdit={onEdit}
    />,
  );
  await screen.findByTestId('payment-element');
  elementChanged!();
  expect(onEdit).toHaveBeenCalledTimes(1);
});
