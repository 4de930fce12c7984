import { randomBytes } from 'node:crypto';
import { ADMIN_PAGE_SIZE, type AdminPageQuery, type ProductInput, type ProductUpdate } from '#shared/schemas/admin';
import { adminPage } from './pages';
import { sizeKind, sizesFor } from '#shared/sizes';
import { products, type OwnStock } from '../../db/entities/product';
import { stockItems } from '../../db/entities/stock-item';
import { isConditionFailure, type When } from '../../db/table';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { deleteImages, deleteKeys } from '../../lib/storage';
import { images } from '../../db/entities/image';
import { photoId, photoKeys, photoPath, type Photo } from '#shared/images';
import { availability, listProductRecords, toProduct, type ProductRecord } from '../catalog/products';
import { commitProductChange, createIndexedProduct, type ProductChange } from '../catalog/tag-index';
import { detailsOf, detailWrites } from '../catalog/details';

export const STALE_PRODUCT = 'This product was changed by someone else. Reload to see the latest version.';
const PRODUCT_NOT_FOUND = 'Product not found.';

/** What the admin table shows: the public view plus status, version, own counts and per-size availability. */
export async function adminView(record: ProductRecord) {
  return {
    ...toProduct(record),
    stockRef: record.stockRef ?? '',
    status: record.status,
    version: record.version,
    stock: record.stock ?? {},
    sizes: await availability(record),
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    ...detailsOf(record),
    ...(record.retiredAt ? { retiredAt: record.retiredAt } : {}),
  };
}

/** One page of the admin product table (listed or drafted), newest first, with the total and the next page's cursor. */
export async function listAdminProducts(
  status: 'listed' | 'drafted',
  query: AdminPageQuery = { limit: ADMIN_PAGE_SIZE },
) {
  if (query.id) {
    // One product, when it is in this list: a page of it alone.
    const product = await products.get({ id: query.id });
    const found = product?.status === status ? [product] : [];
    return { products: await Promise.all(found.map(adminView)), total: found.length, nextCursor: null };
  }
  const { records, total, nextCursor } = await adminPage(products, 'byStatus', { status }, query);
  return { products: await Promise.all(records.map(adminView)), total, nextCursor };
}

/**
 * Stock by kind (docs/decisions/0004): apparel and gift wraps need an existing stock item and keep no counts;
 * tumblers keep 16oz/20oz/24oz and single-size goods CANDLE (missing counts are 0, other keys dropped).
 */
async function stockFor(
  tag: string,
  stockRef: string | undefined,
  stock: OwnStock,
): Promise<{ stockRef?: string; stock: OwnStock }> {
  const kind = sizeKind(tag);
  if (kind === 'apparel' || kind === 'giftwrap') {
    if (!stockRef)
      throw badRequest('Apparel and gift wraps need a stock item.', {
        stockRef: 'Choose the stock item that holds this product’s sizes.',
      });
    const item = await stockItems.get({ id: stockRef });
    if (!item) throw badRequest('That stock item does not exist.', { stockRef: 'That stock item does not exist.' });
    return { stockRef, stock: {} };
  }
  const own: OwnStock = {};
  for (const size of sizesFor(tag)) own[size as keyof OwnStock] = stock[size as keyof OwnStock] ?? 0;
  return { stockRef: undefined, stock: own };
}

const slug = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/&[a-z]+;/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '') || 'product';

/**
 * The photos a product shows, as the image pipeline recorded them: each path must name an upload that is ready
 * (400 on the field otherwise). Paths the product already shows (`current`) are kept as they are, so an old
 * picture from before the pipeline does not block an update.
 */
async function resolvePhotos(
  fields: { image?: string; extraImages?: string[] },
  current?: ProductRecord,
): Promise<Photo[]> {
  const kept = new Map((current?.photos ?? []).map((photo) => [photo.src, photo]));
  const problems: Record<string, string> = {};
  const entries = [
    ...(fields.image === undefined ? [] : [['image', fields.image] as const]),
    ...(fields.extraImages ?? []).map((path, i) => [`extraImages.${i}`, path] as const),
  ];
  const photos: Photo[] = [];
  for (const [field, path] of entries) {
    const same = current && [current.image, ...(current.extraImages ?? [])].includes(path);
    if (kept.has(path)) {
      photos.push(kept.get(path)!);
      continue;
    }
    const id = photoId(path);
    const record = id ? await images.get({ id }, { consistent: true }) : null;
    if (record?.status === 'ready')
      photos.push({ src: path, width: record.width, height: record.height, widths: record.widths });
    else if (same) continue;
    else
      problems[field] = !record
        ? 'Upload the image first (or wait until it says Ready).'
        : (record.reason ?? 'This photo could not be processed. Upload another.');
  }
  if (Object.keys(problems).length) throw badRequest('Please check the highlighted fields.', problems);
  return photos;
}

/** Adds a listed product; its id is the name's slug plus a short random suffix. */
export async function createProduct(input: ProductInput) {
  const photos = await resolvePhotos(input);
  const own = await stockFor(input.tag, input.stockRef || undefined, input.stock);
  const id = `${slug(input.name)}-${randomBytes(3).toString('hex')}`;
  const record = await createIndexedProduct({
    id,
    name: input.name,
    description: input.description,
    price: input.price,
    tag: input.tag,
    image: input.image,
    extraImages: input.extraImages,
    photos,
    stock: own.stock,
    ...(own.stockRef ? { stockRef: own.stockRef } : {}),
    ...detailWrites(input, input.tag).set,
  });
  return adminView(record);
}

