import { lineKey, ORDER_STATUS_LABEL, type OrderStatus } from './aftersale';
import { goodsLines, orderShips } from './gift-card-lines';

/**
 * What an order has left to send (issue 50 items 1 and 2, docs/decisions/0145): one rule for the owner's To ship (its
 * list, its count, the dashboard's "Waiting to ship"), Complete Order, the packing slip and what the customer reads.
 * It reads the fields an order's record and its views share: the lines, the units refunded per line and the quote.
 */
export interface ShippableOrder<Line> {
  status: OrderStatus;
  lines: readonly Line[];
  /** Units refunded per line (`id|size`), refunds in part (docs/decisions/0116). */
  refundedUnits?: Record<string, number> | null;
  /** A quote's order: `ships` false for design work only. */
  quote?: { ships: boolean } | null;
}

/**
 * The units still to send: each goods line with its quantity less the units refunded, the lines with none left left
 * out. Nothing for an order that ships nothing by its nature (gift cards only, a quote's design work: orderShips).
 * It does not look at the status: for a shipped order it is what the parcel held less what was refunded since.
 */
export function unitsToSend<Line extends { id: string; size: string; quantity: number }>(
  order: Omit<ShippableOrder<Line>, 'status'>,
): Line[] {
  if (!orderShips(order)) return [];
  return goodsLines(order.lines)
    .map((line) => ({ ...line, quantity: line.quantity - (order.refundedUnits?.[lineKey(line)] ?? 0) }))
    .filter((line) => line.quantity > 0);
}

/** An order waits to ship: not shipped or cancelled yet, and something left to send. */
export const waitsToShip = <Line extends { id: string; size: string; quantity: number }>(order: ShippableOrder<Line>) =>
  order.status === 'pending' && unitsToSend(order).length > 0;

/**
 * What an order's state reads to its customer and the owner: its status, or `refunded` for an order that had goods to
 * send and had every unit refunded before it shipped (nothing is left to send, so it never ships).
 */
export type OrderState = OrderStatus | 'refunded';
export const orderState = <Line extends { id: string; size: string; quantity: number }>(
  order: ShippableOrder<Line>,
): OrderState => (order.status === 'pending' && orderShips(order) && !waitsToShip(order) ? 'refunded' : order.status);
export const ORDER_STATE_LABEL: Record<OrderState, string> = { ...ORDER_STATUS_LABEL, refunded: 'Refunded' };
