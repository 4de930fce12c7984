import { CATALOG_ROUTES } from '../../../shared/routes/catalog';
import { productListQuerySchema } from '../../../shared/schemas/product';
import { listProducts } from '../../domain/catalog/products';
import { defineHandler, reply, validate } from '../../lib/http';

/** CloudFront may keep a product list for 30 s; browsers always revalidate. */
const CACHE = { 'cache-control': 'public, max-age=0, s-maxage=30' };

export const handler = defineHandler(CATALOG_ROUTES, 'catalog/list-products', async ({ query }) => {
  return reply(200, await listProducts(validate(productListQuerySchema, query)), CACHE);
});
