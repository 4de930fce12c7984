import { settleCheckouts, type SettleCounts } from '../domain/checkout/settle';
import { logger } from '../lib/logger';
import { withMetrics } from '../lib/metrics';

/** Scheduled (EventBridge, see shared/jobs.ts; locally every minute by npm start): finishes checkouts left half-way. */
export const handler = withMetrics(async (): Promise<SettleCounts> => {
  const counts = await settleCheckouts();
  if (Object.values(counts).some(Boolean)) logger.info('checkouts settled', { ...counts });
  return counts;
});
