import { ADMIN_ROUTES } from '../../../shared/routes/admin';
import { productIdSchema } from '../../../shared/schemas/product';
import { undraftProduct } from '../../domain/admin/products';
import { defineHandler, validate } from '../../lib/http';

export const handler = defineHandler(ADMIN_ROUTES, 'admin/undraft-product', async ({ params }) => undraftProduct(validate(productIdSchema, params.id)));
