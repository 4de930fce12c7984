import { orders, type OrderRecord } from '../../db/entities/order';
import { reservations, type ReservationRecord } from '../../db/entities/reservation';
import { transactWriteOrFailures } from '../../db/transaction';
import { logger } from '../../lib/logger';
import { CHECKOUT_RULES } from './checkouts';
import { sendOrderConfirmation } from '../orders/confirmation-mail';
import { paymentProvider } from '../money/payments';
import { returnStock } from '../stock/writes';

/** The reservation as finished (it leaves the job's index and expires by TTL), on the condition nobody changed it. */
function finished(reservation: ReservationRecord, status: 'converted' | 'released') {
  const next = {
    ...reservation,
    status,
    version: reservation.version + 1,
    updatedAt: new Date().toISOString(),
    expiresAt: Math.floor(Date.now() / 1000) + CHECKOUT_RULES.keepFinishedSeconds,
  };
  return reservations.transact.put(next, { when: { equals: { version: reservation.version, status: 'active' } } });
}

/**
 * Reservations from before manual capture (docs/decisions/0008) still hold stock. Once each one's time is up
 * (as the old expiry job did), its intent is cancelled and the stock goes back in one transaction with the
 * reservation's release; an intent that was paid meanwhile (it captured automatically) becomes its order
 * instead, from the reservation, with the stock it already held. Each reservation is settled once.
 */
export async function settleLegacyReservations(now = new Date()): Promise<number> {
  let settled = 0;
  for (const reservation of await reservations.query(
    'byStatus',
    { status: 'active' },
    { skAtMost: now.toISOString() },
  )) {
    try {
      const intent = reservation.intentId ? await (await paymentProvider()).cancelIntent(reservation.intentId) : null;
      if (intent?.status === 'succeeded') {
        const order: OrderRecord = {
          orderNumber: intent.id,
          customer: reservation.customer,
          status: 'pending',
          shippingAddress: reservation.shippingAddress,
          lines: reservation.lines,
          amounts: reservation.amounts,
          checkoutId: reservation.checkoutId,
          recordedVia: 'job',
          mailStatus: 'pending',
          paymentStatus: 'captured',
          capturedAt: new Date().toISOString(),
          version: 1,
          createdAt: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
          updatedAt: new Date().toISOString(),
        };
        if (
          !(
            await transactWriteOrFailures([
              orders.transact.put(order, { ifNew: true }),
              finished(reservation, 'converted'),
            ])
          ).length
        ) {
          await sendOrderConfirmation(order);
          settled++;
        }
      } else if (!intent || intent.status === 'canceled') {
        const stockBack = await returnStock(reservation.cells, new Date().toISOString());
        if (!(await transactWriteOrFailures([...stockBack, finished(reservation, 'released')])).length) settled++;
      } else {
        logger.warn('legacy reservation: intent could not be cancelled; kept', {
          checkoutId: reservation.checkoutId,
          status: intent.status,
        });
      }
    } catch (error) {
      logger.error('could not settle a legacy reservation', {
        checkoutId: reservation.checkoutId,
        error: error as Error,
      });
    }
  }
  return settled;
}
