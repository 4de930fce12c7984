import { db } from '../../db/service';
import { notFound } from '../../lib/errors';
import { publicOrder, type OrderRecord } from '../checkout/orders';
import { isConditionFailure } from './conditions';

/** An order as the admin sees it: lines, amounts, shipping address (name, email), who placed it, when. */
const adminOrder = (order: OrderRecord) => ({
  ...publicOrder(order),
  customer: order.customer === 'guest' ? ('guest' as const) : ('account' as const),
  completedAt: order.completedAt ?? null,
});

/** Pending orders (or the completed archive), newest first, from the byStatus index. */
export async function listOrdersByStatus(status: 'pending' | 'completed') {
  const { data } = await db().entities.order.query.byStatus({ status }).go({ pages: 'all', order: 'desc' });
  return { orders: data.map(adminOrder) };
}

/** Pending -> completed (the archive), with completedAt. Completing a completed order changes nothing and answers it. */
export async function completeOrder(orderNumber: string) {
  const order = (await db().entities.order.get({ orderNumber }).go()).data;
  if (!order) throw notFound('No such order.');
  if (order.status === 'pending') {
    try {
      await db()
        .entities.order.patch({ orderNumber })
        .set({ status: 'completed', completedAt: new Date().toISOString(), version: order.version + 1 })
        // The byStatus index key is rebuilt from status and createdAt.
        .composite({ createdAt: order.createdAt })
        .where((attr, { eq }) => eq(attr.status, 'pending'))
        .go();
    } catch (error) {
      // Completed by another admin at the same moment: the same result.
      if (!isConditionFailure(error)) throw error;
    }
  }
  return adminOrder((await db().entities.order.get({ orderNumber }).go()).data!);
}
