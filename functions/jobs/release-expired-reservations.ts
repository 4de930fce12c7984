import { releaseExpiredReservations } from '../domain/checkout/expiry';
import { logger } from '../lib/logger';

/** Scheduled (EventBridge, see shared/jobs.ts; locally every minute by npm start). */
export const handler = async (): Promise<{ released: number; recorded: number }> => {
  const result = await releaseExpiredReservations();
  if (result.released || result.recorded) logger.info('reservations settled', result);
  return result;
};
