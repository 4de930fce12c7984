import type { Packing } from '#shared/parcels';
import { convert } from 'html-to-text';
import type { SheetColumn } from '#shared/catalog-sheet';
import { TAG_WORDS } from '#shared/categories';
import { formatCents, toCents } from '#shared/money';
import { tagOfType } from '#shared/product-details';
import { productFields } from '#shared/schemas/admin';
import type { ImportProblem } from '#shared/schemas/catalog-sheet';
import { DETAIL_MESSAGES, gramsSchema, gtinSchema } from '#shared/schemas/product-details';
import { productIdSchema } from '#shared/schemas/refs';
import * as z from '#shared/schemas/zod';
import { CANDLE_SIZE, sizeKind, sizesFor, tagWords, type Size } from '#shared/sizes';
import type { Sheet, SheetRow } from './read';

/** A photo a row names: the cell as written, its line, its place among the product's photos. */
export interface SheetImage {
  src: string;
  line: number;
  position: number;
}

/** What the file says a product should be: only what it says (a column it lacks leaves the product's value as is). */
export interface SheetProduct {
  handle: string;
  /** The line of its first row. */
  line: number;
  fields: {
    name?: string;
    description?: string;
    price?: number;
    tag?: string;
    stockRef?: string;
    brand?: string;
    mpn?: string;
    color?: string;
    material?: string;
    gender?: '' | 'male' | 'female' | 'unisex';
    ageGroup?: '' | 'newborn' | 'infant' | 'toddler' | 'kids' | 'adult';
    googleCategory?: string;
    /** How it packs (shared/parcels.ts); '' gives back its kind's rule. */
    packing?: '' | Packing;
  };
  status?: 'listed' | 'drafted' | 'retired';
  /** Per size, when the file has the column: the GTINs, weights (grams) and counts it gives. */
  gtins?: Partial<Record<Size, string>>;
  weightGrams?: Partial<Record<Size, number>>;
  counts?: Partial<Record<Size, number>>;
  /** The line of each size's row. */
  sizeLines: Partial<Record<Size, number>>;
  /** The photos, in order, when the file names any for it. */
  images?: SheetImage[];
}

/** The columns an error of a field is named by. */
const FIELD_COLUMN: Record<string, SheetColumn> = {
  name: 'Title',
  description: 'Body (HTML)',
  price: 'Variant Price',
  tag: 'Tags',
  stockRef: 'Shop / Stock Item',
  brand: 'Vendor',
  mpn: 'Google Shopping / MPN',
  color: 'Shop / Color',
  material: 'Shop / Material',
  packing: 'Shop / Packing',
  gender: 'Google Shopping / Gender',
  ageGroup: 'Google Shopping / Age Group',
  googleCategory: 'Product Category',
};

/** The product form's own rules for the fields a row carries (shared/schemas/admin.ts). */
const fieldsSchema = z.partial(z.omit(productFields, { image: true, extraImages: true, stock: true, gtins: true }));

/** Shopify's and people's words for the shop's sizes. */
const SIZE_WORDS: Record<string, Size> = {
  s: 'S',
  small: 'S',
  m: 'M',
  medium: 'M',
  l: 'L',
  large: 'L',
  xl: 'XL',
  'x-large': 'XL',
  xlarge: 'XL',
  'extra large': 'XL',
  '2xl': '2XL',
  xxl: '2XL',
  'xx-large': '2XL',
  '2x': '2XL',
};

/** The shop's size a row's option value names, for a product whose tags give it `sizes`. */
function sizeOf(value: string, sizes: readonly Size[]): Size | null {
  const exact = sizes.find((size) => size.toLowerCase() === value.trim().toLowerCase());
  if (exact) return exact;
  const word = SIZE_WORDS[value.trim().toLowerCase()];
  return word && sizes.includes(word) ? word : null;
}

