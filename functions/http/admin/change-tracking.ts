import { ADMIN_ROUTES } from '#shared/routes/admin';
import { changeOrderTracking } from '../../domain/admin/orders';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(ADMIN_ROUTES, 'admin/change-tracking', async ({ params, body }) =>
  changeOrderTracking(params.orderNumber, body),
);
