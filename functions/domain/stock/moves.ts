import { stockCell, type Size } from '#shared/sizes';
import { lineLabel } from '#shared/aftersale';
import { products } from '../../db/entities/product';
import type { TransactItem } from '../../db/table';
import { cellsOf, readCells } from './counts';
import { returnStock, takeStock } from './writes';

interface Line {
  id: string;
  name: string;
  image: string;
  size: string;
  quantity: number;
}

export interface StockMoves {
  items: TransactItem[];
  /** Lines with nothing to count (product deleted, apparel without a stock item), named with their size. */
  uncounted: string[];
  /** For a take whose transaction failed: the lines (name and size) whose counts do not hold them now (reads only). */
  short: () => Promise<string[]>;
}

/**
 * Stock moves of order lines (a refund's or a cancel's units back, a replacement's units taken), with the writes of
 * writes.ts: where each line is counted now (the product's own count, or its linked stock item's), and the
 * conditional writes of a transaction. When a take's transaction fails, `short()` names what ran out, size and all ("Tee (M)"): a stock
 * item holds every size, so the failed write alone would not say which.
 */
export async function stockMoves(
  lines: readonly Line[],
  direction: 'take' | 'return',
  now: string,
): Promise<StockMoves> {
  const byId = new Map(
    (await products.getMany([...new Set(lines.map((line) => line.id))].map((id) => ({ id })))).map((p) => [p.id, p]),
  );
  const priced = lines.map((line) => {
    const product = byId.get(line.id);
    return { ...line, cell: product ? stockCell(product, line.size as Size) : null };
  });
  const uncounted = priced.filter((line) => !line.cell).map(lineLabel);
  const need = cellsOf(priced);
  const short = async () => {
    const counts = await readCells(Object.keys(need));
    return [...new Set(priced.filter((line) => !line.cell || counts[line.cell] < need[line.cell]).map(lineLabel))];
  };
  if (direction === 'return') return { items: await returnStock(need, now), uncounted, short };
  return { items: takeStock(need, now).map((take) => take.item), uncounted, short };
}
