import { stockCell } from '#shared/sizes';
import { shardCountFor, shopTimeToInstant } from '#shared/drops';
import type { DropInput, DropView } from '#shared/schemas/drops';
import { drops, type DropRecord, type DropSize } from '../../db/entities/drop';
import { products, type ProductRecord } from '../../db/entities/product';
import { stockItems, type StockItemRecord } from '../../db/entities/stock-item';
import { stockShards } from '../../db/entities/stock-shard';
import type { TransactItem } from '../../db/table';
import { transactWriteOrFailures } from '../../db/transaction';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { anyShard, shardKeys, shardReturn } from './shards';

/**
 * The owner's side of a drop (issue 57, docs/decisions/0170): setting one up splits each size's count over shards (the
 * record's count goes to 0 and says how many shards hold the size), the view adds them up into one number and proves
 * the sum, a restock goes into a shard, and ending folds the shards back into the one count.
 */

/** TransactWriteItems' 100, less the record's update and the drop's own record. */
const MAX_SHARD_WRITES = 98;

/** The record that holds a size's count, as read (the product's own, or its linked stock item). */
type Holder = { kind: 'product'; record: ProductRecord } | { kind: 'stockItem'; record: StockItemRecord };

async function holderOf(product: ProductRecord): Promise<Holder> {
  if (!product.stockRef) return { kind: 'product', record: product };
  const item = await stockItems.get({ id: product.stockRef }, { consistent: true });
  if (!item) throw badRequest('This product has no stock item to sell from.');
  return { kind: 'stockItem', record: item };
}

const keyOf = (cell: string) => cell.split('|')[2];

/** The record's update, on the condition that it is still the version read (no take or edit came between). */
function holderUpdate(
  holder: Holder,
  add: Record<string, number>,
  dropShards: Partial<Record<string, number>>,
  now: string,
) {
  const change = { set: { updatedAt: now, dropShards }, add: { ...add, version: 1 } };
  const when = { when: { equals: { version: holder.record.version } } };
  return holder.kind === 'stockItem'
    ? stockItems.transact.update({ id: holder.record.id }, change, when)
    : products.transact.update({ id: holder.record.id }, change, when);
}

const noDrop = () => notFound('This product is not in a drop.');

/** PUT /api/admin/drops/{productId}: sets a drop up (its sizes' units split over shards); 409 while one is on. */
export async function setUpDrop(productId: string, input: DropInput, now = new Date()): Promise<DropView> {
  const product = await products.get({ id: productId }, { consistent: true });
  if (!product) throw notFound('No product has this id.');
  const existing = await drops.get({ productId }, { consistent: true });
  if (existing?.state === 'on') throw conflict('This product is in a drop already. End it first.');
  const holder = await holderOf(product);
  const stock = holder.record.stock as Partial<Record<string, number>>;
  const sizes: DropSize[] = [...new Set(input.sizes)].map((size) => {
    const cell = stockCell(product, size);
    if (!cell) throw badRequest(`${product.name} has no stock count for ${size}.`);
    const start = Math.max(0, stock[keyOf(cell)] ?? 0);
    return { size, cell, start, shards: Math.min(input.shards ?? shardCountFor(start), Math.max(1, start)) };
  });
  if (new Set(sizes.map((s) => s.cell)).size !== sizes.length)
    throw badRequest('Two of these sizes share one stock count: name one of them.');
  if (sizes.reduce((sum, s) => sum + s.shards, 0) > MAX_SHARD_WRITES)
    throw badRequest(`At most ${MAX_SHARD_WRITES} shards in one drop: name fewer shards.`);
  const at = now.toISOString();
  const shardItems: TransactItem[] = sizes.flatMap(({ cell, start, shards }) =>
    shardKeys(cell, shards).map(({ shard }) => {
      // The units spread evenly, the first shards one more while some are left over.
      const units = Math.floor(start / shards) + (shard < start % shards ? 1 : 0);
      return stockShards.transact.put({ cell, shard, units, start: units, taken: 0, restocked: 0 }, { ifNew: true });
    }),
  );
  const drop: DropRecord = {
    productId,
    sizes,
    startsAt: shopTimeToInstant(input.startsAt),
    limit: input.limit,
    ...(input.line ? { line: true } : {}),
    state: 'on',
    version: (existing?.version ?? 0) + 1,
    createdAt: at,
    updatedAt: at,
  };
  const failed = await transactWriteOrFailures([
    holderUpdate(
      holder,
      Object.fromEntries(sizes.map(({ cell, start }) => [`stock.${keyOf(cell)}`, -start])),
      { ...holder.record.dropShards, ...Object.fromEntries(sizes.map(({ cell, shards }) => [keyOf(cell), shards])) },
      at,
    ),
    ...shardItems,
    drops.transact.put(
      drop,
      existing ? { when: { equals: { version: existing.version, state: 'ended' } } } : { ifNew: true },
    ),
  ]);
  if (failed.length) throw conflict('The stock changed meanwhile (an order, or another window). Please try again.');
  return dropView(productId);
}

