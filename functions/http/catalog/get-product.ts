import { CATALOG_ROUTES } from '#shared/routes/catalog';
import { getProduct } from '../../domain/catalog/products';
import { CATALOG_CACHE_CONTROL } from '#shared/pages';
import { defineHandler, reply } from '../../lib/http';

/** CloudFront keeps a product as long as a list (docs/decisions/0045); a missing one is not kept (an error answer). */
export const handler = defineHandler(CATALOG_ROUTES, 'catalog/get-product', async ({ params }) => {
  return reply(200, await getProduct(params.id), { 'cache-control': CATALOG_CACHE_CONTROL });
});
