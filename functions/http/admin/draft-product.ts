import { adminDraftProduct } from '#shared/routes/admin-catalog';
import { draftProduct } from '../../domain/admin/products';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler([adminDraftProduct], 'admin/draft-product', async ({ params }) =>
  draftProduct(params.id),
);
