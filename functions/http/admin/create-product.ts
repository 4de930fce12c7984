import { ADMIN_ROUTES } from '#shared/routes/admin';
import { createProduct } from '../../domain/admin/products';
import { defineHandler, reply } from '../../lib/http';

export const handler = defineHandler(ADMIN_ROUTES, 'admin/create-product', async ({ body }) =>
  reply(201, await createProduct(body)),
);