async function existing(id: string): Promise<ProductRecord> {
  const record = await products.get({ id });
  if (!record) throw notFound(PRODUCT_NOT_FOUND);
  return record;
}

/**
 * Writes a change of the product the admin read and its catalogue entries in one transaction
 * (commitProductChange). A rating that landed in between (same version, other counts) is not the admin's
 * conflict: read again and write again; a changed version is (409), a missing product 404.
 */
async function changeProduct(
  current: ProductRecord,
  change: (record: ProductRecord) => ProductChange,
  when?: When<ProductRecord>,
): Promise<ProductRecord | null> {
  for (let attempt = 0; attempt < 10; attempt++) {
    try {
      return await commitProductChange(current, change(current), { when });
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      const now = await products.get({ id: current.id }, { consistent: true });
      if (!now) throw notFound(PRODUCT_NOT_FOUND);
      if (now.version !== current.version || (when?.equals?.status && now.status !== when.equals.status))
        throw conflict(STALE_PRODUCT);
      current = now;
    }
  }
  throw conflict(STALE_PRODUCT);
}

/** Changes the named fields, if the product is still at `version` (else 409); the version goes up by one. */
export async function updateProduct(id: string, input: ProductUpdate) {
  const current = await existing(id);
  const {
    version,
    stock,
    stockRef,
    brand,
    mpn,
    color,
    material,
    gender,
    ageGroup,
    googleCategory,
    packing,
    ...changes
  } = input;
  if (current.version !== version) throw conflict(STALE_PRODUCT);
  const tag = changes.tag ?? current.tag;
  const details = detailWrites(
    {
      brand,
      mpn,
      color,
      material,
      gender,
      ageGroup,
      googleCategory,
      packing,
      gtins: input.gtins,
      weightGrams: input.weightGrams,
    },
    tag,
    current,
  );
  delete changes.gtins;
  delete changes.weightGrams;
  const image = changes.image ?? current.image;
  const extraImages = changes.extraImages ?? current.extraImages ?? [];
  const photos = await resolvePhotos({ image, extraImages }, current);
  const own = await stockFor(
    tag,
    stockRef === undefined ? current.stockRef : stockRef || undefined,
    stock ?? current.stock ?? {},
  );
  const after = await changeProduct(current, () => ({
    update: {
      set: {
        ...changes,
        ...details.set,
        photos,
        stock: own.stock,
        ...(own.stockRef ? { stockRef: own.stockRef } : {}),
        version: version + 1,
      },
      remove: [...(own.stockRef ? [] : (['stockRef'] as const)), ...details.remove],
    },
  }));
  return adminView(after ?? (await existing(id)));
}

/**
 * Listed <-> drafted (the entries go or come back in the same transaction). Asking for the state it is already in
 * answers the product unchanged.
 */
async function setStatus(id: string, to: 'listed' | 'drafted') {
  const current = await existing(id);
  if (current.status === to) return adminView(current);
  // The record moves in the byStatus index (its keys are rebuilt from the current record).
  // Listed again, a retired product is no longer retired (docs/decisions/0152).
  const after = await changeProduct(
    current,
    (record) => ({
      update: {
        set: { status: to, version: record.version + 1 },
        ...(to === 'listed' && record.retiredAt ? { remove: ['retiredAt'] as const } : {}),
      },
    }),
    { equals: { status: current.status } },
  );
  return adminView(after ?? (await existing(id)));
}

export const draftProduct = (id: string) => setStatus(id, 'drafted');
export const undraftProduct = (id: string) => setStatus(id, 'listed');

/**
 * Deletes the product record, then its pictures from the image bucket (not those another product still shows):
 * a photo's variants, its private original and its image record; an old single-file image by its key. The
 * record goes first: a failed image delete leaves unused files, never a product with a missing picture.
 */
export async function deleteProduct(id: string) {
  const current = await existing(id);
  await changeProduct(current, () => ({ delete: true }));
  const pictures = [current.image, ...(current.extraImages ?? [])];
  const others = [...(await listProductRecords('listed')), ...(await listProductRecords('drafted'))].filter(
    (p) => p.id !== id,
  );
  const shared = new Set(others.flatMap((p) => [p.image, ...(p.extraImages ?? [])]));
  const toDelete = pictures.filter((picture) => !shared.has(picture));
  let notDeleted: string[] = [];
  try {
    const photoIds = toDelete.map(photoId).filter((photo): photo is string => photo !== null);
    const records = await images.getMany(photoIds.map((photo) => ({ id: photo })));
    const failed = await deleteKeys(records.flatMap(photoKeys));
    notDeleted = records
      .filter((record) => photoKeys(record).some((key) => failed.includes(key)))
      .map((record) => photoPath(record.id).slice(1));
    for (const record of records)
      if (!notDeleted.includes(photoPath(record.id).slice(1))) await images.delete({ id: record.id });
    notDeleted.push(...(await deleteImages(toDelete.filter((picture) => photoId(picture) === null))));
  } catch (error) {
    logger.error('product deleted but its images could not be removed', {
      id,
      images: toDelete,
      error: error as Error,
    });
    notDeleted = toDelete.map((image) => image.slice(1));
  }
  return {
    deleted: id,
    imagesKept: pictures.filter((picture) => shared.has(picture) || notDeleted.includes(picture.slice(1))),
  };
}
