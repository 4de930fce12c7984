import { adminUndraftProduct } from '#shared/routes/admin-catalog';
import { undraftProduct } from '../../domain/admin/products';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler([adminUndraftProduct], 'admin/undraft-product', async ({ params }) =>
  undraftProduct(params.id),
);
