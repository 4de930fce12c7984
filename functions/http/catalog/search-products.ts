import { CATALOG_ROUTES } from '../../../shared/routes/catalog';
import { searchProducts } from '../../domain/catalog/search';
import { defineHandler, reply } from '../../lib/http';

/** Like the product list: CloudFront may keep an answer 30 s; browsers always revalidate. */
const CACHE = { 'cache-control': 'public, max-age=0, s-maxage=30' };

export const handler = defineHandler(CATALOG_ROUTES, 'catalog/search-products', async ({ query }) => {
  return reply(200, { query: query.q.trim(), products: await searchProducts(query.q) }, CACHE);
});
