import { randomUUID } from 'node:crypto';
import { MESSAGES } from '#shared/messages';
import { notFound } from '../../lib/errors';
import { checkoutOf, recordFailedCardAttempt } from './checkouts';
import { paymentProvider } from '../money/payments';
import type { Intent } from '../money/payments/provider';
import {
  CardError,
  TestPaymentProvider,
  type TestCard,
  type ThreeDSecureAnswer,
} from '../money/payments/test-processor';

export interface TestCardInput {
  clientSecret: string;
  card: TestCard;
  billingName: string;
  receiptEmail: string;
  threeDSecure?: ThreeDSecureAnswer;
}

const tooManyAttempts = () => new CardError('card_attempts_exceeded', MESSAGES.tooManyCardAttempts);

/**
 * The test processor's card step (what Stripe.js does in Stripe mode). Each failed attempt counts against the
 * checkout, as Stripe's payment_failed webhooks do; at the limit the payment is cancelled and the step says so.
 */
export async function confirmTestCard(input: TestCardInput): Promise<Intent> {
  const provider = await paymentProvider();
  // An AWS bundle has no test processor (SHOP_TEST_PROCESSOR is "false" there: infra/lib/shop-function.ts).
  if (process.env.SHOP_TEST_PROCESSOR === 'false' || !(provider instanceof TestPaymentProvider))
    throw notFound('Test payments are off: this shop uses Stripe.');
  const intent = await provider.retrieveIntent(input.clientSecret.split('_secret_')[0]);
  const checkout = intent && intent.clientSecret === input.clientSecret ? await checkoutOf(intent) : null;
  if (checkout?.closedReason === 'card_attempts') throw tooManyAttempts();
  try {
    return await provider.confirm(
      input.clientSecret,
      input.card,
      { name: input.billingName, email: input.receiptEmail },
      input.threeDSecure,
    );
  } catch (error) {
    if (!(error instanceof CardError) || error.code === 'payment_intent_unexpected_state' || !intent) throw error;
    if ((await recordFailedCardAttempt(intent, randomUUID())).closed) throw tooManyAttempts();
    throw error;
  }
}
