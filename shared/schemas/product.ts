import { ALL_SIZES } from '../sizes';
import { pageQueryFields } from './common';
import * as z from './zod';

/** A size and how many can still be bought. */
export const sizeAvailabilitySchema = z.object({
  size: z.enum(ALL_SIZES),
  available: z.number().check(z.int()),
});

/** A processed photo (shared/images.ts): its path, the oriented original's size and the variant widths. */
export const photoSchema = z.object({
  src: z.string(),
  width: z.number().check(z.int(), z.positive()),
  height: z.number().check(z.int(), z.positive()),
  widths: z.array(z.number().check(z.int(), z.positive())).check(z.minLength(1)),
});

/**
 * A listed product as the public API returns it. Prices are integer cents. `image` and `extraImages` are plain
 * JPEG URLs any <img> shows (what cart lines carry); `photos` describes the same pictures, in the same order, for
 * <picture>/srcset (an entry is null for a picture that has not been through the image pipeline).
 */
export const productSchema = z.object({
  id: z.string(),
  name: z.string(),
  image: z.string(),
  extraImages: z.array(z.string()).check(z.maxLength(2)),
  photos: z._default(z.array(z.nullable(photoSchema)), []),
  description: z.string(),
  price: z.number().check(z.int(), z.nonnegative()),
  tag: z.string(),
  stockRef: z.optional(z.string()),
  averageRating: z.number(),
  ratingCount: z.number().check(z.int()),
  /**
   * Lists only (GET /api/products, search): units of the best-stocked size, capped at 4 ("plenty"), read when the
   * list is asked for; a card shows "Sold out" or "Only N left" from it (shared/stock.ts, docs/decisions/0075).
   * Optional: an answer cached before it was added has none.
   */
  left: z.optional(z.number().check(z.int(), z.nonnegative())),
});
export type Product = z.infer<typeof productSchema>;

export const productDetailSchema = z.extend(productSchema, {
  sizes: z.array(sizeAvailabilitySchema),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

/** One page of a product list; `nextCursor` asks for the page after it (null: this was the last). */
export const productListSchema = z.object({
  products: z.array(productSchema),
  nextCursor: z._default(z.nullable(z.string()), null),
});
export type ProductList = z.infer<typeof productListSchema>;

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

/** GET /api/products?category=slug&sort=&limit=&cursor= (cursor: the `nextCursor` of the page before, as given). */
export const productListQuerySchema = z.strictObject({
  category: z.optional(
    z.string().check(z.trim(), z.toLowerCase(), z.regex(/^[a-z0-9-]{1,40}$/, 'Category must be a tag word')),
  ),
  sort: z._default(z.enum(PRODUCT_SORTS, `Sort by one of: ${PRODUCT_SORTS.join(', ')}.`), 'newest'),
  ...pageQueryFields(PRODUCT_PAGE_SIZE, PRODUCT_PAGE_MAX, BAD_CURSOR),
});
export type ProductListQuery = z.output<typeof productListQuerySchema>;

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

export const productIdSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not a product id'));

/** GET /api/products/search?q=&limit=&cursor= (pages of the matches, like a product list). */
export const SEARCH_MAX_LENGTH = 100;
export const productSearchQuerySchema = z.strictObject({
  q: z._default(
    z.string().check(z.maxLength(SEARCH_MAX_LENGTH, `Search for at most ${SEARCH_MAX_LENGTH} characters.`)),
    '',
  ),
  ...pageQueryFields(PRODUCT_PAGE_SIZE, PRODUCT_PAGE_MAX, BAD_CURSOR),
});
export type ProductSearchQuery = z.output<typeof productSearchQuerySchema>;

/**
 * The answer of GET /api/products/search?q=: the query as read (trimmed), one page of the matches (best first),
 * how many match in all, and the cursor of the next page (null: this was the last). `total` is optional for an
 * answer cached from before it was added (CloudFront keeps one 30 s).
 */
export const productSearchAnswerSchema = z.object({
  query: z.string(),
  products: z.array(productSchema),
  total: z.optional(z.number().check(z.int(), z.nonnegative())),
  nextCursor: z._default(z.nullable(z.string()), null),
});
export type ProductSearchAnswer = z.infer<typeof productSearchAnswerSchema>;
/** The one spelling of a search page's URL (the SPA's cache and CloudFront key on it). */
export const searchUrl = (q: string, cursor?: string | null) =>
  `/api/products/search?q=${encodeURIComponent(q.trim())}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
