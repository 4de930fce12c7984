import { MESSAGES } from '../../../shared/messages';
import type { ShipOrderBody } from '../../../shared/schemas/orders';
import { orders, type OrderRecord } from '../../db/entities/order';
import { isConditionFailure } from '../../db/table';
import { conflict, notFound } from '../../lib/errors';
import { mailShipped } from './mails';

/**
 * Ships an order: pending -> completed with carrier, tracking number and completedAt, on the condition that it
 * is still pending. Only the call that made that change mails the customer, so a second press or a second tab
 * sends no second mail (it answers the order as shipped). A cancelled order cannot ship.
 */
export async function shipOrder(orderNumber: string, shipment: ShipOrderBody): Promise<OrderRecord> {
  const order = await orders.get({ orderNumber }, { consistent: true });
  if (!order) throw notFound('No such order.');
  // Goods leave only against money taken: an order whose authorization is not captured yet waits (the settle job
  // captures it within minutes, or cancels it and gives the stock back).
  if (order.status === 'pending' && order.paymentStatus === 'authorized') throw conflict(MESSAGES.notCapturedYet);
  if (order.status === 'pending') {
    const now = new Date().toISOString();
    const shipped: OrderRecord = {
      ...order,
      status: 'completed',
      completedAt: now,
      ...(shipment.carrier ? { carrier: shipment.carrier } : {}),
      ...(shipment.trackingNumber ? { trackingNumber: shipment.trackingNumber } : {}),
    };
    try {
      // The order moves in the byStatus index (its keys are rebuilt from the current record).
      await orders.update(
        { orderNumber },
        {
          set: { status: 'completed', completedAt: now, carrier: shipped.carrier, trackingNumber: shipped.trackingNumber, shipMail: { status: 'pending', at: now } },
          add: { version: 1 },
        },
        { when: { equals: { status: 'pending' } }, current: order },
      );
      const mail = await mailShipped(shipped);
      await orders.update({ orderNumber }, { set: { shipMail: mail } });
    } catch (error) {
      // Shipped (or cancelled) in another tab at the same moment: answered below as it is now.
      if (!isConditionFailure(error)) throw error;
    }
  }
  const now = (await orders.get({ orderNumber }, { consistent: true }))!;
  if (now.status === 'cancelled') throw conflict('This order was cancelled and cannot ship.');
  return now;
}
