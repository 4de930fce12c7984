import { ADMIN_ROUTES } from '#shared/routes/admin';
import { labelRates } from '../../domain/orders/labels';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(ADMIN_ROUTES, 'admin/label-rates', async ({ params }) =>
  labelRates(params.orderNumber),
);
