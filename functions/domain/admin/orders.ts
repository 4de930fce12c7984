import { orders, type OrderRecord } from '../../db/entities/order';
import { isConditionFailure } from '../../db/table';
import { notFound } from '../../lib/errors';
import { publicOrder } from '../orders/view';

/** An order as the admin sees it: lines, amounts, shipping address (name, email), who placed it, when. */
const adminOrder = (order: OrderRecord) => ({
  ...publicOrder(order),
  customer: order.customer === 'guest' ? ('guest' as const) : ('account' as const),
  completedAt: order.completedAt ?? null,
});

/** Pending orders (or the completed archive), newest first, from the byStatus index. */
export async function listOrdersByStatus(status: 'pending' | 'completed') {
  return { orders: (await orders.query('byStatus', { status }, { order: 'desc' })).map(adminOrder) };
}

/** Pending -> completed (the archive), with completedAt. Completing a completed order changes nothing and answers it. */
export async function completeOrder(orderNumber: string) {
  const order = await orders.get({ orderNumber });
  if (!order) throw notFound('No such order.');
  if (order.status === 'pending') {
    try {
      // The order moves in the byStatus index (its keys are rebuilt from the current record).
      await orders.update(
        { orderNumber },
        { set: { status: 'completed', completedAt: new Date().toISOString() }, add: { version: 1 } },
        { when: { equals: { status: 'pending' } }, current: order },
      );
    } catch (error) {
      // Completed by another admin at the same moment: the same result.
      if (!isConditionFailure(error)) throw error;
    }
  }
  return adminOrder((await orders.get({ orderNumber }))!);
}