/**
 * GET /api/admin/drops/{productId}: the drop with one number per size (its shards added up) and the sum check: the
 * shards hold what they started with, less the units taken, plus the units given back.
 */
export async function dropView(productId: string): Promise<DropView> {
  const drop = await drops.get({ productId }, { consistent: true });
  if (!drop) throw noDrop();
  const shards =
    drop.state === 'on'
      ? await stockShards.getMany(
          drop.sizes.flatMap((s) => shardKeys(s.cell, s.shards)),
          { consistent: true },
        )
      : [];
  return {
    productId,
    startsAt: drop.startsAt,
    limit: drop.limit,
    state: drop.state,
    ...(drop.endedAt ? { endedAt: drop.endedAt } : {}),
    sizes: drop.sizes.map(({ size, cell, shards: count, start }) => {
      const own = shards.filter((shard) => shard.cell === cell);
      const sum = (field: 'units' | 'taken' | 'restocked' | 'start') => own.reduce((n, shard) => n + shard[field], 0);
      return {
        size,
        shards: count,
        start,
        units: sum('units'),
        taken: sum('taken'),
        restocked: sum('restocked'),
        sumHolds:
          drop.state === 'ended' ||
          (own.length === count &&
            sum('start') === start &&
            own.every((shard) => shard.units >= 0 && shard.units === shard.start - shard.taken + shard.restocked)),
      };
    }),
  };
}

/** POST /api/admin/drops/{productId}/restock: units added to one shard of a size while the drop is on. */
export async function restockDrop(productId: string, size: string, units: number, now = new Date()): Promise<DropView> {
  const drop = await drops.get({ productId }, { consistent: true });
  const found = drop?.state === 'on' ? drop.sizes.find((s) => s.size === size) : undefined;
  if (!drop || drop.state !== 'on') throw noDrop();
  if (!found) throw badRequest(`${size} is not in this drop.`);
  const failed = await transactWriteOrFailures([
    shardReturn(found.cell, anyShard(found.shards), units, now.toISOString()),
  ]);
  if (failed.length) throw conflict('The drop ended meanwhile. Restock the product itself.');
  return dropView(productId);
}

/**
 * POST /api/admin/drops/{productId}/end: folds the shards back into the one count (their units added to it, the
 * shards deleted, the record told no size is sharded), in one transaction on the condition that each shard still holds
 * what was read; a take or a return that came between makes it read again.
 */
export async function endDrop(productId: string, now = new Date()): Promise<DropView> {
  for (let round = 0; round < 8; round++) {
    const drop = await drops.get({ productId }, { consistent: true });
    if (!drop || drop.state !== 'on') throw noDrop();
    const product = await products.get({ id: productId }, { consistent: true });
    if (!product) throw notFound('No product has this id.');
    const holder = await holderOf(product);
    const shards = await stockShards.getMany(
      drop.sizes.flatMap((s) => shardKeys(s.cell, s.shards)),
      { consistent: true },
    );
    const at = now.toISOString();
    const back = Object.fromEntries(
      drop.sizes.map(({ cell }) => [
        `stock.${keyOf(cell)}`,
        shards.filter((shard) => shard.cell === cell).reduce((n, shard) => n + Math.max(0, shard.units), 0),
      ]),
    );
    const keep = Object.fromEntries(
      Object.entries(holder.record.dropShards ?? {}).filter(
        ([key]) => !drop.sizes.some(({ cell }) => keyOf(cell) === key),
      ),
    );
    const failed = await transactWriteOrFailures([
      holderUpdate(holder, back, keep, at),
      ...shards.map((shard) =>
        stockShards.transact.delete(
          { cell: shard.cell, shard: shard.shard },
          { when: { equals: { units: shard.units, restocked: shard.restocked } } },
        ),
      ),
      drops.transact.update(
        { productId },
        { set: { state: 'ended', endedAt: at, updatedAt: at }, add: { version: 1 } },
        { when: { equals: { version: drop.version } } },
      ),
    ]);
    if (!failed.length) return dropView(productId);
  }
  throw conflict('The drop is busy. Please try again.');
}
