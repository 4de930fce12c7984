import type * as z from 'zod';
import type { stockItemInputSchema, stockItemUpdateSchema } from '../../../shared/schemas/admin';
import { db } from '../../db/service';
import { conflict, notFound } from '../../lib/errors';
import { listProductRecords } from '../catalog/products';
import { isConditionFailure } from './conditions';

type StockItemRecord = NonNullable<Awaited<ReturnType<ReturnType<ReturnType<typeof db>['entities']['stockItem']['get']>['go']>>['data']>;

export const STALE_STOCK_ITEM = 'This stock item was changed by someone else (or by a sale). Reload to see the latest counts.';

const view = ({ id, stock, version, updatedAt }: StockItemRecord) => ({ id, stock, version, updatedAt });

export async function listStockItems() {
  const { data } = await db().entities.stockItem.query.all({}).go({ pages: 'all' });
  return { items: data.map(view) };
}

/** Adds a stock item; an id that exists already answers 409. */
export async function createStockItem(input: z.output<typeof stockItemInputSchema>) {
  try {
    const { data } = await db().entities.stockItem.create({ ...input, version: 1 }).go();
    return view(data as StockItemRecord);
  } catch (error) {
    if (isConditionFailure(error)) throw conflict(`A stock item with the id ${input.id} exists already.`);
    throw error;
  }
}

/** Replaces the counts if the item is still at `version` (sales bump it too, docs/decisions/0003). */
export async function updateStockItem(id: string, input: z.output<typeof stockItemUpdateSchema>) {
  const current = (await db().entities.stockItem.get({ id }).go()).data;
  if (!current) throw notFound('No such stock item.');
  if (current.version !== input.version) throw conflict(STALE_STOCK_ITEM);
  try {
    await db()
      .entities.stockItem.patch({ id })
      .set({ stock: input.stock, version: input.version + 1 })
      .where((attr, { eq }) => eq(attr.version, input.version))
      .go();
  } catch (error) {
    if (isConditionFailure(error)) throw conflict(STALE_STOCK_ITEM);
    throw error;
  }
  return view((await db().entities.stockItem.get({ id }).go()).data!);
}

/** Deletes a stock item that no product (listed or drafted) links to; otherwise 409 naming those products. */
export async function deleteStockItem(id: string) {
  const current = (await db().entities.stockItem.get({ id }).go()).data;
  if (!current) throw notFound('No such stock item.');
  const users = [...(await listProductRecords('listed')), ...(await listProductRecords('drafted'))].filter((p) => p.stockRef === id);
  if (users.length) {
    throw conflict(`This stock item holds the sizes of ${users.map((p) => p.name).join(', ')}. Link those products to another item first.`);
  }
  await db().entities.stockItem.delete({ id }).go();
  return { deleted: id };
}
