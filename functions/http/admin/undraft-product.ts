import { ADMIN_ROUTES } from '#shared/routes/admin';
import { undraftProduct } from '../../domain/admin/products';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(ADMIN_ROUTES, 'admin/undraft-product', async ({ params }) =>
  undraftProduct(params.id),
);
