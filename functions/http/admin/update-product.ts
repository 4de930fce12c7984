import { adminUpdateProduct } from '#shared/routes/admin-catalog';
import { updateProduct } from '../../domain/admin/products';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler([adminUpdateProduct], 'admin/update-product', async ({ body, params }) =>
  updateProduct(params.id, body),
);
