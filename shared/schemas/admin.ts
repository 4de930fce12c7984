import { TAG_WORDS } from '../categories';
import { STOCK_ITEM_FAMILIES, tagWords } from '../sizes';
import { PHOTO_ID, photoId } from '../images';
import { pageQueryFields } from './common';
import { typedText } from './text';
import { photoSchema, productSchema, sizeAvailabilitySchema } from './product';
import { productDetailFields, productDetailsViewSchema } from './product-details';
import * as z from './zod';

const COUNT = 'Counts must be whole numbers, 0 or more.';
const count = z
  .number({ message: COUNT })
  .check(z.int(COUNT), z.gte(0, COUNT), z.lte(1_000_000, 'Counts can be at most 1,000,000.'));
const text = (label: string, max: number, multiline = false) =>
  typedText({
    max,
    required: `${label} is required.`,
    tooLong: `${label} can be at most ${max} characters.`,
    multiline,
  });

/** A photo as the upload step answered it (`url`: /images/products/<uuid>); the image pipeline must have made it. */
export const productImagePathSchema = z
  .string()
  .check(z.refine((value) => photoId(value) !== null, 'Upload the image first.'));

/** Comma-separated tag words from the shop's list (at least one), normalised to lower case without repeats. */
export const tagSchema = z
  .pipe(
    z.string({ message: 'Tag is required.' }),
    z.transform((value: string) => [...new Set(tagWords(value))].join(',')),
  )
  .check(
    z.refine((value) => value.length > 0, 'Tag is required.'),
    z.refine(
      (value) => value.split(',').every((word) => (TAG_WORDS as readonly string[]).includes(word)),
      `Tags must be among: ${TAG_WORDS.join(', ')}.`,
    ),
  );

/** A stock item's id text. */
export const stockItemIdSchema = z
  .string({ message: 'Item id is required.' })
  .check(
    z.trim(),
    z.minLength(1, 'Item id is required.'),
    z.maxLength(64, 'Item id can be at most 64 characters.'),
    z.regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, - and _ only.'),
  );

/**
 * A product's own counts: tumblers use 16oz/20oz/24oz, single-size goods (candles, rugs) CANDLE; apparel and
 * gift wraps have none (their stock is the linked stock item's). The server keeps only the keys of the kind.
 */
export const ownStockSchema = z.object({
  CANDLE: z.optional(count),
  '16oz': z.optional(count),
  '20oz': z.optional(count),
  '24oz': z.optional(count),
});

const extraImagesSchema = z.array(productImagePathSchema).check(z.maxLength(2, 'At most two extra images.'));

/** Admin add product (spec section 5). Price in integer cents. */
export const productFields = z.object({
  name: text('Name', 200),
  description: text('Description', 5000, true),
  price: z
    .number({ message: 'Price is required.' })
    .check(
      z.int('Price must be in whole cents.'),
      z.gte(0, 'Price cannot be negative.'),
      z.lte(1_000_000, 'Price can be at most $10,000.00.'),
    ),
  tag: tagSchema,
  image: z.pipe(
    z
      .string({ message: 'Please upload an image!' })
      .check(z.refine((value) => value !== '', 'Please upload an image!')),
    productImagePathSchema,
  ),
  extraImages: extraImagesSchema,
  /** The stock item of apparel and gift wraps; empty or absent for other goods. */
  stockRef: z.optional(z.union([z.literal(''), stockItemIdSchema])),
  stock: ownStockSchema,
  /** What the feeds and carriers read (issue 55 item 1): brand, GTINs, MPN, colour, ..., a weight per size. */
  ...productDetailFields,
});

export const productInputSchema = z.extend(productFields, {
  extraImages: z._default(extraImagesSchema, []),
  stock: z._default(ownStockSchema, {}),
});
export type ProductInput = z.output<typeof productInputSchema>;

/** An update names only what changes, plus the `version` it read (409 if the product changed since). */
export const productUpdateSchema = z.extend(z.partial(productFields), {
  version: z.number({ message: 'Reload the product first.' }).check(z.int(), z.gte(1)),
});
export type ProductUpdate = z.output<typeof productUpdateSchema>;

export const stockCountsSchema = z.object({ S: count, M: count, L: count, XL: count, '2XL': count });
export const stockItemInputSchema = z.object({ id: stockItemIdSchema, stock: stockCountsSchema });
export const stockItemUpdateSchema = z.object({
  stock: stockCountsSchema,
  version: z.number({ message: 'Reload the item first.' }).check(z.int(), z.gte(1)),
});

/** A stock item as the admin's table shows it. */
export const stockItemViewSchema = z.object({
  id: z.string(),
  stock: z.object({ S: z.number(), M: z.number(), L: z.number(), XL: z.number(), '2XL': z.number() }),
  version: z.number(),
  updatedAt: z.string(),
});
/**
 * A stock item in the admin's list: with the size families of the products (listed or drafted) that take their sizes
 * from it, so the owner sees a gift wrap's counts by the shopper's names (shared/sizes.ts stockItemSizes).
 */
