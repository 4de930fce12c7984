import type { Context } from 'aws-lambda';
import { runBatches } from '../domain/orders/label-batches';
import { logger, withLambdaLogging } from '../lib/logger';

/** Time kept back from the function's limit, so a run writes its last result before Lambda stops it. */
const RESERVE_MS = 3_000;

/**
 * Scheduled: the owner's "Buy labels" batches (docs/decisions/0175), each order's label bought once; a batch longer
 * than a run goes on at the next.
 */
export const handler = withLambdaLogging(
  async (_event: unknown, context?: Pick<Context, 'getRemainingTimeInMillis'>) => {
    const deadline = Date.now() + Math.max(1_000, (context?.getRemainingTimeInMillis() ?? 10_000) - RESERVE_MS);
    const result = await runBatches(deadline);
    if (result.batches) logger.info('label batches run', result);
    return result;
  },
);
