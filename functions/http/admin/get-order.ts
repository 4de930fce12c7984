import { adminGetOrder } from '#shared/routes/admin-orders';
import { orderDetail } from '../../domain/admin/orders';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler([adminGetOrder], 'admin/get-order', async ({ params }) =>
  orderDetail(params.orderNumber),
);
