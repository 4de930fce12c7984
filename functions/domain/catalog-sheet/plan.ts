import { photoId, photoPath, PHOTO_PREFIX } from '#shared/images';
import { forSizesOf } from '#shared/product-details';
import type { ImportProblem, ImportSummary } from '#shared/schemas/catalog-sheet';
import { sizeKind, stockLocation, type Size } from '#shared/sizes';
import { images } from '../../db/entities/image';
import { products, type ProductRecord } from '../../db/entities/product';
import { stockItems, type StockItemRecord } from '../../db/entities/stock-item';
import { uploadTypeOf } from '../images/formats';
import { photoIdOf } from './photo-id';
import { imageUrlProblem, isAddress } from './fetch-image';
import type { SheetProduct } from './products';
import type { PhotoZip } from './zip';

/**
 * Where a photo of the file comes from (docs/decisions/0151): a photo this shop has already (an exported file's own
 * address: nothing is sent again), a file of the zip beside the spreadsheet, or an https address fetched when the file
 * is applied.
 */
export type PhotoSource = { own: string } | { zip: string } | { url: string };
export const sourceKey = (source: PhotoSource) =>
  'own' in source ? `own:${source.own}` : 'zip' in source ? `zip:${source.zip}` : `url:${source.url}`;

/** One count the file sets: where it lives, what the file says, and what the shop had when the file was checked. */
export interface StockCell {
  on: 'product' | 'stockItem';
  /** The stock item's id, for `stockItem`. */
  item?: string;
  key: string;
  file: number;
  seen: number;
}

/** One product of the plan: what the file says, and what the check found it would do. */
export interface PlanEntry {
  handle: string;
  line: number;
  action: 'new' | 'change' | 'unchanged' | 'retire';
  /** Absent for a product the file does not name (retired because missing). */
  sheet?: SheetProduct;
  /** The photos, in order, when the file names any. */
  photos?: PhotoSource[];
  /** The stock item of an apparel or gift-wrap product after the import. */
  stockRef?: string;
  /** The counts this product writes (a shared stock item's are written with the first product that names it). */
  stock: StockCell[];
  /** The stock item is new: made with this product (its other sizes at 0). */
  newStockItem?: boolean;
}

export interface Plan {
  entries: PlanEntry[];
  summary: ImportSummary;
}

/** The path of a photo this shop has, named by an address or path of one of its variants; null for anything else. */
function ownPhotoPath(src: string): string | null {
  let pathname = src;
  if (isAddress(src)) {
    try {
      pathname = new URL(src).pathname;
    } catch {
      return null;
    }
  }
  if (!pathname.startsWith(`/${PHOTO_PREFIX}`)) return null;
  const photo = pathname.replace(/\/\d+\.(jpg|webp|avif)$/, '');
  return photoId(photo) ? photo : pathname;
}

/** The zip's file a cell names: the same path, or the one file with that name. */
function zipEntry(zip: PhotoZip | null, src: string): string | null {
  if (!zip) return null;
  let name = src;
  if (isAddress(src)) {
    try {
      name = decodeURIComponent(new URL(src).pathname.replace(/^\/+/, ''));
    } catch {
      return null;
    }
  }
  if (zip.names.includes(name)) return name;
  const base = name.split('/').pop()!;
  const matches = zip.names.filter((entry) => entry.split('/').pop() === base);
  return matches.length === 1 ? matches[0] : null;
}

/** Descriptions that differ only in runs of spaces or blank lines are the same (HTML folds them). */
const sameText = (a: string | undefined, b: string | undefined) =>
  (a ?? '').replace(/\s+/g, ' ').trim() === (b ?? '').replace(/\s+/g, ' ').trim();

const sameMap = (a: Partial<Record<string, unknown>> | undefined, b: Partial<Record<string, unknown>> | undefined) =>
  JSON.stringify(Object.entries(a ?? {}).sort()) === JSON.stringify(Object.entries(b ?? {}).sort());

/** A product's state as the shop and the file name it: listed, drafted or retired. */
export const stateOf = (record: Pick<ProductRecord, 'status' | 'retiredAt'>) =>
  record.status === 'listed' ? 'listed' : record.retiredAt ? 'retired' : 'drafted';

