import { products } from '../../db/entities/product';
import { stockItems } from '../../db/entities/stock-item';
import type { TransactItem } from '../../db/table';
import { anyShard, shardReturn } from './shards';

/**
 * Stock counts are named "stockItem|<item id>|<size>" (apparel and gift wraps) or "product|<product id>|<size>"
 * (tumblers, candles): see shared/sizes.ts stockCell. These build the conditional writes that move them.
 */
type ItemCells = { kind: 'stockItem' | 'product'; id: string; sizes: [string, number][] };

/** Counts grouped by the record that holds them: a transaction may touch each record only once. */
function byItem(cells: Record<string, number>): ItemCells[] {
  const items = new Map<string, ItemCells>();
  for (const [cell, units] of Object.entries(cells)) {
    if (units <= 0) continue;
    const [kind, id, size] = cell.split('|') as ['stockItem' | 'product', string, string];
    const item = items.get(`${kind}|${id}`) ?? { kind, id, sizes: [] };
    item.sizes.push([size, units]);
    items.set(`${kind}|${id}`, item);
  }
  return [...items.values()];
}

/** Each size's units, as counts of the record's `stock` field. */
const counts = (item: ItemCells, sign: 1 | -1) =>
  Object.fromEntries(item.sizes.map(([size, units]) => [`stock.${size}`, sign * units])) as Record<
    `stock.${string}`,
    number
  >;

/** The write that takes units from one record: each count must hold them, and a product's own counts need it listed. */
export interface StockTake {
  item: TransactItem;
  /** The cells this write takes from. */
  cells: string[];
}

/** One conditional decrement per record holding the counts of `cells` (units per count). */
export function takeStock(cells: Record<string, number>, now: string): StockTake[] {
  return byItem(cells).map((item) => {
    const change = { set: { updatedAt: now }, add: { ...counts(item, -1), version: 1 } };
    const atLeast = counts(item, 1);
    return {
      cells: item.sizes.map(([size]) => `${item.kind}|${item.id}|${size}`),
      item:
        item.kind === 'stockItem'
          ? stockItems.transact.update({ id: item.id }, change, { when: { atLeast } })
          : products.transact.update({ id: item.id }, change, { when: { atLeast, equals: { status: 'listed' } } }),
    };
  });
}

/** A check (no write) that a product is still listed: for lines whose count lives on a stock item. */
export function listedCheck(productId: string): TransactItem {
  return products.transact.check({ id: productId }, { when: { equals: { status: 'listed' } } });
}

/**
 * The writes that give units back. Records that no longer exist (a deleted product or stock item) are left
 * out, so a return never creates a stray record and never blocks the rest.
 */
export async function returnStock(cells: Record<string, number>, now: string): Promise<TransactItem[]> {
  const items = byItem(cells);
  const [haveItems, haveProducts] = await Promise.all([
    stockItems.getMany(items.filter((item) => item.kind === 'stockItem').map(({ id }) => ({ id }))),
    products.getMany(items.filter((item) => item.kind === 'product').map(({ id }) => ({ id }))),
  ]);
  const exists = new Set([...haveItems.map((r) => `stockItem|${r.id}`), ...haveProducts.map((r) => `product|${r.id}`)]);
  // A size in a drop gets its units back in one of its shards (docs/decisions/0170), the others on the record.
  const shardsOf = new Map<string, Partial<Record<string, number>>>([
    ...haveItems.map((r) => [`stockItem|${r.id}`, r.dropShards ?? {}] as const),
    ...haveProducts.map((r) => [`product|${r.id}`, r.dropShards ?? {}] as const),
  ]);
  const toShards: TransactItem[] = [];
  for (const item of items) {
    const shards = shardsOf.get(`${item.kind}|${item.id}`) ?? {};
    for (const [size, units] of item.sizes)
      if (shards[size])
        toShards.push(shardReturn(`${item.kind}|${item.id}|${size}`, anyShard(shards[size]), units, now));
    item.sizes = item.sizes.filter(([size]) => !shards[size]);
  }
  return items
    .filter((item) => exists.has(`${item.kind}|${item.id}`) && item.sizes.length)
    .map((item) => {
      const change = { set: { updatedAt: now }, add: { ...counts(item, 1), version: 1 } };
      const when = { present: ['stock' as const] };
      return item.kind === 'stockItem'
        ? stockItems.transact.update({ id: item.id }, change, { when })
        : products.transact.update({ id: item.id }, change, { when });
    })
    .concat(toShards);
}
