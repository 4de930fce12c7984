import { IMAGE_TYPES } from '#shared/schemas/admin';
import type { ImportResults } from '#shared/schemas/catalog-sheet';
import { MADE_BY_IMPORT, MADE_BY_METADATA, photoId, photoPath, type Photo } from '#shared/images';
import { sizeKind, sizesFor } from '#shared/sizes';
import { catalogImports } from '../../db/entities/catalog-import';
import { images } from '../../db/entities/image';
import { products, type OwnStock, type ProductRecord } from '../../db/entities/product';
import { stockItems, type StockItemRecord } from '../../db/entities/stock-item';
import { isConditionFailure, type TransactItem } from '../../db/table';
import { transactWrite } from '../../db/transaction';
import { putObject } from '../../lib/storage';
import { entryWrites, commitProductChange } from '../catalog/tag-index';
import { detailWrites } from '../catalog/details';
import { uploadTypeOf } from '../images/formats';
import { fetchImage, ImageFetchError, type FetchOptions } from './fetch-image';
import { photoIdOf } from './photo-id';
import { stateOf, type Plan, type PlanEntry, type PhotoSource, type StockCell } from './plan';
import type { PhotoZip } from './zip';

/** A product the apply could not write, with why (the owner reads it; the other products go on). */
class EntryFailure extends Error {}

/** A count after the import: the file's, less what orders took since the check (docs/decisions/0152); never below 0. */
export const countAfter = (cell: Pick<StockCell, 'file' | 'seen'>, now: number) =>
  Math.max(0, now + cell.file - cell.seen);

/** One photo of the file made into a photo of the shop (at most once: its id is its bytes'), with its sizes. */
async function photoOf(source: PhotoSource, zip: PhotoZip | null, fetchOptions: FetchOptions): Promise<Photo | string> {
  let bytes: Buffer;
  if ('own' in source) {
    const id = photoId(source.own);
    const made = id ? await images.get({ id }, { consistent: true }) : null;
    return made?.status === 'ready'
      ? { src: source.own, width: made.width, height: made.height, widths: made.widths }
      : source.own;
  }
  try {
    bytes = 'zip' in source ? await zip!.read(source.zip) : await fetchImage(source.url, fetchOptions);
  } catch (error) {
    throw new EntryFailure(error instanceof ImageFetchError ? error.message : `A photo could not be read.`);
  }
  const type = uploadTypeOf(bytes);
  if (!type) throw new EntryFailure('A photo is not a JPEG, PNG, WebP or GIF.');
  const id = photoIdOf(bytes);
  let made = await images.get({ id }, { consistent: true });
  if (made?.status !== 'ready') {
    const key = `uploads/${id}.${IMAGE_TYPES[type]}`;
    await putObject(key, bytes, type, undefined, { [MADE_BY_METADATA]: MADE_BY_IMPORT });
    // The pipeline (and sharp, a native package) loaded only here: the import job's function, the image pipeline's,
    // carries sharp; the routes that start, read and confirm an import load this module without it.
    const { processUpload } = await import('../images/pipeline');
    made = await processUpload(key);
  }
  if (made?.status !== 'ready') throw new EntryFailure(made?.reason ?? 'A photo could not be made.');
  return { src: photoPath(id), width: made.width, height: made.height, widths: made.widths };
}

