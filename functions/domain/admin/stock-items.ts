import type * as z from '#shared/schemas/zod';
import {
  ADMIN_PAGE_SIZE,
  type AdminPageQuery,
  type stockItemInputSchema,
  type stockItemUpdateSchema,
} from '#shared/schemas/admin';
import { stockItemFamilies } from '#shared/sizes';
import { adminPage } from './pages';
import { stockItems, type StockItemRecord } from '../../db/entities/stock-item';
import { isConditionFailure } from '../../db/table';
import { conflict, notFound } from '../../lib/errors';
import { listProductRecords, type ProductRecord } from '../catalog/products';

export const STALE_STOCK_ITEM =
  'This stock item was changed by someone else (or by a sale). Reload to see the latest counts.';

const view = ({ id, stock, version, updatedAt }: StockItemRecord) => ({ id, stock, version, updatedAt });

/** The products (listed or drafted) that take their sizes from a stock item, by item id. */
async function linkedProducts(): Promise<Map<string, ProductRecord[]>> {
  const linked = new Map<string, ProductRecord[]>();
  for (const product of [...(await listProductRecords('listed')), ...(await listProductRecords('drafted'))])
    if (product.stockRef) linked.set(product.stockRef, [...(linked.get(product.stockRef) ?? []), product]);
  return linked;
}

/**
 * One page of the stock-item table, by id, with the total and the next page's cursor (or the one item of `id`); each
 * item with the size families of the products linked to it (a gift wrap's counts are shown by its sheet sizes).
 */
export async function listStockItems(query: AdminPageQuery = { limit: ADMIN_PAGE_SIZE }) {
  const [page, linked] = await Promise.all([
    query.id
      ? stockItems.get({ id: query.id }).then((item) => ({
          records: item ? [item] : [],
          total: item ? 1 : 0,
          nextCursor: null,
        }))
      : adminPage(stockItems, 'all', {}, query, 'asc'),
    linkedProducts(),
  ]);
  const row = (item: StockItemRecord) => ({
    ...view(item),
    families: stockItemFamilies((linked.get(item.id) ?? []).map((product) => product.tag)),
  });
  return { items: page.records.map(row), total: page.total, nextCursor: page.nextCursor };
}

/** Adds a stock item; an id that exists already answers 409. */
export async function createStockItem(input: z.output<typeof stockItemInputSchema>) {
  try {
    return view(await stockItems.create({ id: input.id, stock: input.stock }));
  } catch (error) {
    if (isConditionFailure(error)) throw conflict(`A stock item with the id ${input.id} exists already.`);
    throw error;
  }
}

/** Replaces the counts if the item is still at `version` (sales bump it too, docs/decisions/0003). */
export async function updateStockItem(id: string, input: z.output<typeof stockItemUpdateSchema>) {
  const current = await stockItems.get({ id });
  if (!current) throw notFound('No such stock item.');
  if (current.version !== input.version) throw conflict(STALE_STOCK_ITEM);
  // A size in a drop is counted by its shards until the drop ends: restocked there (docs/decisions/0170).
  const inDrop = Object.keys(current.dropShards ?? {}).filter(
    (size) => input.stock[size as keyof typeof input.stock] !== current.stock[size as keyof typeof current.stock],
  );
  if (inDrop.length)
    throw conflict(`${inDrop.join(', ')} is in a drop: restock it on the drop's page, or end the drop.`);
  try {
    await stockItems.update(
      { id },
      { set: { stock: input.stock, version: input.version + 1 } },
      { when: { equals: { version: input.version } } },
    );
  } catch (error) {
    if (isConditionFailure(error)) throw conflict(STALE_STOCK_ITEM);
    throw error;
  }
  return view((await stockItems.get({ id }))!);
}

/** Deletes a stock item that no product (listed or drafted) links to; otherwise 409 naming those products. */
export async function deleteStockItem(id: string) {
  const current = await stockItems.get({ id });
  if (!current) throw notFound('No such stock item.');
  const users = (await linkedProducts()).get(id) ?? [];
  if (users.length) {
    throw conflict(
      `This stock item holds the sizes of ${users.map((p) => p.name).join(', ')}. Link those products to another item first.`,
    );
  }
  await stockItems.delete({ id });
  return { deleted: id };
}