/** Body (HTML) as the plain text the shop keeps: paragraphs and breaks as lines, no tags, no links' addresses. */
export function bodyText(html: string): string {
  return convert(html, {
    wordwrap: false,
    selectors: [
      { selector: 'a', options: { ignoreHref: true } },
      { selector: 'img', format: 'skip' },
      ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { uppercase: false } })),
      { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false } },
    ],
  }).trim();
}

const TRUE = /^(true|yes|1)$/i;
const FALSE = /^(false|no|0)$/i;

/**
 * The products of a file (issue 55 item 4): its rows grouped by Handle (the product's id: docs/decisions/0152), the
 * product's fields from its first row, one row per size (Option1-3 named Size; Shopify's "Title: Default Title" for a
 * one-size good), photos from any of its rows. Every cell is checked by the product form's own rules; each problem
 * names its line and column. `currentTag` gives the tags of a product the shop has (its sizes when the file gives no
 * Tags).
 */
export function sheetProducts(
  sheet: Sheet,
  currentTag: (handle: string) => string | undefined,
): { products: SheetProduct[]; problems: ImportProblem[]; warnings: ImportProblem[] } {
  const problems: ImportProblem[] = [];
  const warnings: ImportProblem[] = [];
  const problem = (line: number, column: string, message: string) => problems.push({ line, column, message });
  const warn = (line: number, column: string, message: string) => warnings.push({ line, column, message });
  const has = (column: SheetColumn) => sheet.columns.has(column);

  const groups = new Map<string, SheetRow[]>();
  for (const row of sheet.rows) {
    const handle = row.cells.Handle ?? '';
    if (!handle) {
      problem(row.line, 'Handle', 'Every row names its product by Handle.');
      continue;
    }
    groups.set(handle, [...(groups.get(handle) ?? []), row]);
  }

  const products: SheetProduct[] = [];
  for (const [handle, rows] of groups) {
    const first = rows[0];
    const cell = (column: SheetColumn, row: SheetRow = first) => row.cells[column] ?? '';
    if (!productIdSchema.safeParse(handle).success) {
      problem(first.line, 'Handle', 'A Handle is 1 to 64 letters, digits, - and _ (it becomes the page address).');
      continue;
    }
    const product: SheetProduct = { handle, line: first.line, fields: {}, sizeLines: {} };
    const raw: Record<string, unknown> = {};
    const text = (column: SheetColumn, field: string) => {
      if (has(column) && (cell(column) !== '' || !['name', 'description'].includes(field))) raw[field] = cell(column);
    };
    text('Title', 'name');
    if (has('Body (HTML)') && cell('Body (HTML)')) raw.description = bodyText(cell('Body (HTML)'));
    text('Vendor', 'brand');
    text('Google Shopping / MPN', 'mpn');
    text('Shop / Material', 'material');
    text('Shop / Color', 'color');
    if (has('Shop / Packing')) raw.packing = cell('Shop / Packing').trim().toLowerCase();
    if (has('Google Shopping / Gender')) raw.gender = cell('Google Shopping / Gender').toLowerCase();
    if (has('Google Shopping / Age Group')) raw.ageGroup = cell('Google Shopping / Age Group').toLowerCase();
    const category = cell('Google Shopping / Google Product Category') || cell('Product Category');
    if (has('Google Shopping / Google Product Category') || has('Product Category')) raw.googleCategory = category;
    const condition = cell('Google Shopping / Condition').toLowerCase();
    if (condition && condition !== 'new')
      problem(first.line, 'Google Shopping / Condition', 'The shop sells new goods only: leave it empty or say new.');
    if (TRUE.test(cell('Gift Card')))
      problem(first.line, 'Gift Card', 'Gift cards are sold on the gift card page, not as products.');

    // Tags: the shop's own words; other words are left out (said), and Shopify's Type may name the kind.
    if (cell('Tags') || cell('Type')) {
      const words = tagWords(cell('Tags'));
      const known = words.filter((word) => (TAG_WORDS as readonly string[]).includes(word));
      const unknown = words.filter((word) => !known.includes(word));
      if (unknown.length) warn(first.line, 'Tags', `Left out (not one of the shop's tags): ${unknown.join(', ')}.`);
      const fromType = tagOfType(cell('Type'));
      if (fromType && !known.includes(fromType) && sizeKind(known.join(',')) === 'single') known.unshift(fromType);
      if (known.length) raw.tag = known.join(',');
      else if (!currentTag(handle))
        problem(first.line, 'Tags', `Tags name none of the shop's tags (${TAG_WORDS.join(', ')}).`);
    } else if (!currentTag(handle)) {
      problem(first.line, 'Tags', `A new product needs its tags (${TAG_WORDS.join(', ')}).`);
    }
    const tag = (raw.tag as string | undefined) ?? currentTag(handle) ?? '';
    const kind = sizeKind(tag);
    const sizes = sizesFor(tag);
    if (cell('Shop / Stock Item')) {
      if (kind === 'apparel' || kind === 'giftwrap') raw.stockRef = cell('Shop / Stock Item');
      else warn(first.line, 'Shop / Stock Item', 'Left out: only apparel and gift wraps draw on a stock item.');
    }

    // Status: Shopify's Status (active, draft, archived), else Published.
    const status = cell('Status').toLowerCase();
    const published = cell('Published');
    if (status === 'archived') product.status = 'retired';
    else if (status === 'draft') product.status = 'drafted';
    else if (status === 'active' || status === '') {
      if (FALSE.test(published)) product.status = 'drafted';
      else if (status === 'active' || TRUE.test(published)) product.status = 'listed';
      else if (published) problem(first.line, 'Published', 'Published is TRUE or FALSE.');
    } else problem(first.line, 'Status', 'Status is active, draft or archived.');

    // Option names come on the first row; later rows leave them empty.
    const optionNames = [1, 2, 3].map((n) => cell(`Option${n} Name` as SheetColumn).toLowerCase());
    const option = (row: SheetRow, wanted: string[]) => {
      const n = optionNames.findIndex((name) => wanted.includes(name));
      return n < 0
        ? undefined
        : { value: cell(`Option${n + 1} Value` as SheetColumn, row), column: `Option${n + 1} Value` };
    };
    const prices = new Map<number, number>();
    const colors = new Set<string>();
    const images: SheetImage[] = [];
    for (const [index, row] of rows.entries()) {
      const src = cell('Image Src', row);
      if (src) {
        const position = Number.parseInt(cell('Image Position', row), 10);
        images.push({ src, line: row.line, position: Number.isFinite(position) ? position : 1000 + index });
      }
      const variantCells: SheetColumn[] = [
        'Option1 Value',
        'Variant SKU',
        'Variant Price',
        'Variant Inventory Qty',
        'Variant Grams',
        'Variant Barcode',
      ];
      if (!variantCells.some((column) => cell(column, row))) continue;
      // Which size: the option named Size; a one-size good may say Shopify's Default Title or nothing.
      const sizeOption = option(row, ['size']);
      let size: Size | null;
      if (kind === 'single') {
        const value = sizeOption?.value ?? '';
        size = /^(|default title|one size|candle)$/i.test(value) ? CANDLE_SIZE : null;
        if (!size) problem(row.line, sizeOption!.column, `This product has one size; "${value}" is not it.`);
      } else if (!sizeOption || !sizeOption.value) {
        problem(row.line, 'Option1 Name', `Name its size in an option called Size (${sizes.join(', ')}).`);
        size = null;
      } else {
        size = sizeOf(sizeOption.value, sizes);
        if (!size)
          problem(
            row.line,
            sizeOption.column,
            `"${sizeOption.value}" is not one of this product's sizes (${sizes.join(', ')}).`,
          );
      }
      const colorOption = option(row, ['color', 'colour']);
      if (colorOption?.value) colors.add(colorOption.value);
      if (!size) continue;
      if (product.sizeLines[size] !== undefined) {
        problem(
          row.line,
          sizeOption?.column ?? 'Option1 Value',
          `Size ${size} is on line ${product.sizeLines[size]} too.`,
        );
        continue;
      }
      product.sizeLines[size] = row.line;

      const price = cell('Variant Price', row);
      if (price) {
        const cents = toCents(price);
        if (Number.isNaN(cents)) problem(row.line, 'Variant Price', 'A price looks like 24.00.');
        else if (!prices.has(cents)) prices.set(cents, row.line);
      }
      if (cell('Variant Compare At Price', row) && !warnings.some((w) => w.column === 'Variant Compare At Price'))
        warn(
          row.line,
          'Variant Compare At Price',
          'Left out: compare-at prices are not kept (sales come their own way).',
        );
      const unit = cell('Variant Weight Unit', row).toLowerCase();
      if (unit && !['g', 'kg', 'lb', 'oz'].includes(unit))
        problem(
          row.line,
          'Variant Weight Unit',
          'The weight unit is g, kg, lb or oz (Variant Grams is grams whatever it says).',
        );
      if (has('Variant Grams')) {
        // Shopify writes 0 for a size without a weight.
        const grams = Number(cell('Variant Grams', row) || 0);
        product.weightGrams ??= {};
        if (grams !== 0 && !gramsSchema.safeParse(grams).success)
          problem(row.line, 'Variant Grams', DETAIL_MESSAGES.grams);
        else if (grams !== 0) product.weightGrams[size] = grams;
      }
      if (has('Variant Barcode')) {
        product.gtins ??= {};
        const barcode = cell('Variant Barcode', row).replace(/^'/, '');
        if (barcode && gtinSchema.safeParse(barcode).success) product.gtins[size] = barcode;
        else if (barcode) warn(row.line, 'Variant Barcode', `"${barcode}" is no GTIN: left out of the feeds.`);
      }
      if (has('Variant Inventory Qty') && cell('Variant Inventory Qty', row) !== '') {
        const count = Number(cell('Variant Inventory Qty', row));
        product.counts ??= {};
        if (!Number.isInteger(count) || count > 1_000_000)
          problem(row.line, 'Variant Inventory Qty', 'A count is a whole number, up to 1,000,000.');
        else if (count < 0) {
          warn(row.line, 'Variant Inventory Qty', `${count} read as 0: the shop never counts below none.`);
          product.counts[size] = 0;
        } else product.counts[size] = count;
      }
    }
    if (prices.size > 1) {
      const [[cents, line], ...others] = [...prices];
      for (const [, otherLine] of others)
        problem(
          otherLine,
          'Variant Price',
          `Every size of a product has one price here: ${formatCents(cents)} on line ${line}.`,
        );
    } else if (prices.size === 1) raw.price = [...prices.keys()][0];
    if (colors.size > 1)
      problem(first.line, 'Option2 Value', 'One colour per product here: make each colour its own product.');
    else if (colors.size === 1) {
      const [color] = colors;
      if (raw.color && raw.color !== color)
        problem(first.line, 'Shop / Color', `The colour option says ${color}; this says ${raw.color as string}.`);
      raw.color = color;
    }
    if (images.length) {
      const ordered = [...new Map(images.sort((a, b) => a.position - b.position).map((i) => [i.src, i])).values()];
      if (ordered.length > 3)
        warn(ordered[3].line, 'Image Src', 'A product shows 3 photos here: the first 3 by position are kept.');
      product.images = ordered.slice(0, 3);
    }

    const checked = fieldsSchema.safeParse(raw);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const field = String(issue.path[0]);
        problem(first.line, FIELD_COLUMN[field] ?? field, issue.message);
      }
    } else product.fields = checked.data;
    products.push(product);
  }
  return { products, problems, warnings };
}
