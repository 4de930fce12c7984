import type * as z from 'zod';
import type { stockItemInputSchema, stockItemUpdateSchema } from '../../../shared/schemas/admin';
import { db } from '../../db/service';
import { conflict, notFound } from '../../lib/errors';

export async function listStockItems() {
  const { data } = await db().entities.stockItem.query.all({}).go({ pages: 'all' });
  return { items: data.map(({ id, stock, version, updatedAt }) => ({ id, stock, version, updatedAt })) };
}

export async function createStockItem(input: z.output<typeof stockItemInputSchema>) {
  try {
    const { data } = await db().entities.stockItem.create(input).go();
    return { id: data.id, stock: data.stock, version: data.version };
  } catch {
    throw conflict(`A stock item with the id ${input.id} exists already.`);
  }
}

export async function updateStockItem(id: string, input: z.output<typeof stockItemUpdateSchema>) {
  const current = (await db().entities.stockItem.get({ id }).go()).data;
  if (!current) throw notFound('No such stock item.');
  try {
    await db()
      .entities.stockItem.patch({ id })
      .set({ stock: input.stock, version: input.version + 1 })
      .where((attr, { eq }) => eq(attr.version, input.version))
      .go();
  } catch {
    throw conflict('This stock item was changed by someone else (or by a sale). Reload to see the latest counts.');
  }
  const after = (await db().entities.stockItem.get({ id }).go()).data!;
  return { id, stock: after.stock, version: after.version };
}

export async function deleteStockItem(id: string) {
  const current = (await db().entities.stockItem.get({ id }).go()).data;
  if (!current) throw notFound('No such stock item.');
  await db().entities.stockItem.delete({ id }).go();
  return { deleted: id };
}
