import { adminRefundOrder } from '#shared/routes/admin-orders';
import { refundOrderPart } from '../../domain/admin/orders';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler([adminRefundOrder], 'admin/refund-order', async ({ params, body }) =>
  refundOrderPart(params.orderNumber, body),
);
