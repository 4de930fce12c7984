import { shipmentText, type Carrier } from '#shared/aftersale';
import { AFTERSALE_MESSAGES, MESSAGES } from '#shared/messages';
import { orderLabel } from '#shared/order-number';
import type { ShipOrderBody, TrackingChangeBody } from '#shared/schemas/orders';
import { orderState, waitsToShip } from '#shared/to-ship';
import { orders, type OrderRecord, type TrackingChange } from '../../db/entities/order';
import { isConditionFailure } from '../../db/table';
import { conflict, notFound } from '../../lib/errors';
import { transactWriteOrFailures } from '../../db/transaction';
import { mailShipped, mailTrackingChanged } from './mails';
import { isTrackable, registerOrderTracker, startedTracking, trackingStartItems } from './tracking';

/** The ship step's write found the order changed (shipped in another tab, cancelled, refunded): read again. */
class ShippedMeanwhile extends Error {}

/** What a parcel went with: carrier and tracking number, absent and empty alike. */
type Shipment = { carrier?: Carrier; trackingNumber?: string };
const shipmentOf = (value: { carrier?: Carrier | null; trackingNumber?: string | null }): Shipment => ({
  ...(value.carrier ? { carrier: value.carrier } : {}),
  ...(value.trackingNumber ? { trackingNumber: value.trackingNumber } : {}),
});
const sameShipment = (a: Shipment, b: Shipment) => a.carrier === b.carrier && a.trackingNumber === b.trackingNumber;
const describe = (value: Shipment) => shipmentText(value.carrier, value.trackingNumber);

/**
 * Ships an order: pending -> completed with carrier, tracking number and completedAt, on the condition that it
 * is still pending. Only the call that made that change mails the customer, so a second press or a second tab
 * sends no second mail. A repeat with the same carrier and tracking number answers the shipped order (200); one
 * with others does not pretend: 409 naming what it shipped with (a correction is changeTracking's, decision 0053).
 * A cancelled order cannot ship, nor one with nothing left to send (every unit refunded: 409).
 */
export async function shipOrder(orderNumber: string, shipment: ShipOrderBody): Promise<OrderRecord> {
  const asked = shipmentOf(shipment);
  let shippedHere = false;
  for (let attempt = 0; !shippedHere; attempt++) {
    const order = await orders.get({ orderNumber }, { consistent: true });
    if (!order) throw notFound('No such order.');
    if (order.status !== 'pending') break;
    // Goods leave only against money taken: an order whose authorization is not captured yet waits (the settle job
    // captures it within minutes, or cancels it and gives the stock back).
    if (order.paymentStatus === 'authorized') throw conflict(MESSAGES.notCapturedYet);
    // Nothing to send: every unit refunded before it shipped, or nothing that ships (docs/decisions/0145).
    if (!waitsToShip(order))
      throw conflict(AFTERSALE_MESSAGES.nothingToShip(orderLabel(orderNumber), orderState(order) === 'refunded'));
    const now = new Date().toISOString();
    const shipped: OrderRecord = { ...order, status: 'completed', completedAt: now, ...asked };
    // A parcel with a tracking number and a known carrier is tracked (docs/decisions/0176): its tracking starts in
    // the same write, with its lookup by tracking code and its place among the parcels out.
    const tracking = isTrackable(shipped) ? startedTracking(shipped, now) : undefined;
    try {
      // The order moves in the byStatus index (its keys are rebuilt from the current record). At the version read,
      // so a refund of the last units meanwhile is seen (read again) rather than shipped over.
      const update = orders.transact.update(
        { orderNumber },
        {
          set: {
            status: 'completed',
            completedAt: now,
            carrier: shipped.carrier,
            trackingNumber: shipped.trackingNumber,
            shipMail: { status: 'pending', at: now },
            ...(tracking ? { tracking } : {}),
          },
          add: { version: 1 },
        },
        { when: { equals: { status: 'pending', version: order.version } }, current: order },
      );
      const failed = await transactWriteOrFailures([
        update,
        ...(tracking ? trackingStartItems(orderNumber, shipped, tracking) : []),
      ]);
      if (failed.length) throw new ShippedMeanwhile();
      shippedHere = true;
      const mail = await mailShipped(shipped);
      await orders.update({ orderNumber }, { set: { shipMail: mail } });
      // The provider's tracker, when a shipping key is set: a failure is noted on the order, never the ship step's.
      if (tracking) await registerOrderTracker(orderNumber);
    } catch (error) {
      // Shipped (or cancelled) in another tab at the same moment: answered below as it is now; changed otherwise (a
      // refund): read again.
      if (!isConditionFailure(error) && !(error instanceof ShippedMeanwhile)) throw error;
      if (attempt >= 8) throw conflict('The order is busy. Please try again.');
    }
  }
  const now = (await orders.get({ orderNumber }, { consistent: true }))!;
  if (now.status === 'cancelled') throw conflict('This order was cancelled and cannot ship.');
  if (!shippedHere && !sameShipment(shipmentOf(now), asked))
    throw conflict(AFTERSALE_MESSAGES.alreadyShipped(orderLabel(orderNumber), describe(shipmentOf(now))));
  return now;
}

