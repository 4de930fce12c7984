import { unescapeText } from '#shared/sanitize';
import type { StockDemand } from '#shared/schemas/stock-alerts';
import { products } from '../../db/entities/product';
import { stockDemand } from '../../db/entities/stock-alert';
import { sizesNow } from './restocks';

/**
 * The owner's demand signal (issue 27 item 7): the requests waiting per product and size, most asked for first, with
 * the units that can be bought now, from the demand counts (one Query of their partition), the products (one
 * BatchGetItem) and their stock items (one more). Counts only: who asked stays with the shop's mail.
 */
export async function stockDemandView(): Promise<StockDemand> {
  const demand = (await stockDemand.query('all', {})).filter((record) => record.waiting > 0);
  const found = demand.length
    ? await products.getMany([...new Set(demand.map((record) => record.productId))].map((id) => ({ id })))
    : [];
  const byId = new Map(found.map((product) => [product.id, product]));
  const sizes = await sizesNow(found);
  const rows = demand.map((record) => {
    const product = byId.get(record.productId);
    return {
      productId: record.productId,
      name: product ? unescapeText(product.name) : null,
      size: record.size,
      stockRef: product?.stockRef ?? null,
      waiting: record.waiting,
      available: sizes.get(record.productId)?.find((size) => size.size === record.size)?.available ?? 0,
      listed: product?.status === 'listed',
      lastAskedAt: record.lastAskedAt ?? record.updatedAt,
    };
  });
  rows.sort((a, b) => b.waiting - a.waiting || b.lastAskedAt.localeCompare(a.lastAskedAt));
  return { waiting: rows.reduce((sum, row) => sum + row.waiting, 0), sizes: rows };
}

/** The dashboard's figure: requests waiting, and for how many sizes (one Query of the demand partition). */
export async function stockAlertCount(): Promise<{ waiting: number; sizes: number }> {
  const demand = (await stockDemand.query('all', {})).filter((record) => record.waiting > 0);
  return { waiting: demand.reduce((sum, record) => sum + record.waiting, 0), sizes: demand.length };
}
