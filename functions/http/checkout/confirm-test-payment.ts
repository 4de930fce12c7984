import { CHECKOUT_ROUTES } from '#shared/routes/checkout';
import { confirmTestCard } from '../../domain/checkout/test-card';
import { defineHandler } from '../../lib/http';

/** The test processor's card step, and its 3-D Secure answer (what Stripe.js does in Stripe mode). */
export const handler = defineHandler(CHECKOUT_ROUTES, 'checkout/confirm-test-payment', async ({ body }) => {
  const intent = await confirmTestCard(body);
  return { paymentIntent: { id: intent.id, status: intent.status, amount: intent.amount } };
});
