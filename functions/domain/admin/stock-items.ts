import type * as z from '#shared/schemas/zod';
import {
  ADMIN_PAGE_SIZE,
  type AdminPageQuery,
  type stockItemInputSchema,
  type stockItemUpdateSchema,
} from '#shared/schemas/admin';
import { adminPage } from './pages';
import { stockItems, type StockItemRecord } from '../../db/entities/stock-item';
import { isConditionFailure } from '../../db/table';
import { conflict, notFound } from '../../lib/errors';
import { listProductRecords } from '../catalog/products';

export const STALE_STOCK_ITEM =
  'This stock item was changed by someone else (or by a sale). Reload to see the latest counts.';

const view = ({ id, stock, version, updatedAt }: StockItemRecord) => ({ id, stock, version, updatedAt });

/** One page of the stock-item table, by id, with the total and the next page's cursor (or the one item of `id`). */
export async function listStockItems(query: AdminPageQuery = { limit: ADMIN_PAGE_SIZE }) {
  if (query.id) {
    const item = await stockItems.get({ id: query.id });
    return { items: item ? [view(item)] : [], total: item ? 1 : 0, nextCursor: null };
  }
  const { records, total, nextCursor } = await adminPage(stockItems, 'all', {}, query, 'asc');
  return { items: records.map(view), total, nextCursor };
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
  const users = [...(await listProductRecords('listed')), ...(await listProductRecords('drafted'))].filter(
    (p) => p.stockRef === id,
  );
  if (users.length) {
    throw conflict(
      `This stock item holds the sizes of ${users.map((p) => p.name).join(', ')}. Link those products to another item first.`,
    );
  }
  await stockItems.delete({ id });
  return { deleted: id };
}
