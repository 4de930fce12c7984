import { ALL_SIZES } from '../sizes';
import { pageQueryFields } from './common';
import { BAD_CURSOR, PRODUCT_PAGE_MAX, PRODUCT_PAGE_SIZE, PRODUCT_SORTS, SEARCH_MAX_LENGTH } from '../product-lists';
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
  /**
   * A sale without a code on now (issue 54, shared/sales.ts shownSale): the price while it is on, the price before
   * (shown struck through) and its end; the card step prices it again.
   */
  sale: z.optional(z.object({ name: z.string(), price: z.number(), was: z.number(), endsAt: z.string() })),
  /** Buy-X-get-Y sales on now that take this product: "Candle trio: buy 2, the third is free". */
  offers: z.optional(z.array(z.string())),
});
export type Product = z.infer<typeof productSchema>;

export const productDetailSchema = z.extend(productSchema, {
  sizes: z.array(sizeAvailabilitySchema),
  /**
   * A drop that is on (issue 57, docs/decisions/0181): when its sizes go on sale (ISO, UTC) and whether buyers join
   * its line first. Before the start the page counts down from this alone, with no call to the API.
   */
  drop: z.optional(z.object({ startsAt: z.string(), line: z.boolean() })),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

/** One page of a product list; `nextCursor` asks for the page after it (null: this was the last). */
export const productListSchema = z.object({
  products: z.array(productSchema),
  nextCursor: z._default(z.nullable(z.string()), null),
});
export type ProductList = z.infer<typeof productListSchema>;

/** GET /api/products?category=slug&sort=&limit=&cursor= (cursor: the `nextCursor` of the page before, as given). */
export const productListQuerySchema = z.strictObject({
  category: z.optional(
    z.string().check(z.trim(), z.toLowerCase(), z.regex(/^[a-z0-9-]{1,40}$/, 'Category must be a tag word')),
  ),
  sort: z._default(z.enum(PRODUCT_SORTS, `Sort by one of: ${PRODUCT_SORTS.join(', ')}.`), 'newest'),
  ...pageQueryFields(PRODUCT_PAGE_SIZE, PRODUCT_PAGE_MAX, BAD_CURSOR),
});
export type ProductListQuery = z.output<typeof productListQuerySchema>;

/** GET /api/products/search?q=&limit=&cursor= (pages of the matches, like a product list). */
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
