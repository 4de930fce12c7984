import { stringify } from 'csv-stringify/sync';
import { CSV_OPTIONS } from '../../lib/csv';
import { SHEET_COLUMNS, type SheetColumn } from '#shared/catalog-sheet';
import { variantUrl, type Photo } from '#shared/images';
import { formatCents } from '#shared/money';
import { productType } from '#shared/product-details';
import { hasTag, sizeKind, sizesFor, stockLocation, type Size } from '#shared/sizes';
import type { ProductRecord } from '../../db/entities/product';
import { stockItems, type StockItemRecord } from '../../db/entities/stock-item';
import { listProductRecords } from '../catalog/products';
import { stateOf } from './plan';

/** A product's description as Shopify's Body (HTML): paragraphs at blank lines, single breaks as <br>, text escaped. */
export function bodyHtml(text: string): string {
  const escape = (s: string) =>
    s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${paragraph.split('\n').map(escape).join('<br>')}</p>`)
    .join('');
}

/** A photo's address in the file: its largest JPEG variant (what Shopify and people open), or an old single file. */
function photoUrl(path: string, photos: readonly Photo[], origin: string): string {
  const photo = photos.find((p) => p.src === path);
  return `${origin}${photo ? variantUrl(photo, Math.max(...photo.widths), 'jpg') : path}`;
}

const STATUS = { listed: 'active', drafted: 'draft', retired: 'archived' } as const;

/** The rows of one product: one per size (the product's fields on the first), then a row per photo left over. */
export function productRows(
  record: ProductRecord,
  item: StockItemRecord | null,
  origin: string,
): Partial<Record<SheetColumn, string | number>>[] {
  const state = stateOf(record);
  const single = sizeKind(record.tag) === 'single';
  const photos = [record.image, ...(record.extraImages ?? [])].map((path) =>
    photoUrl(path, record.photos ?? [], origin),
  );
  const sizes = sizesFor(record.tag);
  const countOf = (size: Size) => {
    const where = stockLocation(record.tag, size);
    return where.on === 'stockItem' ? (item?.stock[where.key] ?? 0) : (record.stock?.[where.key as 'CANDLE'] ?? 0);
  };
  const rows: Partial<Record<SheetColumn, string | number>>[] = sizes.map((size, index) => ({
    Handle: record.id,
    'Option1 Value': single ? 'Default Title' : size,
    'Variant SKU': `${record.id}-${size}`,
    'Variant Grams': record.weightGrams?.[size] ?? 0,
    'Variant Inventory Qty': countOf(size),
    'Variant Price': formatCents(record.price),
    'Variant Requires Shipping': 'TRUE',
    'Variant Taxable': 'TRUE',
    'Variant Barcode': record.gtins?.[size] ?? '',
    'Variant Weight Unit': 'g',
    ...(index < photos.length
      ? { 'Image Src': photos[index], 'Image Position': index + 1, 'Image Alt Text': record.name }
      : {}),
  }));
  for (let index = sizes.length; index < photos.length; index++)
    rows.push({
      Handle: record.id,
      'Image Src': photos[index],
      'Image Position': index + 1,
      'Image Alt Text': record.name,
    });
  Object.assign(rows[0], {
    Title: record.name,
    'Body (HTML)': bodyHtml(record.description),
    Vendor: record.brand ?? '',
    Type: productType(record.tag),
    Tags: record.tag,
    Published: state === 'listed' ? 'TRUE' : 'FALSE',
    'Option1 Name': single ? 'Title' : 'Size',
    'Gift Card': 'FALSE',
    Status: STATUS[state],
    'Google Shopping / Google Product Category': record.googleCategory ?? '',
    'Google Shopping / Gender': record.gender ?? '',
    'Google Shopping / Age Group': record.ageGroup ?? '',
    'Google Shopping / MPN': record.mpn ?? '',
    'Google Shopping / Condition': 'new',
    'Shop / Stock Item': record.stockRef ?? '',
    'Shop / Color': record.color ?? '',
    'Shop / Material': record.material ?? '',
    'Shop / Packing': record.packing ?? '',
  });
  return rows;
}

/**
 * The catalogue as Shopify's product CSV (issue 55 item 4), written by csv-stringify: every product (listed, drafted
 * and retired), or those of one category, oldest first; every cell that starts with =, +, - or @ escaped with a '
 * (csv-stringify's `escape_formulas`; the import takes the ' off again). A UTF-8 BOM first, so Excel reads the
 * accents.
 */
export async function exportCatalog(options: { origin: string; category?: string }) {
  const records = [...(await listProductRecords('listed')), ...(await listProductRecords('drafted'))]
    .filter((record) => !options.category || hasTag(record.tag, options.category))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  const itemIds = [...new Set(records.flatMap((record) => (record.stockRef ? [record.stockRef] : [])))];
  const items = new Map(
    (itemIds.length ? await stockItems.getMany(itemIds.map((id) => ({ id }))) : []).map((item) => [item.id, item]),
  );
  const rows = records.flatMap((record) =>
    productRows(record, record.stockRef ? (items.get(record.stockRef) ?? null) : null, options.origin),
  );
  const csv = stringify(
    rows.map((row) => SHEET_COLUMNS.map((column) => row[column] ?? '')),
    { ...CSV_OPTIONS, header: true, columns: [...SHEET_COLUMNS], escape_formulas: true, bom: true },
  );
  const day = new Date().toISOString().slice(0, 10);
  return {
    csv,
    products: records.length,
    rows: rows.length,
    fileName: `catalog${options.category ? `-${options.category}` : ''}-${day}.csv`,
  };
}
