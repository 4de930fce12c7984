import Stripe from 'stripe';

/**
 * Stripe's own client (the `stripe` package) for a secret key, with the shop's settings: two retries and 10 s a
 * request unless a call says otherwise (decision 0024; Stripe Tax's card-step calls wait less and never retry). The
 * package keeps the API version, the form bodies, idempotency keys on retried POSTs, its retry rules and error types,
 * and checks webhook signatures (`webhooks.constructEvent`). Imported only by the Stripe code paths (payments/stripe.ts,
 * tax/stripe-tax.ts), so only the functions that call Stripe carry it (docs/decisions/0141).
 */
export function stripeSdk(secretKey: string, options: Stripe.StripeConfig = {}): Stripe {
  return new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 10_000, ...options });
}

export type { Stripe };
