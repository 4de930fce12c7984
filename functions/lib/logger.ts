import { Logger } from '@aws-lambda-powertools/logger';
import type { Context } from 'aws-lambda';

/** Where an API Gateway HTTP API (payload 2.0) event carries its request id: every log line's correlation_id. */
export const CORRELATION_ID_PATH = 'requestContext.requestId';

/** A dotted path into an event (all the correlation paths used here need), instead of the JMESPath package. */
const byPath = (expression: string, data: unknown): unknown =>
  expression
    .split('.')
    .reduce<unknown>(
      (value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined),
      data,
    );

/**
 * One structured (JSON) logger for every function. Level from POWERTOOLS_LOG_LEVEL. Route handlers run it under
 * Powertools' injectLambdaContext (functions/lib/http.ts): each line carries the Lambda context and the API
 * Gateway request id as `correlation_id`. Every other function (jobs, Cognito triggers, the image pipeline) runs it
 * under `withLambdaLogging`: the Lambda context too, and as `correlation_id` the id of the request that caused the
 * work when the work carries one (`withCorrelationId`, docs/decisions/0100), else the invocation's own id.
 */
export const logger = new Logger({ serviceName: 'shop', correlationIdSearchFn: byPath });

/**
 * The correlation id the lines written now carry: inside a route handler, its request's id. Whatever a request
 * writes for later work (a mail delivery, an upload's metadata) keeps it, so the later work logs under it.
 */
export function currentCorrelationId(): string | undefined {
  const id = logger.getCorrelationId();
  return typeof id === 'string' && id ? id : undefined;
}

/**
 * Runs `work` with `correlationId` (the request that caused it, read from what that request wrote) on every log
 * line, then puts back the one before. Without an id the lines keep the one they have.
 */
export async function withCorrelationId<T>(correlationId: string | undefined, work: () => Promise<T>): Promise<T> {
  if (!correlationId) return work();
  const before = currentCorrelationId();
  logger.setCorrelationId(correlationId);
  try {
    return await work();
  } finally {
    if (before) logger.setCorrelationId(before);
    else logger.removeKeys(['correlation_id']);
  }
}

/**
 * Wraps a function that no route calls (a scheduled job, a Cognito trigger, the image pipeline) as the route
 * handlers' Middy chain wraps theirs (Powertools' injectLambdaContext, done by hand: these take no Middy chain):
 * every line of the invocation carries the Lambda context (`function_request_id` and the rest) and, as
 * `correlation_id`, the invocation's own request id until its work names the request that caused it
 * (`withCorrelationId`). Keys added during the invocation go at its end. A call without a context (a test) logs
 * without one.
 */
export function withLambdaLogging<E = undefined, C extends Partial<Context> = Partial<Context>, R = void>(
  handler: (event: E, context?: C) => Promise<R>,
): (event?: E, context?: C) => Promise<R> {
  return async (event, context) => {
    logger.refreshSampleRateCalculation();
    logger.addContext((context ?? {}) as Context);
    if (context?.awsRequestId) logger.setCorrelationId(context.awsRequestId);
    try {
      return await handler(event as E, context);
    } finally {
      logger.resetKeys();
    }
  };
}
