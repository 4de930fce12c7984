import { CATALOG_ROUTES } from '#shared/routes/catalog';
import { listProducts } from '../../domain/catalog/products';
import { defineHandler, reply } from '../../lib/http';
import { CATALOG_CACHE_CONTROL } from '#shared/pages';

/** CloudFront may keep a page of a product list for 30 s; browsers always revalidate (docs/decisions/0045). */
const CACHE = { 'cache-control': CATALOG_CACHE_CONTROL };

export const handler = defineHandler(CATALOG_ROUTES, 'catalog/list-products', async ({ query }) => {
  return reply(200, await listProducts(query), CACHE);
});
