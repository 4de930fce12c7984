import { ADMIN_ROUTES } from '#shared/routes/admin';
import { voidOrderLabel } from '../../domain/admin/orders';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(ADMIN_ROUTES, 'admin/void-label', async ({ params, body }) =>
  voidOrderLabel(params.orderNumber, body),
);
