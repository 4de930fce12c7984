import { STOCK_MESSAGES } from './messages';
import { cardStockLeft, LOW_STOCK_AT, stockBadge } from './stock';

it('a card says "Sold out" at none, "Only N left" at 3 or fewer, nothing above (or when the list did not say)', () => {
  expect(stockBadge(0)).toBe(STOCK_MESSAGES.soldOut);
  expect(stockBadge(1)).toBe('Only 1 left');
  expect(stockBadge(LOW_STOCK_AT)).toBe('Only 3 left');
  expect(stockBadge(LOW_STOCK_AT + 1)).toBeNull();
  expect(stockBadge(undefined)).toBeNull();
});

it('a list publishes the best size’s count only up to "plenty"', () => {
  expect([-2, 0, 2, 3, 4, 250].map(cardStockLeft)).toEqual([0, 0, 2, 3, 4, 4]);
});
