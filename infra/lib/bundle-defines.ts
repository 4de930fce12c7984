/**
 * What esbuild replaces in every function bundle (the stack's, and the bench's, which builds them the same way). Apart
 * from shop-function.ts so the bench need not load the CDK.
 */

/** Replaced in every bundle by "true" or "false" (functions/lib/tracing.ts). */
export const TRACE_SDK_CALLS_DEFINE = 'process.env.SHOP_TRACE_SDK_CALLS';
/**
 * Replaced in every bundle by "false": the built-in test card processor, which only a shop without Stripe keys uses
 * (locally; in AWS a function without them answers 503), is not compiled in (functions/domain/checkout/payments).
 */
export const TEST_PROCESSOR_DEFINE = 'process.env.SHOP_TEST_PROCESSOR';
/**
 * Replaced in every bundle by "authorizer": a user or admin route's function takes the caller from the claims of the
 * token API Gateway's JWT authorizer verified (every such route has it: api.ts), and carries no token verifier of its
 * own (functions/lib/http.ts, decision 0137). Locally (the source, not a bundle) the function verifies the token.
 */
export const TOKEN_CHECK_DEFINE = 'process.env.SHOP_TOKEN_CHECK';
/** What every bundle of the stack compiles in, and the bench's bundles as well. */
export const bundleDefines = (traceSdkCalls: boolean): Record<string, string> => ({
  [TRACE_SDK_CALLS_DEFINE]: JSON.stringify(String(traceSdkCalls)),
  [TEST_PROCESSOR_DEFINE]: JSON.stringify('false'),
  [TOKEN_CHECK_DEFINE]: JSON.stringify('authorizer'),
});
