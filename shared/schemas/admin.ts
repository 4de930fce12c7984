import * as z from 'zod';
import { TAG_WORDS } from '../categories';
import { tagWords } from '../sizes';

const count = z.number({ message: 'Counts must be whole numbers, 0 or more.' }).int('Counts must be whole numbers, 0 or more.').min(0, 'Counts must be whole numbers, 0 or more.');
const text = (label: string, max: number) => z.string({ message: `${label} is required.` }).trim().min(1, `${label} is required.`).max(max, `${label} can be at most ${max} characters.`);
const imagePath = z.string().regex(/^\/images\/products\/[A-Za-z0-9._-]{1,120}$/, 'Upload the image first.');

/** Comma-separated tag words from the shop's list, normalised to lower case. */
export const tagSchema = z
  .string({ message: 'Tag is required.' })
  .transform((value) => tagWords(value).join(','))
  .refine((value) => value.length > 0, 'Tag is required.')
  .refine((value) => value.split(',').every((word) => (TAG_WORDS as readonly string[]).includes(word)), `Tags must be among: ${TAG_WORDS.join(', ')}.`);

export const ownStockSchema = z.object({ CANDLE: count.optional(), '16oz': count.optional(), '20oz': count.optional(), '24oz': count.optional() });

/** Admin add product (spec section 5). Price in integer cents. */
const productFields = z.object({
  name: text('Name', 200),
  description: text('Description', 5000),
  price: z.number({ message: 'Price is required.' }).int('Price must be in whole cents.').min(0).max(10_000_00),
  tag: tagSchema,
  image: imagePath.or(z.literal('')).refine((value) => value !== '', 'Please upload an image!'),
  extraImages: z.array(imagePath).max(2),
  stockRef: z.string().trim().max(64).optional(),
  stock: ownStockSchema,
});

export const productInputSchema = productFields.extend({ extraImages: productFields.shape.extraImages.default([]), stock: ownStockSchema.default({}) });

/** An update names only what changes, plus the version it was read at. */
export const productUpdateSchema = productFields.partial().extend({ version: z.number().int().min(1) });

export const stockCountsSchema = z.object({ S: count, M: count, L: count, XL: count, '2XL': count });
export const stockItemInputSchema = z.object({ id: z.string().trim().min(1, 'Item id is required.').max(64).regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, - and _ only.'), stock: stockCountsSchema });
export const stockItemUpdateSchema = z.object({ stock: stockCountsSchema, version: z.number().int().min(1) });

export const IMAGE_TYPES = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif' } as const;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const uploadRequestSchema = z.object({
  contentType: z.enum(Object.keys(IMAGE_TYPES) as [keyof typeof IMAGE_TYPES], { message: 'Only JPEG, PNG, WebP or GIF images.' }),
  size: z.number().int().min(1).max(MAX_IMAGE_BYTES, 'Images can be at most 5 MB.'),
  fileName: z.string().max(200).optional(),
});
