import { adminChangeTracking } from '#shared/routes/admin-orders';
import { changeOrderTracking } from '../../domain/admin/orders';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler([adminChangeTracking], 'admin/change-tracking', async ({ params, body }) =>
  changeOrderTracking(params.orderNumber, body),
);
