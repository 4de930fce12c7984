import { ADMIN_ROUTES } from '#shared/routes/admin';
import { buyOrderLabel } from '../../domain/admin/orders';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(ADMIN_ROUTES, 'admin/buy-label', async ({ params, body }) =>
  buyOrderLabel(params.orderNumber, body),
);
