import { orderLookupBodySchema, replacementRequestBodySchema } from '../schemas/orders';
import type { RouteDef } from './types';

/** Order pages for everyone (issue 14): a guest proves an order with its number and email. Rate-limited in the gateway. */
export const ORDER_ROUTES = [
  {
    method: 'POST',
    path: '/api/orders/lookup',
    handler: 'orders/lookup-order',
    access: 'public',
    table: 'read',
    body: orderLookupBodySchema,
    summary: '{orderNumber, email} -> the order with status, tracking and replacement requests; any mismatch 404',
  },
  {
    method: 'POST',
    path: '/api/orders/replacements',
    handler: 'orders/request-replacement',
    access: 'public',
    table: 'readwrite',
    uses: ['ses'],
    body: replacementRequestBodySchema,
    summary: 'Asks for a replacement of chosen lines within 30 days of shipping (order number + email prove the order)',
  },
] as const satisfies readonly RouteDef[];
