import type { Product, ProductDetail } from '#shared/schemas/product';
import { sizeKind, sizesFor, stockCell, stockLocation } from '#shared/sizes';
import { cardStockLeft } from '#shared/stock';
import { products, type ProductRecord } from '../../db/entities/product';
import { stockItems, type StockItemRecord } from '../../db/entities/stock-item';
import { shardUnits } from '../stock/shards';

type StockFields = Pick<ProductRecord, 'tag' | 'stockRef'> & Partial<Pick<ProductRecord, 'stock'>>;

/** Whether a product's counts live on its linked stock item (apparel, gift wraps) rather than on itself. */
const onStockItem = (record: Pick<ProductRecord, 'tag' | 'stockRef'>) =>
  (sizeKind(record.tag) === 'apparel' || sizeKind(record.tag) === 'giftwrap') && Boolean(record.stockRef);

/** Units of each size that can still be bought: the product's own counts, or those of its stock item. */
export function sizesLeft(record: StockFields, item: Pick<StockItemRecord, 'stock'> | null): ProductDetail['sizes'] {
  return sizesFor(record.tag).map((size) => {
    const where = stockLocation(record.tag, size);
    const counts: Record<string, number | undefined> =
      where.on === 'stockItem' ? (item?.stock ?? {}) : (record.stock ?? {});
    return { size, available: Math.max(0, counts[where.key] ?? 0) };
  });
}

/** Units of each size of one product (its page), with its stock item read when it has one. */
export async function availability(record: ProductRecord): Promise<ProductDetail['sizes']> {
  const item = onStockItem(record) ? await stockItems.get({ id: record.stockRef! }) : null;
  return withShards(record, item, sizesLeft(record, item));
}

/** A size in a drop holds its units in the drop's shards (docs/decisions/0170): what is left is their sum. */
export async function withShards(
  record: Pick<ProductRecord, 'id' | 'tag' | 'stockRef' | 'dropShards'>,
  item: Pick<StockItemRecord, 'dropShards'> | null,
  sizes: ProductDetail['sizes'],
): Promise<ProductDetail['sizes']> {
  return Promise.all(
    sizes.map(async (entry) => {
      const where = stockLocation(record.tag, entry.size);
      const shards = (where.on === 'stockItem' ? item?.dropShards : record.dropShards)?.[where.key];
      const cell = stockCell(record, entry.size);
      return shards && cell ? { ...entry, available: entry.available + (await shardUnits(cell, shards)) } : entry;
    }),
  );
}

/**
 * The products of one page of a list, each with `left`: the units of its best-stocked size, capped (shared/stock.ts),
 * from which its card says "Sold out" or "Only N left" (docs/decisions/0075). Read when the page is asked for: the
 * page's stock items (apparel, gift wraps) and the own counts of its other products, in one BatchGetItem each (two
 * reads at most, in parallel, whatever the size of the catalogue; at 24 products about 12 read units). The catalogue
 * entries do not carry the counts, so a sale changes no entry.
 */
export async function withStockLeft(page: Product[]): Promise<Product[]> {
  if (!page.length) return page;
  const itemIds = [...new Set(page.filter(onStockItem).map((product) => product.stockRef!))];
  const ownIds = page
    .filter(
      (product) => !onStockItem(product) && sizeKind(product.tag) !== 'apparel' && sizeKind(product.tag) !== 'giftwrap',
    )
    .map((product) => product.id);
  const [items, owners] = await Promise.all([
    itemIds.length ? stockItems.getMany(itemIds.map((id) => ({ id }))) : [],
    ownIds.length ? products.getMany(ownIds.map((id) => ({ id }))) : [],
  ]);
  const itemById = new Map(items.map((item) => [item.id, item]));
  const ownerById = new Map(owners.map((owner) => [owner.id, owner]));
  return Promise.all(
    page.map(async (product) => {
      const item = product.stockRef ? (itemById.get(product.stockRef) ?? null) : null;
      const owner = ownerById.get(product.id);
      const record = { id: product.id, tag: product.tag, stockRef: product.stockRef, dropShards: owner?.dropShards };
      const sizes = await withShards(record, item, sizesLeft({ ...record, stock: owner?.stock ?? {} }, item));
      return { ...product, left: cardStockLeft(Math.max(0, ...sizes.map((size) => size.available))) };
    }),
  );
}
