import { productListSchema, type Product } from '../../../shared/schemas/product';
import { prefetch, useQuery } from '../lib/query';

/** The API URL of one category's list (the same key the page function embeds). */
export const productListUrl = (category: string) => `/api/products?category=${encodeURIComponent(category)}`;

/** Starts loading a category's list (route loaders call it, so the data comes with the route). */
export const prefetchProducts = (category: string) => prefetch(productListUrl(category), productListSchema);

/** Listed products of one category (tag word); `null` while loading. A `null` category loads nothing. */
export function useProducts(category: string | null): { products: Product[] | null; failed: boolean } {
  const { data, error } = useQuery(category === null ? null : productListUrl(category), productListSchema);
  if (error) return { products: [], failed: true };
  return { products: data?.products ?? null, failed: false };
}
