import { ADMIN_ROUTES } from '../../../shared/routes/admin';
import { productIdSchema } from '../../../shared/schemas/product';
import { updateProduct } from '../../domain/admin/products';
import { defineHandler, validate } from '../../lib/http';

export const handler = defineHandler(ADMIN_ROUTES, 'admin/update-product', async ({ body, params }) => updateProduct(validate(productIdSchema, params.id), body));