export const stockItemRowSchema = z.extend(stockItemViewSchema, { families: z.array(z.enum(STOCK_ITEM_FAMILIES)) });
export const stockItemPageSchema = z.object({
  items: z.array(stockItemRowSchema),
  total: z.number(),
  nextCursor: z.nullable(z.string()),
});
/** DELETE /api/admin/items/{id}: the id deleted. */
export const deletedSchema = z.object({ deleted: z.string() });

/**
 * A product as the admin's table shows it: the public view plus status, version, own counts and per-size availability.
 */
export const adminProductSchema = z.extend(productSchema, {
  /** The linked stock item; '' for goods that keep their own counts. */
  stockRef: z.string(),
  status: z.enum(['listed', 'drafted']),
  version: z.number(),
  stock: z.record(z.string(), z.number()),
  sizes: z.array(sizeAvailabilitySchema),
  createdAt: z.string(),
  updatedAt: z.string(),
  ...productDetailsViewSchema.shape,
  /** When a spreadsheet's `Status: archived` retired it (drafted, kept with its orders): docs/decisions/0152. */
  retiredAt: z.optional(z.string()),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;
export const adminProductPageSchema = z.object({
  products: z.array(adminProductSchema),
  total: z.number(),
  nextCursor: z.nullable(z.string()),
});
export type AdminProductPage = z.infer<typeof adminProductPageSchema>;
/**
 * DELETE /api/admin/products/{id}: the id deleted, and the pictures kept (another product shows them, or deleting them
 * failed).
 */
export const productDeletedSchema = z.object({ deleted: z.string(), imagesKept: z.array(z.string()) });

/**
 * Image types an admin may upload (no SVG: it can carry script). Value: the file extension of the key. The image
 * pipeline holds the bytes to the same list, whatever type an upload was sent as (functions/domain/images/pipeline.ts).
 */
export const IMAGE_TYPES = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
} as const;
export type ImageType = keyof typeof IMAGE_TYPES;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** POST /api/admin/uploads */
export const uploadRequestSchema = z.object({
  contentType: z.enum(Object.keys(IMAGE_TYPES) as [ImageType, ...ImageType[]], {
    message: 'Only JPEG, PNG, WebP or GIF images can be uploaded.',
  }),
  size: z
    .number({ message: 'The file size is required.' })
    .check(
      z.int('The file size is required.'),
      z.gte(1, 'The file is empty.'),
      z.lte(MAX_IMAGE_BYTES, 'Images can be at most 5 MB.'),
    ),
  fileName: z.optional(z.string().check(z.maxLength(255, 'The file name is too long.'))),
});

/**
 * The answer: PUT the file's bytes to `uploadUrl` with `headers`, then use `url` as the product image once
 * `GET /api/admin/uploads/{id}` says the photo is ready.
 */
export const uploadAnswerSchema = z.object({
  id: z.string(),
  uploadUrl: z.string(),
  key: z.string(),
  url: z.string(),
  headers: z.record(z.string(), z.string()),
});
export type UploadAnswer = z.infer<typeof uploadAnswerSchema>;

/** GET /api/admin/uploads/{id}: the image pipeline's progress with one upload. */
export const uploadStatusSchema = z.union([
  z.object({ id: z.string(), status: z.literal('processing') }),
  z.object({ id: z.string(), status: z.literal('ready'), photo: photoSchema, preview: z.string() }),
  z.object({ id: z.string(), status: z.literal('failed'), reason: z.string() }),
]);
export type UploadStatus = z.infer<typeof uploadStatusSchema>;

/** The id of an upload (a UUID, as the upload step made it). */
export const uploadIdSchema = z.string().check(z.regex(PHOTO_ID, 'Not an upload id'));

/**
 * Rows of an admin table page (products, drafted products, stock items) unless `limit` says otherwise, and the most.
 */
export const ADMIN_PAGE_SIZE = 50;
export const ADMIN_PAGE_MAX = 200;
export const BAD_ADMIN_CURSOR = 'This page link is no longer valid. Go back to the first page.';
/**
 * GET /api/admin/products, /api/admin/drafted-products, /api/admin/items: ?limit=&cursor= (the nextCursor before), or
 * ?id= for the one record of that id when it is in the list (the dashboard's low-stock links open it, whichever page
 * it would be on).
 */
export const adminPageQuerySchema = z.strictObject({
  ...pageQueryFields(ADMIN_PAGE_SIZE, ADMIN_PAGE_MAX, BAD_ADMIN_CURSOR),
  id: z.optional(
    z.string().check(z.trim(), z.minLength(1, 'Give an id.'), z.maxLength(200, 'An id has at most 200 characters.')),
  ),
});
export type AdminPageQuery = z.output<typeof adminPageQuerySchema>;
