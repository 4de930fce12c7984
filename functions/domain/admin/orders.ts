import { db } from '../../db/service';
import { notFound } from '../../lib/errors';
import { publicOrder, type OrderRecord } from '../checkout/orders';

const adminOrder = (order: OrderRecord) => ({ ...publicOrder(order), customer: order.customer === 'guest' ? 'guest' : 'account', completedAt: order.completedAt ?? null });

export async function listOrdersByStatus(status: 'pending' | 'completed') {
  const { data } = await db().entities.order.query.byStatus({ status }).go({ pages: 'all', order: 'desc' });
  return { orders: data.map(adminOrder) };
}

/** Pending -> completed (the archive). Completing a completed order changes nothing and answers it. */
export async function completeOrder(orderNumber: string) {
  const order = (await db().entities.order.get({ orderNumber }).go()).data;
  if (!order) throw notFound('No such order.');
  if (order.status === 'pending') {
    try {
      await db()
        .entities.order.patch({ orderNumber })
        .set({ status: 'completed', completedAt: new Date().toISOString(), version: order.version + 1 })
        .composite({ createdAt: order.createdAt })
        .where((attr, { eq }) => eq(attr.status, 'pending'))
        .go();
    } catch {
      // Completed by someone else at the same moment: the same result.
    }
  }
  return adminOrder((await db().entities.order.get({ orderNumber }).go()).data!);
}
