import { sumLedgerDays } from '../domain/money/day-totals';
import { logger, withLambdaLogging } from '../lib/logger';

/**
 * Scheduled: each ended shop day's totals, summed from its ledger entries, for the owner's reports
 * (docs/decisions/0165). Idempotent: a day's record is the sum of its entries, written whole.
 */
export const handler = withLambdaLogging(async (): Promise<{ summed: number }> => {
  const days = await sumLedgerDays();
  if (days.length) logger.info('ledger days summed', { from: days[0], to: days.at(-1), days: days.length });
  return { summed: days.length };
});
