import { ORDER_ROUTES } from '#shared/routes/orders';
import { handleShippingWebhook } from '../../domain/orders/tracking';
import { defineHandler } from '../../lib/http';

/** The shipping provider's events, signature-checked on the raw body; applied once, in any order (docs/decisions/0176). */
export const handler = defineHandler(ORDER_ROUTES, 'orders/shipping-webhook', async ({ event }) => {
  const raw = event.body
    ? event.isBase64Encoded
      ? Buffer.from(event.body, 'base64').toString('utf8')
      : event.body
    : '';
  return handleShippingWebhook(raw, event.headers ?? {});
});
