import { checkoutStripeWebhook } from '#shared/routes/stripe-webhook';
import { handleStripeWebhook } from '../../domain/checkout/webhook';
import { defineHandler } from '../../lib/http';

/** Stripe's events, signature-checked on the raw body. Handling is idempotent: Stripe retries and repeats. */
export const handler = defineHandler([checkoutStripeWebhook], 'checkout/stripe-webhook', async ({ event }) => {
  const raw = event.body
    ? event.isBase64Encoded
      ? Buffer.from(event.body, 'base64').toString('utf8')
      : event.body
    : '';
  await handleStripeWebhook(raw, event.headers?.['stripe-signature']);
  return { received: true as const };
});
