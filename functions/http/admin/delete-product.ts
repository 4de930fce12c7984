import { ADMIN_ROUTES } from '../../../shared/routes/admin';
import { productIdSchema } from '../../../shared/schemas/product';
import { deleteProduct } from '../../domain/admin/products';
import { defineHandler, validate } from '../../lib/http';

export const handler = defineHandler(ADMIN_ROUTES, 'admin/delete-product', async ({ params }) => deleteProduct(validate(productIdSchema, params.id)));
