import type { Size } from '../../../shared/sizes';
import { products } from '../../db/entities/product';
import type { TransactItem } from '../../db/table';
import { cellsOf, stockCell, type PricedLine } from '../checkout/pricing';
import { returnStock, takeStock } from '../checkout/stock';

interface Line {
  id: string;
  name: string;
  image: string;
  size: string;
  quantity: number;
}

/**
 * Stock moves of order lines, with checkout's own stock helpers (functions/domain/checkout/stock.ts): where each
 * line is counted now (the product's own count, or its linked stock item's), and the conditional writes of a
 * transaction. For a take, `names[i]` names the products of `items[i]`, so a failed condition says what ran out.
 */
export async function stockMoves(lines: readonly Line[], direction: 'take' | 'return', now: string): Promise<{ items: TransactItem[]; names: string[][]; uncounted: string[] }> {
  const byId = new Map((await products.getMany([...new Set(lines.map((line) => line.id))].map((id) => ({ id })))).map((p) => [p.id, p]));
  const priced: PricedLine[] = lines.map((line) => {
    const product = byId.get(line.id);
    return { id: line.id, name: line.name, image: line.image, price: 0, size: line.size as Size, quantity: line.quantity, cell: product ? stockCell(product, line.size as Size) : null };
  });
  /** Lines with nothing to count (product deleted, apparel without a stock item). */
  const uncounted = priced.filter((line) => !line.cell).map((line) => line.name);
  const need = cellsOf(priced);
  if (direction === 'return') return { items: await returnStock(need, now), names: [], uncounted };
  const namesOf = (cells: string[]) => [...new Set(priced.filter((line) => line.cell && cells.includes(line.cell)).map((line) => line.name))];
  const takes = takeStock(need, now);
  return { items: takes.map((take) => take.item), names: takes.map((take) => namesOf(take.cells)), uncounted };
}
