import { adminCancelOrder } from '#shared/routes/admin-orders';
import { adminOrder } from '../../domain/admin/orders';
import { cancelOrder } from '../../domain/orders/cancel';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler([adminCancelOrder], 'admin/cancel-order', async ({ params }) =>
  adminOrder(await cancelOrder(params.orderNumber)),
);
