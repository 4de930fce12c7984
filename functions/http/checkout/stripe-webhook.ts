import { CHECKOUT_ROUTES } from '#shared/routes/checkout';
import { handleStripeWebhook } from '../../domain/checkout/webhook';
import { defineHandler } from '../../lib/http';

/** Stripe's events, signature-checked on the raw body. Handling is idempotent: Stripe retries and repeats. */
export const handler = defineHandler(CHECKOUT_ROUTES, 'checkout/stripe-webhook', async ({ event }) => {
  const raw = event.body
    ? event.isBase64Encoded
      ? Buffer.from(event.body, 'base64').toString('utf8')
      : event.body
    : '';
  await handleStripeWebhook(raw, event.headers?.['stripe-signature']);
  return { received: true as const };
});
