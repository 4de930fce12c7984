import { CATALOG_ROUTES } from '#shared/routes/catalog';
import { getProduct } from '../../domain/catalog/products';
import { catalogSales, withSale } from '../../domain/catalog/sales';
import { defineHandler, reply } from '../../lib/http';

/**
 * CloudFront keeps a product as long as a list (docs/decisions/0045), never past a sale's start or end (0180); a
 * missing one is not kept (an error answer).
 */
export const handler = defineHandler(CATALOG_ROUTES, 'catalog/get-product', async ({ params }) => {
  const [product, sales] = await Promise.all([getProduct(params.id), catalogSales()]);
  return reply(200, withSale(product, sales), { 'cache-control': sales.cacheControl });
});
