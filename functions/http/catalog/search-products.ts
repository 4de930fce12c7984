import { CATALOG_CACHE_CONTROL } from '#shared/pages';
import { CATALOG_ROUTES } from '#shared/routes/catalog';
import { searchProducts } from '../../domain/catalog/search';
import { defineHandler, reply } from '../../lib/http';

/** Like the product list: CloudFront may keep an answer 30 s; browsers always revalidate (docs/decisions/0045). */
const CACHE = { 'cache-control': CATALOG_CACHE_CONTROL };

export const handler = defineHandler(CATALOG_ROUTES, 'catalog/search-products', async ({ query }) => {
  return reply(200, await searchProducts(query), CACHE);
});
