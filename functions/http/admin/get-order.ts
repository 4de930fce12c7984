import { ADMIN_ROUTES } from '#shared/routes/admin';
import { orderDetail } from '../../domain/admin/orders';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(ADMIN_ROUTES, 'admin/get-order', async ({ params }) =>
  orderDetail(params.orderNumber),
);
