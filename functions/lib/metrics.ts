import { Metrics } from '@aws-lambda-powertools/metrics';
import type { MiddlewareObj } from '@middy/core';
import { BUSINESS_METRICS, METRICS_SERVICE, type BusinessMetric } from '#shared/observability';
import { logger } from './logger';

/**
 * The shop's business metrics (shared/observability.ts BUSINESS_METRICS), written as CloudWatch embedded metrics
 * (EMF) by Powertools Metrics: one JSON line in the function's log per invocation that recorded something, which
 * CloudWatch turns into metrics in the namespace `Shop/<stage>` with the dimension `service=shop`.
 *
 * Only inside Lambda: locally (npm start, tests) recording does nothing and nothing is printed. Neither recording
 * nor flushing ever throws or waits: a metric is never worth a failed or slower request.
 *
 *   recordMetric('ordersPlaced');
 *   recordMetric('revenueCents', order.amounts.total);
 *
 * Route handlers flush by themselves (the Middy chain in http.ts); other handlers wrap with `withMetrics`.
 */

let sink: Metrics | undefined;

/** The Powertools buffer, made on first use inside Lambda; null outside Lambda. */
function metrics(): Metrics | null {
  if (!process.env.AWS_LAMBDA_FUNCTION_NAME) return null;
  sink ??= new Metrics({ namespace: process.env.POWERTOOLS_METRICS_NAMESPACE || 'Shop', serviceName: METRICS_SERVICE });
  return sink;
}

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
    metrics()?.addMetric(definition.name, definition.unit, value);
  } catch (error) {
    logger.warn('metric not recorded', { metric, error: error as Error });
  }
}

/** Writes what this invocation recorded (one EMF line) and empties the buffer; nothing when nothing was recorded. */
export function flushMetrics(): void {
  try {
    if (sink?.hasStoredMetrics()) sink.publishStoredMetrics();
  } catch (error) {
    sink?.clearMetrics();
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
