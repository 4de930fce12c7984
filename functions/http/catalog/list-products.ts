import { CATALOG_ROUTES } from '#shared/routes/catalog';
import { listProducts } from '../../domain/catalog/products';
import { catalogSales, withSale } from '../../domain/catalog/sales';
import { defineHandler, reply } from '../../lib/http';

/**
 * CloudFront may keep a page of a product list for 30 s, never past a sale's start or end (docs/decisions/0180);
 * browsers always revalidate (0045).
 */
export const handler = defineHandler(CATALOG_ROUTES, 'catalog/list-products', async ({ query }) => {
  const [list, sales] = await Promise.all([listProducts(query), catalogSales()]);
  return reply(
    200,
    { ...list, products: list.products.map((product) => withSale(product, sales)) },
    { 'cache-control': sales.cacheControl },
  );
});
