import { ADMIN_ROUTES } from '#shared/routes/admin';
import { deleteProduct } from '../../domain/admin/products';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(ADMIN_ROUTES, 'admin/delete-product', async ({ params }) =>
  deleteProduct(params.id),
);
