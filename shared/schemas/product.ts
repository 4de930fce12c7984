import { ALL_SIZES } from '../sizes';
import * as z from './zod';

/** A size and how many can still be bought. */
export const sizeAvailabilitySchema = z.object({
  size: z.enum(ALL_SIZES),
  available: z.number().check(z.int()),
});

/** A listed product as the public API returns it. Prices are integer cents. */
export const productSchema = z.object({
  id: z.string(),
  name: z.string(),
  image: z.string(),
  extraImages: z.array(z.string()).check(z.maxLength(2)),
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
