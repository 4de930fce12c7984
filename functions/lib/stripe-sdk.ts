import type Stripe from 'stripe';

/**
 * Stripe's SDK for a secret key, loaded on the first call that needs it, not when the function starts (cold start,
 * issue 16), and made once: the payment provider and Stripe Tax share these settings (two retries, 10 s).
 */
export function lazyStripe(secretKey: string, options: Stripe.StripeConfig = {}): () => Promise<Stripe> {
  let sdk: Promise<Stripe> | undefined;
  return () =>
    (sdk ??= import('stripe').then(
      ({ default: StripeSdk }) => new StripeSdk(secretKey, { maxNetworkRetries: 2, timeout: 10_000, ...options }),
    ));
}