/**
 * The orders waiting to ship, oldest first: pending orders with something left to send (waitsToShip, the one rule,
 * docs/decisions/0145). The owner's To ship counts these, and the dashboard's "Waiting to ship" and its oldest.
 */
export async function ordersToShip(): Promise<OrderRecord[]> {
  return (await orders.query('byStatus', { status: 'pending' }, { order: 'asc' })).filter(waitsToShip);
}

/**
 * Corrects the carrier or tracking number of a shipped order (POST /api/admin/orders/{orderNumber}/tracking) and
 * mails the customer the corrected link, once per change (decision 0053). The same carrier and number as stored
 * answer the order unchanged, with no mail (a second press, a second tab with the same correction). A change is
 * written at the order's version the admin's page read: a page that missed another correction gets 409 naming what
 * is stored now instead of overwriting it, and only the call whose write went through sends the mail.
 */
export async function changeTracking(orderNumber: string, body: TrackingChangeBody): Promise<OrderRecord> {
  const order = await orders.get({ orderNumber }, { consistent: true });
  if (!order) throw notFound('No such order.');
  if (order.status !== 'completed')
    throw conflict(
      order.status === 'cancelled' ? AFTERSALE_MESSAGES.cancelledNoTracking : AFTERSALE_MESSAGES.notShippedNoTracking,
    );
  const to = shipmentOf(body);
  const from = shipmentOf(order);
  if (sameShipment(from, to)) return order;
  if (order.version !== body.version) throw conflict(AFTERSALE_MESSAGES.trackingChangedMeanwhile(describe(from)));
  const at = new Date().toISOString();
  const change: TrackingChange = { at, from, to, mail: { status: 'pending', at } };
  const changes = [...(order.trackingChanges ?? []), change];
  try {
    await orders.update(
      { orderNumber },
      {
        set: { ...to, trackingChanges: changes },
        remove: (['carrier', 'trackingNumber'] as const).filter((field) => !to[field]),
        add: { version: 1 },
      },
      { when: { equals: { version: order.version } } },
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    // Another tab changed it first: the same correction is done already; another one is not overwritten.
    const now = (await orders.get({ orderNumber }, { consistent: true }))!;
    if (sameShipment(shipmentOf(now), to)) return now;
    throw conflict(AFTERSALE_MESSAGES.trackingChangedMeanwhile(describe(shipmentOf(now))));
  }
  const mail = await mailTrackingChanged({ ...order, carrier: to.carrier, trackingNumber: to.trackingNumber });
  // Only this change's entry: a later change appends its own.
  await orders.update(
    { orderNumber },
    { setInList: { trackingChanges: { index: changes.length - 1, set: { mail } } } },
  );
  return (await orders.get({ orderNumber }, { consistent: true }))!;
}
