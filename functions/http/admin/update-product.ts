import { ADMIN_ROUTES } from '#shared/routes/admin';
import { updateProduct } from '../../domain/admin/products';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(ADMIN_ROUTES, 'admin/update-product', async ({ body, params }) =>
  updateProduct(params.id, body),
);
