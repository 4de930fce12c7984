import { ADMIN_ROUTES } from '#shared/routes/admin';
import { listAdminProducts } from '../../domain/admin/products';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(ADMIN_ROUTES, 'admin/list-products', async ({ query }) =>
  listAdminProducts('listed', query),
);
