import { ORDER_ROUTES } from '#shared/routes/orders';
import { lookupOrder } from '../../domain/orders/lookup';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(ORDER_ROUTES, 'orders/lookup-order', async ({ body }) =>
  lookupOrder(body.orderNumber, body.email),
);
