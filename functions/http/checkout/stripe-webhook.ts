import { CHECKOUT_ROUTES } from '../../../shared/routes/checkout';
import { recordOrder } from '../../domain/checkout/orders';
import { paymentProvider } from '../../domain/checkout/payments';
import { getReservation, release } from '../../domain/checkout/reservations';
import { badRequest, HttpError, notFound } from '../../lib/errors';
import { defineHandler } from '../../lib/http';

/** Stripe's events, signature-checked on the raw body. Handling is idempotent: Stripe retries and repeats. */
export const handler = defineHandler(CHECKOUT_ROUTES, 'checkout/stripe-webhook', async ({ event }) => {
  const provider = await paymentProvider();
  if (provider.mode !== 'stripe') throw notFound('Webhooks are only used with Stripe.');
  const raw = event.body ? (event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body) : '';
  let received;
  try {
    received = provider.verifyWebhook(raw, event.headers?.['stripe-signature']);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw badRequest('The webhook signature is not valid.');
  }
  if (received.type === 'payment_intent.succeeded') {
    await recordOrder(received.intent.id, { kind: 'webhook' });
  } else if (received.type === 'payment_intent.canceled' && received.intent.metadata.checkoutId) {
    const reservation = await getReservation(received.intent.metadata.checkoutId);
    if (reservation?.intentId === received.intent.id) await release(reservation);
  }
  return { received: true };
});
