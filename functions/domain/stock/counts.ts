import type { CheckoutLine } from '#shared/schemas/checkout';
import { isGiftCardLine } from '#shared/gift-card-lines';
import { MESSAGES } from '#shared/messages';
import { products } from '../../db/entities/product';
import { stockItems } from '../../db/entities/stock-item';
import { HttpError } from '../../lib/errors';
import { priceCart } from '../money/pricing';
import { shardUnits } from './shards';

/**
 * Stock counts as reads: a line draws on the count its cell names (shared/sizes.ts `stockCell`: "stockItem|<item
 * id>|<size>" or "product|<product id>|<size>"), and these read the counts and say which lines they do not hold. The
 * conditional writes that move them are writes.ts; an order's lines' moves are moves.ts.
 */

/** A line as the stock reads it: the count it draws on (null: nothing to count, sold out) and its units. */
export interface CountedLine {
  id: string;
  name: string;
  cell: string | null;
  quantity: number;
}

/** Not enough stock: 409 with the names, which the cart shows after the spec's sentence. */
export class OutOfStockError extends HttpError {
  constructor(readonly outOfStockItems: string[]) {
    super(409, 'out_of_stock', `${MESSAGES.outOfStock}\n${outOfStockItems.join('\n')}`);
  }
}

/** Units needed per stock count. */
export function cellsOf(lines: readonly Pick<CountedLine, 'cell' | 'quantity'>[]): Record<string, number> {
  const cells: Record<string, number> = {};
  for (const line of lines) if (line.cell) cells[line.cell] = (cells[line.cell] ?? 0) + line.quantity;
  return cells;
}

/** Current counts of the given stock cells (missing item or count reads as 0). */
export async function readCells(cells: readonly string[]): Promise<Record<string, number>> {
  const itemIds = new Set<string>();
  const productIds = new Set<string>();
  for (const cell of cells) (cell.startsWith('stockItem|') ? itemIds : productIds).add(cell.split('|')[1]);
  const [items, stored] = await Promise.all([
    stockItems.getMany([...itemIds].map((id) => ({ id }))),
    products.getMany([...productIds].map((id) => ({ id }))),
  ]);
  const counts: Record<string, number> = {};
  const sharded: [string, number][] = [];
  for (const cell of cells) {
    const [kind, id, key] = cell.split('|');
    const record =
      kind === 'stockItem' ? items.find((item) => item.id === id) : stored.find((product) => product.id === id);
    counts[cell] = Number((record?.stock as Record<string, number | undefined> | undefined)?.[key] ?? 0);
    // A size in a drop: its units are in the drop's shards (shards.ts), and the count is their sum.
    const shards = record?.dropShards?.[key];
    if (shards) sharded.push([cell, shards]);
  }
  const sums = await Promise.all(sharded.map(([cell, shards]) => shardUnits(cell, shards)));
  sharded.forEach(([cell], index) => (counts[cell] += sums[index]));
  return counts;
}

/**
 * The names of priced lines whose stock counts do not hold what they ask for right now (reads only). A gift card
 * counts no stock: it is never short.
 */
export async function shortLines(lines: readonly CountedLine[]): Promise<string[]> {
  const need = cellsOf(lines);
  const counts = await readCells(Object.keys(need));
  const short = (line: CountedLine) => !isGiftCardLine(line) && (!line.cell || counts[line.cell] < need[line.cell]);
  return [...new Set(lines.filter(short).map((line) => line.name))];
}

/** POST /api/products/validate-cart: which products do not have enough stock right now (nothing is held). */
export async function validateCart(
  cart: readonly CheckoutLine[],
): Promise<{ success: boolean; outOfStockItems: string[] }> {
  const { lines, unavailable } = await priceCart(cart);
  const outOfStockItems = [...new Set([...unavailable, ...(await shortLines(lines))])];
  return { success: outOfStockItems.length === 0, outOfStockItems };
}
