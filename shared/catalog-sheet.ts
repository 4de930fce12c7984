import { MAX_IMAGE_BYTES } from './schemas/admin';

/**
 * The catalogue as a spreadsheet (issue 55 item 4): Shopify's product CSV, one row per size with the product's fields
 * on its first row, plus the shop's own columns. One definition for the export, the import's check and the owner's page
 * (docs/decisions/0151, 0152).
 */

/** Shopify's columns, in Shopify's order (issue 55 item 4). */
export const SHOPIFY_COLUMNS = [
  'Handle',
  'Title',
  'Body (HTML)',
  'Vendor',
  'Product Category',
  'Type',
  'Tags',
  'Published',
  'Option1 Name',
  'Option1 Value',
  'Option2 Name',
  'Option2 Value',
  'Option3 Name',
  'Option3 Value',
  'Variant SKU',
  'Variant Grams',
  'Variant Inventory Qty',
  'Variant Price',
  'Variant Compare At Price',
  'Variant Requires Shipping',
  'Variant Taxable',
  'Variant Barcode',
  'Image Src',
  'Image Position',
  'Image Alt Text',
  'Gift Card',
  'SEO Title',
  'SEO Description',
  'Variant Weight Unit',
  'Status',
] as const;

/**
 * The feed fields Shopify's own export names (so a file moved between Shopify and this shop keeps them), and the
 * shop's own extras: the shared stock item a size draws from, the colour, the material and how the product packs
 * for shipping (soft, boxed or alone: shared/parcels.ts; empty: its kind's rule).
 */
export const EXTRA_COLUMNS = [
  'Google Shopping / Google Product Category',
  'Google Shopping / Gender',
  'Google Shopping / Age Group',
  'Google Shopping / MPN',
  'Google Shopping / Condition',
  'Shop / Stock Item',
  'Shop / Color',
  'Shop / Material',
  'Shop / Packing',
] as const;

/** Every column the export writes, in its order; the import reads these and ignores any other (it says which). */
export const SHEET_COLUMNS = [...SHOPIFY_COLUMNS, ...EXTRA_COLUMNS] as const;
export type SheetColumn = (typeof SHEET_COLUMNS)[number];

/**
 * What an import takes (docs/decisions/0151): a CSV of up to 15 MB and 5,000 rows (2,000 rows of a busy catalogue are
 * a few hundred kilobytes), and beside it a zip of photos of up to 100 MB holding at most 2,000 files, none larger than
 * a photo upload may be, none that inflates more than 100 times its packed size, 1 GB in all at most.
 */
export const SHEET_LIMITS = {
  csvBytes: 15 * 1024 * 1024,
  rows: 5_000,
  zipBytes: 100 * 1024 * 1024,
  zipEntries: 2_000,
  zipEntryBytes: MAX_IMAGE_BYTES,
  zipTotalBytes: 1024 * 1024 * 1024,
  zipRatio: 100,
  /** A photo fetched from an https address: at most this many bytes, in at most this many seconds. */
  imageBytes: MAX_IMAGE_BYTES,
  imageSeconds: 8,
  /** Photos a product keeps: its main photo and two extra (the product form's three). */
  photosPerProduct: 3,
  /** Problems an import's check keeps to show; the count says how many there were. */
  problemsKept: 200,
} as const;

/** Where an import's files live in the image bucket (private: CloudFront serves only images/products/). */
export const IMPORT_PREFIX = 'catalog-imports/';
export const importKeys = (id: string) => ({
  csv: `${IMPORT_PREFIX}${id}/file.csv`,
  zip: `${IMPORT_PREFIX}${id}/photos.zip`,
  plan: `${IMPORT_PREFIX}${id}/plan.json`,
  /** The object whose arrival runs the job's next step (docs/decisions/0151). */
  step: (step: number) => `${IMPORT_PREFIX}${id}/steps/${step}.step`,
});
/** The S3 notifications that run the import job: the file's arrival, and each step's. */
export const IMPORT_TRIGGERS = [
  { prefix: IMPORT_PREFIX, suffix: '/file.csv' },
  { prefix: IMPORT_PREFIX, suffix: '.step' },
] as const;

