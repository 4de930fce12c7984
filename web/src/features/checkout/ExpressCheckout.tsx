import { Elements, ExpressCheckoutElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type {
  StripeExpressCheckoutElementConfirmEvent,
  StripeExpressCheckoutElementShippingAddressChangeEvent,
  StripeExpressCheckoutElementShippingRateChangeEvent,
} from '@stripe/stripe-js';
import { useMemo, useRef } from 'react';
import { CURRENCY } from '#shared/money';
import { PAYMENT_METHOD_TYPES, type WalletSheet } from '#shared/wallet';
import { readConfirmation, returnUrl, stripeFor } from './StripePaymentForm';
import type { useWalletPay } from './useWalletPay';

type Wallet = ReturnType<typeof useWalletPay>;

/**
 * The wallet buttons on the cart (issue 38 item 2, docs/decisions/0129): Stripe's Express Checkout Element, Apple
 * Pay, Google Pay and Link where the phone and the domain have them. Stripe mode only: this chunk loads Stripe.js.
 *
 * The sheet opens on the cart's estimate; each address the shopper picks is priced by the shop (`quote`) before the
 * sheet shows its total; paying prices the checkout again with the full address and pays only the total shown
 * (`pay`), on a manual-capture intent as the card step's.
 */
function Buttons({ estimate, wallet }: { estimate: WalletSheet; wallet: Wallet }) {
  const stripe = useStripe();
  const elements = useElements();
  // The total the sheet shows now: the estimate until the shop priced the sheet's address.
  const shown = useRef(estimate.total);

  async function addressChanged(event: StripeExpressCheckoutElementShippingAddressChangeEvent) {
    const { city, state, postal_code: zip, country } = event.address;
    try {
      const sheet = await wallet.quote({ city, state, zip, country });
      void elements?.update({ amount: sheet.total });
      shown.current = sheet.total;
      event.resolve({ lineItems: sheet.lineItems, shippingRates: sheet.shippingRates });
    } catch (error) {
      // Abroad, sold out meanwhile, or the shop cannot be reached: the sheet says it cannot ship there.
      console.error('wallet address not priced', error);
      event.reject();
    }
  }

  /** Another shipping option chosen in the sheet (issue 53): the shop prices it at the sheet's address. */
  async function rateChanged(event: StripeExpressCheckoutElementShippingRateChangeEvent) {
    try {
      const sheet = await wallet.chooseRate(event.shippingRate.id);
      void elements?.update({ amount: sheet.total });
      shown.current = sheet.total;
      event.resolve({ lineItems: sheet.lineItems });
    } catch (error) {
      console.error('wallet shipping option not priced', error);
      event.reject();
    }
  }

  async function confirm(event: StripeExpressCheckoutElementConfirmEvent) {
    if (!stripe || !elements || !event.shippingAddress || !event.billingDetails?.email) {
      event.paymentFailed({ reason: 'fail' });
      return;
    }
    const contact = {
      name: event.shippingAddress.name,
      email: event.billingDetails.email,
      phone: event.billingDetails.phone,
      address: event.shippingAddress.address,
    };
    const paid = await wallet.pay(contact, shown.current, async (intent) => {
      const submitted = await elements.submit();
      if (submitted.error) return { ok: false, message: submitted.error.message };
      return readConfirmation(
        await stripe.confirmPayment({
          elements,
          clientSecret: intent.clientSecret,
          redirect: 'if_required',
          confirmParams: { return_url: returnUrl() },
        }),
      );
    });
    if (!paid.ok) event.paymentFailed({ reason: 'fail', message: paid.message });
  }

  return (
    <ExpressCheckoutElement
      options={{
        emailRequired: true,
        phoneNumberRequired: true,
        shippingAddressRequired: true,
        allowedShippingCountries: ['US'],
        shippingRates: [estimate.shippingRate],
        lineItems: estimate.lineItems,
        buttonHeight: 48,
      }}
      onClick={(event) => {
        wallet.clearFailure();
        shown.current = estimate.total;
        event.resolve();
      }}
      onShippingAddressChange={(event) => void addressChanged(event)}
      onShippingRateChange={(event) => void rateChanged(event)}
      onConfirm={(event) => void confirm(event)}
    />
  );
}

export default function ExpressCheckout({
  publishableKey,
  estimate,
  wallet,
}: {
  publishableKey: string;
  estimate: WalletSheet;
  wallet: Wallet;
}) {
  const stripe = useMemo(() => stripeFor(publishableKey), [publishableKey]);
  return (
    <Elements
      stripe={stripe}
      options={{
        mode: 'payment',
        amount: estimate.total,
        currency: CURRENCY,
        // As the intents the shop makes (decision 0125): authorized now, captured once the order is taken.
        captureMethod: 'manual',
        allowedPaymentMethodTypes: [...PAYMENT_METHOD_TYPES],
      }}
    >
      <Buttons estimate={estimate} wallet={wallet} />
    </Elements>
  );
}
