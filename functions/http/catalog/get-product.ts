import { CATALOG_ROUTES } from '../../../shared/routes/catalog';
import { productIdSchema } from '../../../shared/schemas/product';
import { getProduct } from '../../domain/catalog/products';
import { defineHandler, validate } from '../../lib/http';

export const handler = defineHandler(CATALOG_ROUTES, 'catalog/get-product', async ({ params }) => {
  return getProduct(validate(productIdSchema, params.id));
});
