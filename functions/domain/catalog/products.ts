import { shownImage } from '../../../shared/images';
import { PRODUCT_PAGE_SIZE, type Product, type ProductDetail, type ProductList, type ProductListQuery } from '../../../shared/schemas/product';
import { sizeKind, sizesFor, stockLocation } from '../../../shared/sizes';
import { products, type ProductRecord } from '../../db/entities/product';
import { stockItems } from '../../db/entities/stock-item';
import { notFound } from '../../lib/errors';
import { MESSAGES } from '../../../shared/messages';
import { ALL, readEntries } from './tag-index';

export type { ProductRecord };

/**
 * The public view of a stored product: no status, version or rating totals. `image`/`extraImages` become JPEG
 * URLs any <img> shows (cart lines keep working); `photos` carries what <picture> needs, in the same order.
 */
export function toProduct(record: Pick<ProductRecord, 'id' | 'name' | 'image' | 'extraImages' | 'photos' | 'description' | 'price' | 'tag' | 'stockRef' | 'ratingCount' | 'ratingTotal'>): Product {
  const count = record.ratingCount ?? 0;
  const known = new Map((record.photos ?? []).map((photo) => [photo.src, photo]));
  const paths = [record.image, ...(record.extraImages ?? [])];
  const photos = paths.map((path) => known.get(path) ?? null);
  const shown = paths.map((path) => shownImage(path, record.photos));
  return {
    id: record.id,
    name: record.name,
    image: shown[0],
    extraImages: shown.slice(1),
    photos,
    description: record.description,
    price: record.price,
    tag: record.tag,
    ...(record.stockRef ? { stockRef: record.stockRef } : {}),
    averageRating: count ? Math.round(((record.ratingTotal ?? 0) / count) * 10) / 10 : 0,
    ratingCount: count,
  };
}

export async function listProductRecords(status: 'listed' | 'drafted'): Promise<ProductRecord[]> {
  return products.query('byStatus', { status }, { order: 'desc' });
}

/**
 * One page of listed products, through the catalogue index (tag-index.ts): with a category, those whose tag words
 * include it (case-insensitive); without, all of them. Reads only the page's entries, whatever the catalogue's size.
 */
export async function listProducts(query: Partial<ProductListQuery> = {}): Promise<ProductList> {
  const { entries, nextCursor } = await readEntries(query.category ?? ALL, { sort: query.sort ?? 'newest', limit: query.limit ?? PRODUCT_PAGE_SIZE, cursor: query.cursor });
  return { products: entries.map((entry) => toProduct(entry)), nextCursor };
}

/** Units of each size that can still be bought, from the product or its linked stock item. */
export async function availability(record: ProductRecord): Promise<ProductDetail['sizes']> {
  const kind = sizeKind(record.tag);
  const item = (kind === 'apparel' || kind === 'giftwrap') && record.stockRef ? await stockItems.get({ id: record.stockRef }) : null;
  return sizesFor(record.tag).map((size) => {
    const where = stockLocation(record.tag, size);
    const counts: Record<string, number | undefined> = where.on === 'stockItem' ? (item?.stock ?? {}) : (record.stock ?? {});
    return { size, available: Math.max(0, counts[where.key] ?? 0) };
  });
}

/** One listed product with its sizes; drafted or missing products are not found. */
export async function getProduct(id: string): Promise<ProductDetail> {
  const record = await products.get({ id });
  if (!record || record.status !== 'listed') throw notFound(MESSAGES.productNotFound);
  return { ...toProduct(record), sizes: await availability(record) };
}
