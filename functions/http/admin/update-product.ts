import { productIdSchema } from '../../../shared/schemas/product';
import { updateProduct } from '../../domain/admin/products';
import { defineHandler, validate } from '../../lib/http';

export const handler = defineHandler('admin/update-product', async ({ body, params }) => updateProduct(validate(productIdSchema, params.id), body));
