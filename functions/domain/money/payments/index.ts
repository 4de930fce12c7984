import { MESSAGES } from '#shared/messages';
import { readEnv } from '../../../lib/env';
import { HttpError } from '../../../lib/errors';
import { secretString } from '../../../lib/secrets';
import type { PaymentProvider } from './provider';
import { TestPaymentProvider } from './test-processor';

/** The Stripe keys as the operator stores them in the stack's secret (docs/deploying.md). */
interface StripeKeys {
  secretKey?: string;
  webhookSecret?: string;
}

const notSetUp = () => new HttpError(503, 'payments_not_configured', MESSAGES.paymentsUnavailable);
const neverInAws = (): never => {
  throw notSetUp();
};

let cached: { key: string; provider: PaymentProvider } | undefined;

/**
 * The Stripe keys of this function: the stack's secret in AWS, STRIPE_SECRET_KEY locally; null when payments use the
 * test processor (never in AWS: there a missing key answers 503). Stripe Tax uses the same keys (../tax).
 */
export async function stripeKeys(): Promise<StripeKeys | null> {
  const env = readEnv();
  if (env.STRIPE_SECRET_ARN) {
    let keys: StripeKeys;
    try {
      keys = JSON.parse(await secretString(env.STRIPE_SECRET_ARN)) as StripeKeys;
    } catch {
      throw notSetUp();
    }
    // In AWS it is Stripe or nothing: a secret without a key never falls back to the test processor.
    if (typeof keys.secretKey !== 'string' || !/^(sk|rk)_/.test(keys.secretKey)) throw notSetUp();
    return {
      secretKey: keys.secretKey,
      webhookSecret: typeof keys.webhookSecret === 'string' && keys.webhookSecret ? keys.webhookSecret : undefined,
    };
  }
  if (env.STRIPE_SECRET_KEY) return { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET };
  if (env.AWS_LAMBDA_FUNCTION_NAME) throw notSetUp();
  return null;
}

/** Where the Stripe client sends its calls: Stripe itself, or in tests the stand-in of STRIPE_API_BASE. */
export function stripeApi() {
  const base = readEnv().STRIPE_API_BASE;
  if (!base) return {};
  const url = new URL(base);
  return { host: url.hostname, port: url.port, protocol: url.protocol.replace(':', '') as 'http' | 'https' };
}

/**
 * The Stripe provider. Its module, and with it the `stripe` package, is imported here, where the Stripe code path
 * starts: a function that never asks for the payment provider does not carry the package (docs/decisions/0141).
 */
async function stripeProvider(secretKey: string, webhookSecret: string | undefined): Promise<PaymentProvider> {
  const { StripePaymentProvider } = await import('./stripe');
  return new StripePaymentProvider(secretKey, webhookSecret, stripeApi());
}

/**
 * The payment provider: Stripe with the keys of the stack's secret (STRIPE_SECRET_ARN, in AWS) or of
 * STRIPE_SECRET_KEY (locally); otherwise, and only outside AWS, the built-in test card processor.
 */
export async function paymentProvider(): Promise<PaymentProvider> {
  const keys = await stripeKeys();
  const key = keys ? `${keys.secretKey}|${keys.webhookSecret ?? ''}|${readEnv().STRIPE_API_BASE ?? ''}` : 'test';
  if (!cached || cached.key !== key) {
    cached = {
      key,
      provider: keys?.secretKey
        ? await stripeProvider(keys.secretKey, keys.webhookSecret)
        : // Compiled out of every AWS bundle, where it is Stripe or nothing (stripeKeys answers 503 without a key).
          process.env.SHOP_TEST_PROCESSOR !== 'false'
          ? new TestPaymentProvider()
          : neverInAws(),
    };
  }
  return cached.provider;
}
