import { logger } from '../../lib/logger';
import { recordOrder } from './orders';
import { paymentProvider } from './payments';
import { expiredReservations, release } from './reservations';

/**
 * The scheduled job: every reservation past its time is settled. Its intent is cancelled first; if the
 * payment turns out to have succeeded (the browser never came back), the order is recorded instead of
 * releasing the stock. Safe to run concurrently and repeatedly.
 */
export async function releaseExpiredReservations(now = new Date()): Promise<{ released: number; recorded: number }> {
  let released = 0;
  let recorded = 0;
  for (const reservation of await expiredReservations(now)) {
    try {
      const intent = reservation.intentId ? await (await paymentProvider()).cancelIntent(reservation.intentId) : null;
      if (intent?.status === 'succeeded') {
        if ((await recordOrder(intent.id, { kind: 'expiry' })).created) recorded++;
        continue;
      }
      if (intent && intent.status !== 'canceled') {
        logger.warn('intent could not be cancelled; keeping the reservation', { checkoutId: reservation.checkoutId, status: intent.status });
        continue;
      }
      await release(reservation);
      released++;
    } catch (error) {
      logger.error('could not settle a reservation', { checkoutId: reservation.checkoutId, error: error as Error });
    }
  }
  return { released, recorded };
}
