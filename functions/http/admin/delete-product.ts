import { adminDeleteProduct } from '#shared/routes/admin-catalog';
import { deleteProduct } from '../../domain/admin/products';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler([adminDeleteProduct], 'admin/delete-product', async ({ params }) =>
  deleteProduct(params.id),
);
