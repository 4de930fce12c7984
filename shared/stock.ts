import { STOCK_MESSAGES } from './messages';

/** A card says "Only N left" when its best size has this many or fewer (and "Sold out" at none). */
export const LOW_STOCK_AT = 3;

/**
 * What a product list tells of a product's stock (GET /api/products, search): the units of its best-stocked size,
 * capped at LOW_STOCK_AT + 1, which means "plenty". The exact count of a well-stocked product is not published in
 * lists: a card needs no more (docs/decisions/0075).
 */
export const cardStockLeft = (bestSize: number) => Math.max(0, Math.min(Math.floor(bestSize), LOW_STOCK_AT + 1));

/** The badge of a product card: "Sold out" when every size is, "Only N left" when the best size has 3 or fewer. */
export function stockBadge(left: number | undefined): string | null {
  if (left === undefined) return null;
  if (left <= 0) return STOCK_MESSAGES.soldOut;
  return left <= LOW_STOCK_AT ? STOCK_MESSAGES.onlyLeft(left) : null;
}
