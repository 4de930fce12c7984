import { badRequest, HttpError, notFound } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { recordFailedCardAttempt } from './checkouts';
import { recordOrder, settleCanceledIntent } from './orders';
import { paymentProvider } from '../money/payments';

/** The Stripe events the shop acts on (docs/deploying.md: subscribe the webhook endpoint to these). */
export const STRIPE_EVENTS = [
  'payment_intent.amount_capturable_updated',
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
] as const;

/**
 * A Stripe webhook, signature-checked on the raw body. The card authorized (amount_capturable_updated, or
 * succeeded for safety) -> the same take-then-capture as the browser's call; a failed card attempt -> counted
 * against the checkout (payment_failed); an intent cancelled by Stripe (an authorization expired) -> closed, or
 * the stock given back. Stripe repeats and reorders events: every step is idempotent.
 */
export async function handleStripeWebhook(rawBody: string, signature: string | undefined): Promise<void> {
  const provider = await paymentProvider();
  if (provider.mode !== 'stripe') throw notFound('Webhooks are only used with Stripe.');
  let event;
  try {
    event = await provider.verifyWebhook(rawBody, signature);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw badRequest('The webhook signature is not valid.');
  }
  try {
    if (event.type === 'payment_intent.amount_capturable_updated' || event.type === 'payment_intent.succeeded')
      await recordOrder(event.intent.id, { kind: 'webhook' });
    else if (event.type === 'payment_intent.payment_failed') await recordFailedCardAttempt(event.intent, event.id);
    else if (event.type === 'payment_intent.canceled') await settleCanceledIntent(event.intent);
  } catch (error) {
    // A refusal (stock gone, not one of our intents, not authorized yet) is an answer: Stripe need not send it again.
    if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
    logger.info('webhook event not acted on', { type: event.type, intentId: event.intent.id, reason: error.code });
  }
}
