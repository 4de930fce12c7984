import * as z from 'zod';
import { ALL_SIZES } from '../sizes';

/** A size and how many can still be bought. */
export const sizeAvailabilitySchema = z.object({
  size: z.enum(ALL_SIZES),
  available: z.number().int(),
});

/** A listed product as the public API returns it. Prices are integer cents. */
export const productSchema = z.object({
  id: z.string(),
  name: z.string(),
  image: z.string(),
  extraImages: z.array(z.string()).max(2),
  description: z.string(),
  price: z.number().int().nonnegative(),
  tag: z.string(),
  stockRef: z.string().optional(),
  averageRating: z.number(),
  ratingCount: z.number().int(),
});
export type Product = z.infer<typeof productSchema>;

export const productDetailSchema = productSchema.extend({
  sizes: z.array(sizeAvailabilitySchema),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

export const productListSchema = z.object({ products: z.array(productSchema) });
export type ProductList = z.infer<typeof productListSchema>;

/** GET /api/products?category=slug */
export const productListQuerySchema = z
  .object({
    category: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9-]{1,40}$/, 'Category must be a tag word')
      .optional(),
  })
  .strict();

export const productIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not a product id');
