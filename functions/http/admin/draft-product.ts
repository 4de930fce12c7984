import { ADMIN_ROUTES } from '#shared/routes/admin';
import { draftProduct } from '../../domain/admin/products';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(ADMIN_ROUTES, 'admin/draft-product', async ({ params }) =>
  draftProduct(params.id),
);
