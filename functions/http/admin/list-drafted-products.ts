import { adminListDraftedProducts } from '#shared/routes/admin-catalog';
import { listAdminProducts } from '../../domain/admin/products';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler([adminListDraftedProducts], 'admin/list-drafted-products', async ({ query }) =>
  listAdminProducts('drafted', query),
);