/** An import's states: uploading, its check, checked (or refused), applying, applied. */
export const IMPORT_STATUSES = ['uploading', 'checking', 'checked', 'refused', 'applying', 'applied'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** What the owner reads of a whole file the check refused (docs/decisions/0151). */
export const SHEET_REFUSALS = {
  csvTooLarge: `The file is larger than ${SHEET_LIMITS.csvBytes / 1024 / 1024} MB. Split it into smaller files.`,
  zipTooLarge: `The zip of photos is larger than ${SHEET_LIMITS.zipBytes / 1024 / 1024} MB. Send the photos in parts.`,
  notUtf8: 'The file is not UTF-8 text. In Excel use Save As > "CSV UTF-8"; in Numbers or Google Sheets export as CSV.',
  utf16: 'The file is UTF-16 text. Save it again as "CSV UTF-8".',
  binary: 'The file is not a CSV: it holds bytes no text file has (a spreadsheet file, an image?). Export it as CSV.',
  empty: 'The file is empty.',
  tooManyRows: `The file has more than ${SHEET_LIMITS.rows.toLocaleString('en-US')} rows. Split it into smaller files.`,
  noHandle: 'The first line names no Handle column: is this a product CSV?',
  zipMissing: 'The zip of photos did not arrive. Upload both files again.',
  zipUnreadable: 'The zip of photos cannot be read (it is damaged, or not a zip).',
  zipTooMany: `The zip holds more than ${SHEET_LIMITS.zipEntries.toLocaleString('en-US')} files.`,
  zipBomb: (name: string) =>
    `The zip's file ${name} would unpack far larger than a photo (a zip bomb?). Nothing was imported.`,
  zipTotal: 'The zip would unpack to more than 1 GB. Send the photos in parts.',
} as const;

/** The first characters of a cell a spreadsheet runs as a formula (OWASP's list: =, +, -, @, tab, carriage return). */
export const FORMULA_START = /^[=+\-@\t\r]/;
/** A cell that is a plain number may start with + or - (a count, a price). */
export const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

/** What the owner's catalogue page says (web/src/features/admin/AdminCatalogPage.tsx). */
export const SHEET_WORDS = {
  title: 'Catalogue and feeds',
  tab: 'Catalogue CSV',
  feedsTitle: 'Product feeds',
  feedsIntro:
    'Give these addresses to Google Merchant Center and Meta Commerce Manager (as a scheduled feed). They list every listed product and size, sold-out sizes too, and refresh within 15 minutes of a change.',
  brandLabel: 'Brand of products without their own',
  brandHint: "Empty: the shop's name.",
  brandSave: 'Save brand',
  brandSaved: 'Brand saved.',
  exportTitle: 'Export',
  exportIntro:
    "Shopify's product CSV: one row per size, the product's fields on its first row. Edit it in a spreadsheet and import it back, or move it to or from a Shopify store.",
  exportCategory: 'Products',
  exportAll: 'All products',
  exportButton: 'Download CSV',
  importTitle: 'Import',
  importIntro:
    'First the shop checks every row and shows what would change; nothing is written until you apply. Importing the same file twice changes nothing.',
  csvLabel: 'CSV file',
  zipLabel: 'Zip of photos (optional)',
  zipHint: 'Name each photo in Image Src by its file name in the zip, or give an https address.',
  retireLabel: 'Retire products the file leaves out',
  retireHint: 'For an edited export of the whole catalogue. Retired products are drafted, never deleted.',
  checkButton: 'Check the file',
  sending: 'Sending the file…',
  checking: 'Checking every row…',
  refused: 'The file was refused. Nothing was changed.',
  problemsTitle: (count: number) =>
    `${count.toLocaleString('en-US')} ${count === 1 ? 'problem' : 'problems'} to fix. Nothing was changed: fix the file and check it again.`,
  problemsMore: (shown: number, count: number) => `The first ${shown} of ${count.toLocaleString('en-US')} are shown.`,
  warningsTitle: 'Notes',
  summaryTitle: 'What the file would do',
  applyButton: 'Apply',
  applying: (done: number, total: number) => `Applying… ${done} of ${total} products`,
  applied: 'Applied.',
  failedTitle: 'Not imported',
  columns: { line: 'Line', column: 'Column', message: 'Problem' },
} as const;

/** The summary's counts as the owner reads them, in order. */
export const SUMMARY_LABELS = [
  ['new', 'New'],
  ['changed', 'Changed'],
  ['unchanged', 'Unchanged'],
  ['retired', 'Retired'],
  ['photos', 'Photos to make'],
] as const;
