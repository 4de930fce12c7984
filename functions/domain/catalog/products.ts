import { drops } from '../../db/entities/drop';
import { shownImage } from '#shared/images';
import { type Product, type ProductDetail, type ProductList, type ProductListQuery } from '#shared/schemas/product';
import { PRODUCT_PAGE_SIZE } from '#shared/product-lists';
import { products, type ProductRecord } from '../../db/entities/product';
import { notFound } from '../../lib/errors';
import { MESSAGES } from '#shared/messages';
import { availability, withStockLeft } from './availability';
import { ALL, readEntries } from './tag-index';

export { availability };

export type { ProductRecord };

/**
 * The public view of a stored product: no status, version or rating totals. `image`/`extraImages` become JPEG
 * URLs any <img> shows (cart lines keep working); `photos` carries what <picture> needs, in the same order.
 */
export function toProduct(
  record: Pick<
    ProductRecord,
    | 'id'
    | 'name'
    | 'image'
    | 'extraImages'
    | 'photos'
    | 'description'
    | 'price'
    | 'tag'
    | 'stockRef'
    | 'ratingCount'
    | 'ratingTotal'
  >,
): Product {
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
 * include it (case-insensitive); without, all of them. Reads only the page's entries, whatever the catalogue's size,
 * and the page's stock (withStockLeft: what its cards say of it).
 */
export async function listProducts(query: Partial<ProductListQuery> = {}): Promise<ProductList> {
  const { entries, nextCursor } = await readEntries(query.category ?? ALL, {
    sort: query.sort ?? 'newest',
    limit: query.limit ?? PRODUCT_PAGE_SIZE,
    cursor: query.cursor,
  });
  return { products: await withStockLeft(entries.map((entry) => toProduct(entry))), nextCursor };
}

/** One listed product with its sizes; drafted or missing products are not found. */
export async function getProduct(id: string): Promise<ProductDetail> {
  const record = await products.get({ id });
  if (!record || record.status !== 'listed') throw notFound(MESSAGES.productNotFound);
  const [sizes, drop] = await Promise.all([availability(record), drops.get({ productId: id })]);
  return {
    ...toProduct(record),
    sizes,
    ...(drop?.state === 'on' ? { drop: { startsAt: drop.startsAt, line: Boolean(drop.line) } } : {}),
  };
}
