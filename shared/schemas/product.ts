import { ALL_SIZES } from '../sizes';
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
});
export type Product = z.infer<typeof productSchema>;

export const productDetailSchema = z.extend(productSchema, {
  sizes: z.array(sizeAvailabilitySchema),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

export const productListSchema = z.object({ products: z.array(productSchema) });
export type ProductList = z.infer<typeof productListSchema>;

/** GET /api/products?category=slug */
export const productListQuerySchema = z.strictObject({
  category: z.optional(z.string().check(z.trim(), z.toLowerCase(), z.regex(/^[a-z0-9-]{1,40}$/, 'Category must be a tag word'))),
});

export const productIdSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not a product id'));

/** GET /api/products/search?q= */
export const SEARCH_MAX_LENGTH = 100;
export const productSearchQuerySchema = z.strictObject({
  q: z._default(z.string().check(z.maxLength(SEARCH_MAX_LENGTH, `Search for at most ${SEARCH_MAX_LENGTH} characters.`)), ''),
});

/** The answer of GET /api/products/search?q=: the query as read (trimmed) and the matches, best first. */
export const productSearchAnswerSchema = z.object({ query: z.string(), products: z.array(productSchema) });
export const searchUrl = (q: string) => `/api/products/search?q=${encodeURIComponent(q.trim())}`;
