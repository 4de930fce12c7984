import { orderPageSchema, replacementAnswerSchema } from '../schemas/order-views';
import { orderLookupBodySchema, replacementRequestBodySchema, shippingWebhookAnswerSchema } from '../schemas/orders';
import type { RouteDef } from './types';

const NO_SUCH_ORDER = 'No order has this number and email (either one wrong: the answer does not say which)';

/**
 * Order pages for everyone (issue 14): a guest proves an order with its number and email. Rate-limited in the gateway.
 */
export const ORDER_ROUTES = [
  {
    method: 'POST',
    path: '/api/orders/lookup',
    handler: 'orders/lookup-order',
    access: 'public',
    rateLimit: 'order-lookups',
    table: 'read',
    body: orderLookupBodySchema,
    answer: orderPageSchema,
    refusals: { 404: NO_SUCH_ORDER },
    summary: '{orderNumber, email} -> the order with status, tracking and replacement requests; any mismatch 404',
  },
  {
    method: 'POST',
    path: '/api/orders/replacements',
    handler: 'orders/request-replacement',
    access: 'public',
    rateLimit: 'order-lookups',
    table: 'readwrite',
    uses: ['ses'],
    body: replacementRequestBodySchema,
    answer: replacementAnswerSchema,
    success: [201],
    refusals: {
      400: 'A line that is not part of the order',
      404: NO_SUCH_ORDER,
      409:
        'The order has not shipped, shipped more than 30 days ago, ' +
        'or more units are asked for than can still be replaced; many requests at once (try again)',
    },
    summary: 'Asks for a replacement of chosen lines within 30 days of shipping (order number + email prove the order)',
  },
  {
    method: 'POST',
    path: '/api/shipping/webhook',
    handler: 'orders/shipping-webhook',
    access: 'public',
    rateLimit: 'shipping-webhooks',
    table: 'readwrite',
    uses: ['ses', 'shipping'],
    bodyType: 'raw',
    rawBody: {
      description: 'An EasyPost event (tracker.updated moves a parcel), as EasyPost sends it',
      signatureHeader: 'X-Hmac-Signature',
    },
    answer: shippingWebhookAnswerSchema,
    refusals: {
      400: 'The X-Hmac-Signature header is missing or does not sign this body with the webhook secret',
      404: 'The shop takes no shipping webhooks (no webhook secret is set)',
    },
    summary:
      'Signature-checked EasyPost events: tracker.updated moves a shipped parcel forward once (in transit, out for delivery, delivered); others and unknown parcels acknowledged',
  },
] as const satisfies readonly RouteDef[];
