import { Logger } from '@aws-lambda-powertools/logger';

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
 * Gateway request id as `correlation_id`.
 */
export const logger = new Logger({ serviceName: 'shop', correlationIdSearchFn: byPath });
