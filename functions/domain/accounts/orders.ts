import { goodsLines } from '#shared/gift-card-lines';
import { orders, type OrderRecord } from '../../db/entities/order';
import { publicOrder } from '../orders/view';

/** The customer's orders, newest first. */
export async function customerOrders(userId: string): Promise<OrderRecord[]> {
  return orders.query('byCustomer', { customer: userId }, { order: 'desc' });
}

export async function listOrders(userId: string) {
  return { orders: (await customerOrders(userId)).map(publicOrder) };
}

/** The order has shipped (completed, the spec's word): its products are in the customer's hands, and may be rated. */
export const hasShipped = (order: Pick<OrderRecord, 'status'>) => order.status === 'completed';

/**
 * The items of the latest order (spec: the account page shows the previous order), each to be rated: its products
 * (a gift card it bought is no product to rate: docs/decisions/0127), and which of them can be rated now (`rateable`:
 * those in an order that has shipped; issue 50 item 7), as rateProduct (ratings.ts) decides.
 */
export async function previousOrder(userId: string) {
  const all = await customerOrders(userId);
  const latest = all[0];
  const cart = latest ? goodsLines(publicOrder(latest).lines) : [];
  const shipped = new Set(all.filter(hasShipped).flatMap((order) => order.lines.map((line) => line.id)));
  return { cart, rateable: [...new Set(cart.map((line) => line.id))].filter((id) => shipped.has(id)) };
}
