/**
 * How the catalogue's lists are asked for: their orders, page sizes and the one spelling of their URLs. Plain rules,
 * apart from the product schemas (shared/schemas/product.ts), so the code that pages a list or spells its URL does not
 * build those schemas when it loads (cold start, issue 39).
 */

/** How a product list can be ordered: newest first (the default), price low to high or high to low, best rated. */
export const PRODUCT_SORTS = ['newest', 'price-asc', 'price-desc', 'rating'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
/** A list's order from an address's `?sort=`: anything but one of PRODUCT_SORTS means the default, newest first. */
export const productSortOf = (value: string | null | undefined): ProductSort =>
  (PRODUCT_SORTS as readonly (string | null | undefined)[]).includes(value) ? (value as ProductSort) : 'newest';
export const SORT_LABELS: Record<ProductSort, string> = {
  newest: 'Newest',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  rating: 'Best rated',
};
/** Products in one page of a list unless `limit` says otherwise (a phone's first screenful and more), and the most. */
export const PRODUCT_PAGE_SIZE = 24;
export const PRODUCT_PAGE_MAX = 100;
export const BAD_CURSOR = 'This page link is no longer valid. Load the list again.';

/** The most characters a search asks for. */
export const SEARCH_MAX_LENGTH = 100;

/**
 * The one spelling of a list's URL (the page function embeds answers under it and the SPA's cache reads them by it,
 * and CloudFront keys on it): parameters in a fixed order, defaults left out.
 */
export function productListUrl(query: {
  category?: string;
  sort?: ProductSort;
  limit?: number;
  cursor?: string | null;
}): string {
  const params = new URLSearchParams();
  if (query.category) params.set('category', query.category);
  if (query.sort && query.sort !== 'newest') params.set('sort', query.sort);
  if (query.limit && query.limit !== PRODUCT_PAGE_SIZE) params.set('limit', String(query.limit));
  if (query.cursor) params.set('cursor', query.cursor);
  const text = params.toString();
  return text ? `/api/products?${text}` : '/api/products';
}

/** The one spelling of a search page's URL (the SPA's cache and CloudFront key on it). */
export const searchUrl = (q: string, cursor?: string | null) =>
  `/api/products/search?q=${encodeURIComponent(q.trim())}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