/** Whether the file would change a product the shop has (the stock apart). */
export function changesProduct(current: ProductRecord, entry: PlanEntry, photoPaths: string[] | null): boolean {
  const sheet = entry.sheet!;
  const fields = sheet.fields;
  const tag = fields.tag ?? current.tag;
  for (const field of [
    'name',
    'price',
    'tag',
    'brand',
    'mpn',
    'color',
    'material',
    'packing',
    'gender',
    'ageGroup',
    'googleCategory',
  ] as const) {
    const value = fields[field];
    if (value === undefined) continue;
    if ((value === '' ? undefined : value) !== current[field]) return true;
  }
  if (fields.description !== undefined && !sameText(fields.description, current.description)) return true;
  if (sheet.status && sheet.status !== stateOf(current)) return true;
  if ((entry.stockRef ?? undefined) !== (current.stockRef ?? undefined) && sizeKind(tag) !== sizeKind(current.tag))
    return true;
  if (entry.stockRef && entry.stockRef !== current.stockRef) return true;
  if (sheet.gtins && !sameMap(forSizesOf(tag, sheet.gtins), current.gtins)) return true;
  if (sheet.weightGrams && !sameMap(forSizesOf(tag, sheet.weightGrams), current.weightGrams)) return true;
  if (photoPaths && JSON.stringify(photoPaths) !== JSON.stringify([current.image, ...(current.extraImages ?? [])]))
    return true;
  return false;
}

/**
 * The check of an import (a dry run: it writes nothing): each product of the file against the shop as it is now,
 * new, changed, unchanged or retired; each photo found (in the shop, in the zip, or an https address of a public
 * host); each count with what the shop has now (applied later as a change from it: docs/decisions/0152). Problems
 * are named by line and column; a file with any is not applied.
 */
