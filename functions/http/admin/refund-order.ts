import { ADMIN_ROUTES } from '#shared/routes/admin';
import { refundOrderPart } from '../../domain/admin/orders';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(ADMIN_ROUTES, 'admin/refund-order', async ({ params, body }) =>
  refundOrderPart(params.orderNumber, body),
);
