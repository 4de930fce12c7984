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

/**
 * The items of the latest order (spec: the account page shows the previous order), each to be rated: its products
 * (a gift card it bought is no product to rate: docs/decisions/0127).
 */
export async function previousOrder(userId: string) {
  const [latest] = await orders.query('byCustomer', { customer: userId }, { order: 'desc', limit: 1 });
  return { cart: latest ? goodsLines(publicOrder(latest).lines) : [] };
}
