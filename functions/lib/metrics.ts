import type { MiddlewareObj } from '@middy/core';
import { BUSINESS_METRICS, METRICS_SERVICE, type BusinessMetric } from '#shared/observability';
import { logger } from './logger';

/**
 * The shop's business metrics (shared/observability.ts BUSINESS_METRICS), written as CloudWatch embedded metrics
 * (EMF): one JSON line in the function's log per invocation that recorded something, which CloudWatch turns into
 * metrics in the namespace `Shop/<stage>` with the dimension `service=shop`. The line is the one Powertools Metrics
 * wrote, written here: its 10 KB were most of what the order functions carried over the cold-start goal
 * (docs/decisions/0136; the format: https://docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/
 * CloudWatch_Embedded_Metric_Format_Specification.html).
 *
 * Only inside Lambda: locally (npm start, tests) recording does nothing and nothing is printed. Neither recording
 * nor flushing ever throws or waits: a metric is never worth a failed or slower request.
 *
 *   recordMetric('ordersPlaced');
 *   recordMetric('revenueCents', order.amounts.total);
 *
 * Route handlers flush by themselves (the Middy chain in http.ts); other handlers wrap with `withMetrics`.
 */

/** What this invocation recorded: each metric's unit and values, in the order first recorded. */
const stored = new Map<string, { unit: string; values: number[] }>();

/**
 * Records a business event: a count (default 1) or an amount (cents for revenue). Values must be finite and not
 * negative; anything else is logged and dropped.
 */
export function recordMetric(metric: BusinessMetric, value = 1): void {
  try {
    const definition = BUSINESS_METRICS[metric];
    if (!definition || !Number.isFinite(value) || value < 0) {
      logger.warn('metric not recorded: unknown metric or bad value', { metric, value });
      return;
    }
    if (!process.env.AWS_LAMBDA_FUNCTION_NAME) return;
    const recorded = stored.get(definition.name) ?? { unit: definition.unit, values: [] };
    recorded.values.push(value);
    stored.set(definition.name, recorded);
  } catch (error) {
    logger.warn('metric not recorded', { metric, error: error as Error });
  }
}

/** The EMF document of what was recorded (a value, or the values of a metric recorded more than once). */
function emfLine(recorded: [string, { unit: string; values: number[] }][]): string {
  return JSON.stringify({
    _aws: {
      Timestamp: Date.now(),
      CloudWatchMetrics: [
        {
          Namespace: process.env.POWERTOOLS_METRICS_NAMESPACE || 'Shop',
          Dimensions: [['service']],
          Metrics: recorded.map(([name, { unit }]) => ({ Name: name, Unit: unit })),
        },
      ],
    },
    service: METRICS_SERVICE,
    ...Object.fromEntries(recorded.map(([name, { values }]) => [name, values.length === 1 ? values[0] : values])),
  });
}

/** Writes what this invocation recorded (one EMF line) and empties the buffer; nothing when nothing was recorded. */
export function flushMetrics(): void {
  if (stored.size === 0) return;
  const recorded = [...stored];
  stored.clear();
  try {
    process.stdout.write(`${emfLine(recorded)}\n`);
  } catch (error) {
    logger.warn('metrics not written', { error: error as Error });
  }
}

/** Middy middleware: flush after the handler answers or fails. Use it first, so it runs after every other. */
export const metricsFlush = (): MiddlewareObj => ({
  after: async () => flushMetrics(),
  onError: async () => flushMetrics(),
});

/** Wraps a handler that is not a route (a scheduled job, a trigger) so its metrics are flushed when it ends. */
export function withMetrics<A extends unknown[], R>(handler: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return async (...args: A) => {
    try {
      return await handler(...args);
    } finally {
      flushMetrics();
    }
  };
}
