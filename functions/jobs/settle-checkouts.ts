import type { Context } from 'aws-lambda';
import { healCatalogIndex } from '../domain/catalog/tag-index';
import { settleCheckouts, type SettleCounts } from '../domain/checkout/settle';
import { finishCancellations, type CancellationCounts } from '../domain/orders/cancel';
import { finishRefunds } from '../domain/orders/refunds';
import { logger, withLambdaLogging } from '../lib/logger';
import { withMetrics } from '../lib/metrics';

/** What one run did: checkouts settled, cancellations finished, and the catalogue index's state. */
export interface SettleRun {
  checkouts: SettleCounts | null;
  cancellations: CancellationCounts | null;
  /** Refunds in part left pending (a crash between the provider and the record): finished (decision 0116). */
  refunds?: { finished: number; later: number } | null;
  catalogIndex: Awaited<ReturnType<typeof healCatalogIndex>> | null;
}

/** Time kept back from the function's limit (10 s) for the index step to save its progress and the run to end. */
const RESERVE_MS = 2_500;

/**
 * Scheduled (EventBridge, see shared/jobs.ts; locally every minute by npm start): finishes what was left half-way.
 * Three independent steps; one failing does not stop the others, and the run then fails (the job's alarm) after all
 * ran:
 * 1. checkouts (docs/decisions/0022, 0023); 2. cancellations whose refund or mail is unfinished (0048);
 * then refunds in part left pending (0116); 3. the catalogue index when it is missing or old (0049): one GetItem when it is current.
 * Each checkout is finished under the correlation id of the request that made it (0100).
 */
export const handler = withLambdaLogging(
  withMetrics(async (_event?: unknown, context?: Pick<Context, 'getRemainingTimeInMillis'>): Promise<SettleRun> => {
    const deadline = Date.now() + Math.max(1_000, (context?.getRemainingTimeInMillis() ?? 10_000) - RESERVE_MS);
    const failures: unknown[] = [];
    const step = async <T>(name: string, run: () => Promise<T>): Promise<T | null> => {
      try {
        return await run();
      } catch (error) {
        logger.error(`settle job: ${name} failed`, { error: error as Error });
        failures.push(error);
        return null;
      }
    };
    const checkouts = await step('checkouts', () => settleCheckouts());
    if (checkouts && Object.values(checkouts).some(Boolean)) logger.info('checkouts settled', { ...checkouts });
    const cancellations = await step('cancellations', () => finishCancellations());
    if (cancellations && Object.values(cancellations).some(Boolean))
      logger.info('cancellations finished', { ...cancellations });
    const refunds = await step('refunds', () => finishRefunds());
    if (refunds && Object.values(refunds).some(Boolean)) logger.info('refunds finished', { ...refunds });
    const catalogIndex = await step('catalogue index', () =>
      healCatalogIndex({ deadline, log: (line) => logger.info(line) }),
    );
    if (failures.length) throw failures[0];
    return { checkouts, cancellations, refunds, catalogIndex };
  }),
);
