import { fallbackUrl } from '../../../shared/images';
import type { Product, ProductDetail } from '../../../shared/schemas/product';
import { hasTag, sizeKind, sizesFor, stockLocation } from '../../../shared/sizes';
import { products, type ProductRecord } from '../../db/entities/product';
import { stockItems } from '../../db/entities/stock-item';
import { notFound } from '../../lib/errors';
import { MESSAGES } from '../../../shared/messages';

export type { ProductRecord };

/**
 * The public view of a stored product: no status, version or rating totals. `image`/`extraImages` become JPEG
 * URLs any <img> shows (cart lines keep working); `photos` carries what <picture> needs, in the same order.
 */
export function toProduct(record: ProductRecord): Product {
  const count = record.ratingCount ?? 0;
  const known = new Map((record.photos ?? []).map((photo) => [photo.src, photo]));
  const paths = [record.image, ...(record.extraImages ?? [])];
  const photos = paths.map((path) => known.get(path) ?? null);
  const shown = paths.map((path, index) => (photos[index] ? fallbackUrl(photos[index]) : path));
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

/** Listed products, newest first; with a category, those whose tags contain it (case-insensitive). */
export async function listProducts(category?: string): Promise<Product[]> {
  const records = await listProductRecords('listed');
  return records.filter((record) => !category || hasTag(record.tag, category)).map(toProduct);
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
