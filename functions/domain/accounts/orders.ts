import { db } from '../../db/service';
import { publicOrder, type OrderRecord } from '../checkout/orders';

/** The customer's orders, newest first. */
export async function customerOrders(userId: string): Promise<OrderRecord[]> {
  const { data } = await db().entities.order.query.byCustomer({ customer: userId }).go({ pages: 'all', order: 'desc' });
  return data;
}

export async function listOrders(userId: string) {
  return { orders: (await customerOrders(userId)).map(publicOrder) };
}

/** The items of the latest order (spec: the account page shows the previous order). */
export async function previousOrder(userId: string) {
  const { data } = await db().entities.order.query.byCustomer({ customer: userId }).go({ order: 'desc', limit: 1 });
  const [latest] = data;
  return { cart: latest ? publicOrder(latest).lines : [] };
}
