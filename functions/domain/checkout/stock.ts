import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../db/client';
import { products } from '../../db/entities/product';
import { stockItems } from '../../db/entities/stock-item';
import type { TransactItem } from '../../db/table';
import { conflict } from '../../lib/errors';

/**
 * Stock counts are named "stockItem|<item id>|<size>" (apparel and gift wraps) or "product|<product id>|<size>"
 * (tumblers, candles): see pricing.stockCell. These build the conditional writes that move them.
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

const keyOf = (item: ItemCells) => (item.kind === 'stockItem' ? stockItems.key({ id: item.id }) : products.key({ id: item.id }));

/** The write that takes units from one record: each count must hold them, and a product's own counts need it listed. */
export interface StockTake {
  item: TransactItem;
  /** The cells this write takes from. */
  cells: string[];
}

/** One conditional decrement per record holding the counts of `cells` (units per count). */
export function takeStock(cells: Record<string, number>, now: string): StockTake[] {
  return byItem(cells).map((item) => {
    const names: Record<string, string> = { '#stock': 'stock', '#version': 'version', '#updatedAt': 'updatedAt' };
    const values: Record<string, unknown> = { ':one': 1, ':now': now };
    const sets: string[] = [];
    const conditions: string[] = [];
    item.sizes.forEach(([size, units], i) => {
      names[`#s${i}`] = size;
      values[`:u${i}`] = units;
      sets.push(`#stock.#s${i} = #stock.#s${i} - :u${i}`);
      conditions.push(`#stock.#s${i} >= :u${i}`);
    });
    if (item.kind === 'product') {
      names['#status'] = 'status';
      values[':listed'] = 'listed';
      conditions.push('#status = :listed');
    }
    return {
      cells: item.sizes.map(([size]) => `${item.kind}|${item.id}|${size}`),
      item: {
        Update: {
          TableName: tableName(),
          Key: keyOf(item),
          UpdateExpression: `SET ${sets.join(', ')}, #version = #version + :one, #updatedAt = :now`,
          ConditionExpression: conditions.join(' AND '),
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        },
      },
    };
  });
}

/** A check (no write) that a product is still listed: for lines whose count lives on a stock item. */
export function listedCheck(productId: string): TransactItem {
  return {
    ConditionCheck: {
      TableName: tableName(),
      Key: products.key({ id: productId }),
      ConditionExpression: '#status = :listed',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':listed': 'listed' },
    },
  };
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
  return items
    .filter((item) => exists.has(`${item.kind}|${item.id}`))
    .map((item) => {
      const names: Record<string, string> = { '#stock': 'stock', '#version': 'version', '#updatedAt': 'updatedAt' };
      const values: Record<string, unknown> = { ':zero': 0, ':one': 1, ':now': now };
      const sets = item.sizes.map(([size, units], i) => {
        names[`#s${i}`] = size;
        values[`:u${i}`] = units;
        return `#stock.#s${i} = if_not_exists(#stock.#s${i}, :zero) + :u${i}`;
      });
      return {
        Update: {
          TableName: tableName(),
          Key: keyOf(item),
          UpdateExpression: `SET ${sets.join(', ')}, #version = #version + :one, #updatedAt = :now`,
          ConditionExpression: 'attribute_exists(#stock)',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        },
      };
    });
}

/**
 * Runs one TransactWriteItems, retrying with jitter while DynamoDB reports a conflicting concurrent transaction
 * (many buyers of the same count at once). Returns the indexes of the items whose condition failed; empty when
 * everything was written.
 */
export async function transact(items: TransactItem[]): Promise<number[]> {
  for (let attempt = 0; ; attempt++) {
    try {
      await documentClient().send(new TransactWriteCommand({ TransactItems: items }));
      return [];
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const reasons = error.CancellationReasons ?? [];
      const failed = reasons.flatMap((reason, index) => (reason.Code === 'ConditionalCheckFailed' ? [index] : []));
      if (failed.length) return failed;
      if (attempt >= 12) throw conflict('The shop is busy. Please try again.');
      // TransactionConflict: another checkout touched the same stock at the same moment.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 40 * (attempt + 1)));
    }
  }
}
