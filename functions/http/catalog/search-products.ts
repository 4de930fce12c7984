import { CATALOG_ROUTES } from '#shared/routes/catalog';
import { catalogSales, withSale } from '../../domain/catalog/sales';
import { searchProducts } from '../../domain/catalog/search';
import { defineHandler, reply } from '../../lib/http';

/**
 * Like the product list: CloudFront may keep an answer 30 s, never past a sale's start or end (docs/decisions/0180);
 * browsers always revalidate (0045).
 */
export const handler = defineHandler(CATALOG_ROUTES, 'catalog/search-products', async ({ query }) => {
  const [found, sales] = await Promise.all([searchProducts(query), catalogSales()]);
  return reply(
    200,
    { ...found, products: found.products.map((product) => withSale(product, sales)) },
    { 'cache-control': sales.cacheControl },
  );
});
