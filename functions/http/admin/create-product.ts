import { adminCreateProduct } from '#shared/routes/admin-catalog';
import { createProduct } from '../../domain/admin/products';
import { defineHandler, reply } from '../../lib/http';

export const handler = defineHandler([adminCreateProduct], 'admin/create-product', async ({ body }) =>
  reply(201, await createProduct(body)),
);
