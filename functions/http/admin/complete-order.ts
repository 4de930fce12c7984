import { ADMIN_ROUTES } from '#shared/routes/admin';
import { completeOrder } from '../../domain/admin/orders';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(ADMIN_ROUTES, 'admin/complete-order', async ({ params, body }) =>
  completeOrder(params.orderNumber, body),
);