/** The product's fields as the file gives them (a field it leaves out stays as it is). */
function productWrites(entry: PlanEntry, current: ProductRecord | null, photos: (Photo | string)[] | null) {
  const sheet = entry.sheet!;
  const { name, description, price, tag: fileTag, stockRef: _stockRef, ...details } = sheet.fields;
  const tag = fileTag ?? current?.tag ?? '';
  const set: Partial<ProductRecord> = {
    ...(name !== undefined ? { name } : {}),
    ...(description !== undefined ? { description } : {}),
    ...(price !== undefined ? { price } : {}),
    ...(fileTag !== undefined ? { tag: fileTag } : {}),
  };
  const remove: (keyof ProductRecord)[] = [];
  const detailSet = detailWrites(
    {
      ...details,
      ...(sheet.gtins ? { gtins: sheet.gtins } : {}),
      ...(sheet.weightGrams ? { weightGrams: sheet.weightGrams } : {}),
    },
    tag,
    current ?? {},
  );
  Object.assign(set, detailSet.set);
  remove.push(...detailSet.remove);
  if (photos?.length) {
    const paths = photos.map((photo) => (typeof photo === 'string' ? photo : photo.src));
    set.image = paths[0];
    set.extraImages = paths.slice(1);
    const kept = new Map((current?.photos ?? []).map((photo) => [photo.src, photo]));
    set.photos = photos.flatMap((photo) =>
      typeof photo === 'string' ? (kept.has(photo) ? [kept.get(photo)!] : []) : [photo],
    );
  }
  // Stock: an apparel or gift-wrap product draws on its item; the others keep their own counts.
  const kind = sizeKind(tag);
  if (kind === 'apparel' || kind === 'giftwrap') {
    set.stockRef = entry.stockRef;
    set.stock = {};
  } else {
    if (current?.stockRef) remove.push('stockRef');
    const own: OwnStock = {};
    for (const size of sizesFor(tag)) {
      const cell = entry.stock.find((c) => c.on === 'product' && c.key === size);
      const now = current?.stock?.[size as keyof OwnStock] ?? 0;
      own[size as keyof OwnStock] = cell ? countAfter(cell, now) : now;
    }
    set.stock = own;
  }
  // The state: listed, drafted, or retired (drafted, with the time it was retired: docs/decisions/0152).
  const state = sheet.status ?? (current ? stateOf(current) : 'listed');
  set.status = state === 'listed' ? 'listed' : 'drafted';
  if (state === 'retired') {
    if (!current?.retiredAt) set.retiredAt = new Date().toISOString();
  } else if (current?.retiredAt) remove.push('retiredAt');
  return { set, remove };
}

/** The writes of the stock item an entry sets counts on (a new item: every size 0 but those the file gives). */
async function stockItemWrites(entry: PlanEntry): Promise<TransactItem[]> {
  const byItem = new Map<string, StockCell[]>();
  for (const cell of entry.stock)
    if (cell.on === 'stockItem' && cell.item) byItem.set(cell.item, [...(byItem.get(cell.item) ?? []), cell]);
  if (entry.newStockItem && entry.stockRef && !byItem.has(entry.stockRef)) byItem.set(entry.stockRef, []);
  const writes: TransactItem[] = [];
  for (const [id, cells] of byItem) {
    const item = await stockItems.get({ id }, { consistent: true });
    const stock = { S: 0, M: 0, L: 0, XL: 0, '2XL': 0, ...item?.stock } as StockItemRecord['stock'];
    for (const cell of cells) {
      const key = cell.key as keyof StockItemRecord['stock'];
      stock[key] = countAfter(cell, stock[key] ?? 0);
    }
    if (!item) writes.push(stockItems.transact.put({ id, stock }, { ifNew: true }));
    else if (cells.some((cell) => stock[cell.key as keyof StockItemRecord['stock']] !== item.stock[cell.key as 'S']))
      writes.push(
        stockItems.transact.update(
          { id },
          { set: { stock, version: item.version + 1 } },
          { when: { equals: { version: item.version } } },
        ),
      );
  }
  return writes;
}

type Outcome = 'created' | 'updated' | 'unchanged' | 'retired';

/**
 * Writes one product of the plan, its stock counts and the import's progress (`done` from `index` to `index + 1`) in
 * ONE transaction: a retry, a second delivery of the job's event or a crash between two products never writes a
 * product twice nor adds a count twice (docs/decisions/0151).
 */
