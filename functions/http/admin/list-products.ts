import { adminListProducts } from '#shared/routes/admin-catalog';
import { listAdminProducts } from '../../domain/admin/products';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler([adminListProducts], 'admin/list-products', async ({ query }) =>
  listAdminProducts('listed', query),
);