export async function planImport(
  sheetProducts: SheetProduct[],
  options: { zip: PhotoZip | null; retireMissing: boolean; rows: number },
): Promise<{ plan: Plan; problems: ImportProblem[]; warnings: ImportProblem[] }> {
  const problems: ImportProblem[] = [];
  const warnings: ImportProblem[] = [];
  const [listed, drafted] = await Promise.all([
    products.query('byStatus', { status: 'listed' }),
    products.query('byStatus', { status: 'drafted' }),
  ]);
  const shop = new Map([...listed, ...drafted].map((record) => [record.id, record]));
  const shopPaths = new Set([...shop.values()].flatMap((record) => [record.image, ...(record.extraImages ?? [])]));

  // Photos: found once each, whichever products name them.
  const found = new Map<string, PhotoSource | string>();
  const ownReady = new Map<string, boolean>();
  async function photoOf(src: string): Promise<PhotoSource | string> {
    if (found.has(src)) return found.get(src)!;
    let answer: PhotoSource | string;
    const own = ownPhotoPath(src);
    const id = own ? photoId(own) : null;
    if (own && id && !ownReady.has(id)) ownReady.set(id, (await images.get({ id }))?.status === 'ready');
    const entry = zipEntry(options.zip, src);
    if (own && ((id && ownReady.get(id)) || (!id && shopPaths.has(own)))) answer = { own };
    else if (entry) {
      try {
        const bytes = await options.zip!.read(entry);
        if (!uploadTypeOf(bytes)) answer = `${entry} in the zip is not a JPEG, PNG, WebP or GIF photo.`;
        else {
          // The same bytes are the same photo: one the shop made already (an earlier import) is its own.
          const made = await images.get({ id: photoIdOf(bytes) });
          answer = made?.status === 'ready' ? { own: photoPath(made.id) } : { zip: entry };
        }
      } catch (error) {
        answer = (error as Error).message;
      }
    } else if (isAddress(src)) answer = imageUrlProblem(src) ?? { url: src };
    else
      answer = options.zip
        ? `No file ${src} in the zip.`
        : `${src} is no address, and no zip of photos came with the file.`;
    found.set(src, answer);
    return answer;
  }

  // Stock items the file names, read once.
  const itemIds = new Set<string>();
  for (const sheet of sheetProducts) {
    const ref = sheet.fields.stockRef || shop.get(sheet.handle)?.stockRef;
    if (ref) itemIds.add(ref);
    if (!ref && ['apparel', 'giftwrap'].includes(sizeKind(sheet.fields.tag ?? shop.get(sheet.handle)?.tag ?? '')))
      itemIds.add(sheet.handle);
  }
  const items = new Map<string, StockItemRecord>(
    (itemIds.size ? await stockItems.getMany([...itemIds].map((id) => ({ id }))) : []).map((item) => [item.id, item]),
  );
  // Which product writes each shared count, and what the file said of it first.
  const cellsSet = new Map<string, { file: number; line: number }>();
  const itemWriter = new Map<string, string>();

  const entries: PlanEntry[] = [];
  for (const sheet of sheetProducts) {
    const current = shop.get(sheet.handle) ?? null;
    const tag = sheet.fields.tag ?? current?.tag ?? '';
    const kind = sizeKind(tag);
    const entry: PlanEntry = { handle: sheet.handle, line: sheet.line, action: 'unchanged', sheet, stock: [] };

    if (!current && (!sheet.fields.name || sheet.fields.price === undefined))
      problems.push({
        line: sheet.line,
        column: sheet.fields.name ? 'Variant Price' : 'Title',
        message: 'A new product needs its Title and a Variant Price.',
      });

    // Photos.
    let photoPaths: string[] | null = null;
    if (sheet.images?.length) {
      const sources: PhotoSource[] = [];
      for (const image of sheet.images) {
        const source = await photoOf(image.src);
        if (typeof source === 'string') problems.push({ line: image.line, column: 'Image Src', message: source });
        else sources.push(source);
      }
      entry.photos = sources;
      if (sources.every((source) => 'own' in source)) photoPaths = sources.map((source) => source.own);
      else photoPaths = [];
    } else if (!current) {
      problems.push({
        line: sheet.line,
        column: 'Image Src',
        message: 'A new product needs a photo: name it in Image Src.',
      });
    }

    // Stock: where each count the file gives lives, and what the shop has there now.
    if (kind === 'apparel' || kind === 'giftwrap') {
      entry.stockRef = sheet.fields.stockRef || current?.stockRef || sheet.handle;
      if (!sheet.fields.stockRef && !current?.stockRef)
        warnings.push({
          line: sheet.line,
          column: 'Shop / Stock Item',
          message: `Its sizes' stock is kept in a new stock item, ${entry.stockRef}.`,
        });
      const item = items.get(entry.stockRef);
      if (!item && !itemWriter.has(entry.stockRef)) entry.newStockItem = true;
      if (!itemWriter.has(entry.stockRef)) itemWriter.set(entry.stockRef, sheet.handle);
    }
    for (const [size, file] of Object.entries(sheet.counts ?? {}) as [Size, number][]) {
      const where = stockLocation(tag, size);
      const cellId =
        where.on === 'stockItem' ? `item:${entry.stockRef}:${where.key}` : `product:${sheet.handle}:${where.key}`;
      const line = sheet.sizeLines[size] ?? sheet.line;
      const earlier = cellsSet.get(cellId);
      if (earlier) {
        if (earlier.file !== file)
          problems.push({
            line,
            column: 'Variant Inventory Qty',
            message: `Stock item ${entry.stockRef}'s ${where.key} is ${earlier.file} on line ${earlier.line}; one count each.`,
          });
        continue;
      }
      cellsSet.set(cellId, { file, line });
      if (where.on === 'stockItem' && itemWriter.get(entry.stockRef!) !== sheet.handle) {
        // Written with the first product that names the item: this product adds it there.
        const writer = entries.find((other) => other.handle === itemWriter.get(entry.stockRef!));
        const seen = items.get(entry.stockRef!)?.stock[where.key] ?? 0;
        writer?.stock.push({ on: 'stockItem', item: entry.stockRef, key: where.key, file, seen });
        if (writer && file !== seen && writer.action === 'unchanged') writer.action = 'change';
        continue;
      }
      const seen =
        where.on === 'stockItem'
          ? (items.get(entry.stockRef!)?.stock[where.key] ?? 0)
          : (current?.stock?.[where.key as keyof ProductRecord['stock']] ?? 0);
      entry.stock.push({
        on: where.on,
        ...(where.on === 'stockItem' ? { item: entry.stockRef } : {}),
        key: where.key,
        file,
        seen,
      });
    }

    if (!current) entry.action = sheet.status === 'retired' ? 'retire' : 'new';
    else if (sheet.status === 'retired' && stateOf(current) !== 'retired') entry.action = 'retire';
    else if (
      changesProduct(current, entry, photoPaths) ||
      entry.stock.some((cell) => cell.file !== cell.seen) ||
      entry.newStockItem
    )
      entry.action = 'change';
    entries.push(entry);
  }

  // The shop's products the file does not name, when asked: retired.
  if (options.retireMissing) {
    const named = new Set(sheetProducts.map((sheet) => sheet.handle));
    for (const record of shop.values())
      if (!named.has(record.id) && stateOf(record) !== 'retired')
        entries.push({ handle: record.id, line: 0, action: 'retire', stock: [] });
  }

  const count = (action: PlanEntry['action']) => entries.filter((entry) => entry.action === action).length;
  const photos = new Set(
    entries.flatMap((entry) => (entry.photos ?? []).filter((source) => !('own' in source)).map(sourceKey)),
  );
  return {
    plan: {
      entries,
      summary: {
        rows: options.rows,
        products: sheetProducts.length,
        new: count('new'),
        changed: count('change'),
        unchanged: count('unchanged'),
        retired: count('retire'),
        photos: photos.size,
      },
    },
    problems,
    warnings,
  };
}

/** The photo path a photo of the plan gets in this shop: its own, or the one made from the id the apply gave it. */
export const photoPathOf = (source: PhotoSource, ids: Record<string, string>) =>
  'own' in source ? source.own : photoPath(ids[sourceKey(source)]);
