import { IMPORT_STATUSES, SHEET_LIMITS, SHEET_REFUSALS } from '../catalog-sheet';
import { TAG_WORDS } from '../categories';
import { DETAIL_LIMITS } from '../product-details';
import { typedText } from './text';
import * as z from './zod';

/**
 * The owner's catalogue spreadsheet routes (shared/routes/catalog-sheets.ts; issue 55 item 4): the export, the import's
 * upload, its check and its apply; and the feeds' settings.
 */

/** GET /api/admin/catalog/export: the whole catalogue, or the products of one tag word; `format=csv` the file. */
export const exportQuerySchema = z.strictObject({
  category: z.optional(z.enum(TAG_WORDS, `A category is one of: ${TAG_WORDS.join(', ')}.`)),
  format: z.optional(z.literal('csv', 'The only format is csv.')),
});
export type ExportQuery = z.output<typeof exportQuerySchema>;
/** What the export would hold (the file itself: `format=csv`). */
export const exportAnswerSchema = z.object({ products: z.number(), rows: z.number(), fileName: z.string() });

const bytes = (max: number, tooLarge: string) =>
  z
    .number({ message: 'The file size is required.' })
    .check(z.int('The file size is required.'), z.gte(1, 'The file is empty.'), z.lte(max, tooLarge));

/** POST /api/admin/catalog/imports: the file about to be sent (and the zip of photos, if any). */
export const importRequestSchema = z.object({
  fileName: typedText({ max: 255, required: 'The file name is required.' }),
  csvBytes: bytes(SHEET_LIMITS.csvBytes, SHEET_REFUSALS.csvTooLarge),
  zipBytes: z.optional(bytes(SHEET_LIMITS.zipBytes, SHEET_REFUSALS.zipTooLarge)),
  retireMissing: z._default(z.boolean('Say true or false.'), false),
});
export type ImportRequest = z.output<typeof importRequestSchema>;

const uploadSchema = z.object({ uploadUrl: z.string(), headers: z.record(z.string(), z.string()) });
/** PUT the zip first (if any), then the CSV: the CSV's arrival starts the check. */
export const importAnswerSchema = z.object({ id: z.string(), csv: uploadSchema, zip: z.optional(uploadSchema) });
export type ImportAnswer = z.infer<typeof importAnswerSchema>;

/** A problem of a cell: its line in the file (the header is line 1), its column and what is wrong. */
export const importProblemSchema = z.object({ line: z.number(), column: z.string(), message: z.string() });
export type ImportProblem = z.infer<typeof importProblemSchema>;

/** What the check found the file would do. */
export const importSummarySchema = z.object({
  rows: z.number(),
  products: z.number(),
  new: z.number(),
  changed: z.number(),
  unchanged: z.number(),
  retired: z.number(),
  photos: z.number(),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

/** What the apply did, product by product (a product it could not write is named with why). */
export const importResultsSchema = z.object({
  created: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  retired: z.number(),
  failed: z.array(z.object({ handle: z.string(), line: z.number(), message: z.string() })),
});
export type ImportResults = z.infer<typeof importResultsSchema>;

/** An import as the owner's page follows it. */
export const importViewSchema = z.object({
  id: z.string(),
  status: z.enum(IMPORT_STATUSES),
  fileName: z.string(),
  retireMissing: z.boolean(),
  createdAt: z.string(),
  refusal: z.optional(z.string()),
  problems: z.array(importProblemSchema),
  problemCount: z.number(),
  warnings: z.array(importProblemSchema),
  summary: z.optional(importSummarySchema),
  phase: z.optional(z.enum(['photos', 'products'])),
  done: z.number(),
  total: z.optional(z.number()),
  results: z.optional(importResultsSchema),
});
export type ImportView = z.infer<typeof importViewSchema>;

/** An import's id (a UUID the shop made). */
export const importIdSchema = z
  .string()
  .check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'Not an import id'));

/** PUT /api/admin/catalog/settings: the brand of products without their own ('' : the shop's name). */
export const catalogSettingsBodySchema = z.object({
  defaultBrand: typedText({
    max: DETAIL_LIMITS.brand,
    empty: true,
    tooLong: `The brand can be at most ${DETAIL_LIMITS.brand} characters.`,
  }),
});
/** The feeds' settings and addresses, as the owner's page shows them. */
export const catalogSettingsSchema = z.object({
  defaultBrand: z.string(),
  feeds: z.object({ google: z.string(), meta: z.string() }),
});
export type CatalogSettings = z.infer<typeof catalogSettingsSchema>;
