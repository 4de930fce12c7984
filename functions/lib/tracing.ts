import type { Tracer } from '@aws-lambda-powertools/tracer';
import { METRICS_SERVICE } from '#shared/observability';

/**
 * X-Ray. Every function runs with active tracing (infra: ShopFunction), so each invocation is traced by Lambda
 * itself at no cost to the bundle. A stage deployed with `-c traceSdkCalls=true` also records each AWS SDK call
 * (DynamoDB, S3, SES, Secrets Manager, Cognito) and each HTTPS call (Stripe's package, the Cognito keys) as a
 * subsegment, through Powertools Tracer. That costs every bundle about 120 KB and its cold start about 10 ms (decision 0033), so it
 * is compiled in only then: infra replaces SHOP_TRACE_SDK_CALLS at bundle time and esbuild drops the branch
 * below when it is "false". Unbundled (tests, npm start) it is unset unless a test sets it.
 */
let tracer: Tracer | undefined;

/** The Tracer when SDK call traces are on and the code runs in Lambda (made on first use); else undefined. */
function tracerOn(): Tracer | undefined {
  if (process.env.SHOP_TRACE_SDK_CALLS === 'true' && process.env.AWS_LAMBDA_FUNCTION_NAME) {
    if (!tracer) {
      // A plain require inside the branch: when the branch is dropped, so is the Tracer and the X-Ray SDK.
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy load on purpose (cold start), see above
      const powertools = require('@aws-lambda-powertools/tracer') as typeof import('@aws-lambda-powertools/tracer');
      tracer = new powertools.Tracer({ serviceName: METRICS_SERVICE });
    }
    return tracer;
  }
  return undefined;
}

/** The client, instrumented for X-Ray when SDK call traces are on and the code runs in Lambda; else unchanged. */
export function traced<C>(client: C): C {
  return tracerOn()?.captureAWSv3Client(client) ?? client;
}
