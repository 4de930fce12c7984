import { ADMIN_ROUTES } from '#shared/routes/admin';
import { adminOrder } from '../../domain/admin/orders';
import { cancelOrder } from '../../domain/orders/cancel';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(ADMIN_ROUTES, 'admin/cancel-order', async ({ params }) =>
  adminOrder(await cancelOrder(params.orderNumber)),
);
