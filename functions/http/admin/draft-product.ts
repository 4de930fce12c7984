import { ADMIN_ROUTES } from '../../../shared/routes/admin';
import { productIdSchema } from '../../../shared/schemas/product';
import { draftProduct } from '../../domain/admin/products';
import { defineHandler, validate } from '../../lib/http';

export const handler = defineHandler(ADMIN_ROUTES, 'admin/draft-product', async ({ params }) => draftProduct(validate(productIdSchema, params.id)));