async function applyEntry(
  importId: string,
  index: number,
  entry: PlanEntry,
  results: ImportResults,
  zip: PhotoZip | null,
  fetchOptions: FetchOptions,
): Promise<ImportResults> {
  const next = (outcome: Outcome | null, failure?: string): ImportResults => ({
    ...results,
    ...(outcome ? { [outcome]: results[outcome] + 1 } : {}),
    failed: failure
      ? [...results.failed, { handle: entry.handle, line: entry.line, message: failure }]
      : results.failed,
  });
  const progress = (after: ImportResults) =>
    catalogImports.transact.update(
      { id: importId },
      { set: { done: index + 1, results: after } },
      { when: { equals: { done: index } } },
    );

  const current = await products.get({ id: entry.handle }, { consistent: true });
  let outcome: Outcome;
  let writes: TransactItem[] = [];
  if (!entry.sheet) {
    // Retired because the file leaves it out: drafted and marked, never deleted (orders name it).
    if (!current || stateOf(current) === 'retired') {
      const after = next('unchanged');
      await transactWrite([progress(after)]);
      return after;
    }
    const after = next('retired');
    await commitProductChange(
      current,
      { update: { set: { status: 'drafted', retiredAt: new Date().toISOString(), version: current.version + 1 } } },
      { extra: [progress(after)] },
    );
    return after;
  }
  if (entry.action === 'unchanged' && current) {
    const after = next('unchanged');
    await transactWrite([progress(after)]);
    return after;
  }
  try {
    const photos = entry.photos?.length
      ? await Promise.all(entry.photos.map((source) => photoOf(source, zip, fetchOptions)))
      : null;
    const { set, remove } = productWrites(entry, current, photos);
    writes = await stockItemWrites(entry);
    outcome = set.retiredAt ? 'retired' : current ? 'updated' : 'created';
    const after = next(outcome);
    if (current) {
      await commitProductChange(
        current,
        { update: { set: { ...set, version: current.version + 1 }, remove: remove } },
        { extra: [...writes, progress(after)] },
      );
    } else {
      const full = products.build({
        id: entry.handle,
        name: '',
        description: '',
        price: 0,
        tag: '',
        image: '',
        ...set,
      });
      await transactWrite([
        products.transact.put(full, { ifNew: true }),
        ...entryWrites(null, full),
        ...writes,
        progress(after),
      ]);
    }
    return after;
  } catch (error) {
    if (!(error instanceof EntryFailure)) throw error;
    const after = next(null, error.message);
    await transactWrite([progress(after)]);
    return after;
  }
}

/**
 * Applies a checked plan from where the import stands (`done`), product by product. A product whose write lost a race
 * (the owner edited it, an order took stock, a second run of the job) is read again and written again from the new
 * state, unless the import has moved past it meanwhile. Stops at `deadline` (not finished: the job's next step goes
 * on from there). Returns the results so far.
 */
export async function applyPlan(
  importId: string,
  plan: Plan,
  zip: PhotoZip | null,
  fetchOptions: FetchOptions = {},
  onProgress?: (done: number) => Promise<void> | void,
  /** When to stop and leave the rest to the job's next step (epoch ms): the function's own time limit. */
  deadline = Number.POSITIVE_INFINITY,
): Promise<{ results: ImportResults; finished: boolean }> {
  let record = await catalogImports.get({ id: importId }, { consistent: true });
  if (!record) throw new Error(`No import ${importId}`);
  let results: ImportResults = record.results ?? { created: 0, updated: 0, unchanged: 0, retired: 0, failed: [] };
  let retries = 0;
  const first = record.done;
  for (let index = record.done; index < plan.entries.length;) {
    // At least one product a run, so a run always moves the import on.
    if (index > first && Date.now() >= deadline) return { results, finished: false };
    try {
      results = await applyEntry(importId, index, plan.entries[index], results, zip, fetchOptions);
      index += 1;
      retries = 0;
      await onProgress?.(index);
    } catch (error) {
      if (!isConditionFailure(error) || ++retries > 10) throw error;
      record = await catalogImports.get({ id: importId }, { consistent: true });
      if (!record) throw new Error(`No import ${importId}`);
      results = record.results ?? results;
      index = record.done;
    }
  }
  return { results, finished: true };
}
