import { ADMIN_ROUTES } from '#shared/routes/admin';
import { labelLinks } from '../../domain/orders/labels';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(ADMIN_ROUTES, 'admin/label-links', async ({ params }) =>
  labelLinks(params.orderNumber),
);
