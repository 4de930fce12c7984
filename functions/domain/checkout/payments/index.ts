import { readEnv } from '../../../lib/env';
import type { PaymentProvider } from './provider';
import { StripePaymentProvider } from './stripe';
import { TestPaymentProvider } from './test-processor';

let cached: { key: string; provider: PaymentProvider } | undefined;

/** Stripe when STRIPE_SECRET_KEY is set, otherwise the built-in test card processor. */
export function paymentProvider(): PaymentProvider {
  const env = readEnv();
  const key = `${env.STRIPE_SECRET_KEY ?? ''}|${env.STRIPE_WEBHOOK_SECRET ?? ''}`;
  if (!cached || cached.key !== key) {
    cached = {
      key,
      provider: env.STRIPE_SECRET_KEY ? new StripePaymentProvider(env.STRIPE_SECRET_KEY, env.STRIPE_WEBHOOK_SECRET) : new TestPaymentProvider(),
    };
  }
  return cached.provider;
}
