import { adminCompleteOrder } from '#shared/routes/admin-orders';
import { completeOrder } from '../../domain/admin/orders';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler([adminCompleteOrder], 'admin/complete-order', async ({ params, body }) =>
  completeOrder(params.orderNumber, body),
);
