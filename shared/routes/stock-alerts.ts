import { stockAlertAnswerSchema, stockAlertBodySchema, stockDemandSchema } from '../schemas/stock-alerts';
import type { RouteDef } from './types';

/** Back-in-stock alerts (issue 27 items 5-7, docs/decisions/0080, 0081). The mails go out from the send-mails job. */
export const STOCK_ALERT_ROUTES = [
  {
    method: 'POST',
    path: '/api/stock-alerts',
    handler: 'stock-alerts/ask-for-restock',
    access: 'public',
    rateLimit: 'stock-alerts',
    table: 'readwrite',
    body: stockAlertBodySchema,
    answer: stockAlertAnswerSchema,
    refusals: {
      400: 'The product does not come in that size',
      404: 'No listed product has this id (unknown, drafted or deleted)',
      409: 'The size is in stock now: nothing to wait for',
    },
    summary:
      '"Email me when it\'s back": {productId, size, email} for a sold-out size of a listed product; ' +
      'the same address (canonical) and size again is the same request. Answers a plain sentence; ' +
      'one mail goes out when the size can be bought again, then the request ends',
  },
  {
    method: 'GET',
    path: '/api/admin/stock-alerts',
    handler: 'stock-alerts/list-demand',
    access: 'admin',
    table: 'read',
    answer: stockDemandSchema,
    summary:
      'Back-in-stock requests waiting, per product and size (most asked for first), ' +
      'with the units available now and the total',
  },
] as const satisfies readonly RouteDef[];
