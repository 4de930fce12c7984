import type { BuildOptions } from 'esbuild';

/**
 * How a function is bundled, for what builds one as the stack does outside the CDK (the bench, the bundle tests): what
 * esbuild replaces in every bundle, and its settings. Apart from shop-function.ts so those need not load the CDK.
 */

/** Replaced in every bundle by "true" or "false" (functions/lib/tracing.ts). */
export const TRACE_SDK_CALLS_DEFINE = 'process.env.SHOP_TRACE_SDK_CALLS';
/**
 * Replaced in every bundle by "false": the built-in test card processor, which only a shop without Stripe keys uses
 * (locally; in AWS a function without them answers 503), is not compiled in (functions/domain/money/payments).
 */
export const TEST_PROCESSOR_DEFINE = 'process.env.SHOP_TEST_PROCESSOR';
/** What every bundle of the stack compiles in, and the bench's bundles as well. */
export const bundleDefines = (traceSdkCalls: boolean): Record<string, string> => ({
  [TRACE_SDK_CALLS_DEFINE]: JSON.stringify(String(traceSdkCalls)),
  [TEST_PROCESSOR_DEFINE]: JSON.stringify('false'),
});

/**
 * esbuild's settings for a function bundle as shop-function.ts asks CDK for it, for what builds one outside the CDK
 * (the bench, the bundle tests): one CommonJS file, minified, with a source map beside it (no sources in it; Node does
 * not read it at run time: see shop-function.ts), the dependencies' ES module builds preferred (`module` before `main`; a package's `exports` are read by its `import` condition), so
 * esbuild leaves out what a function does not import (the AWS SDK's commands, Stripe's is whole by design), with
 * `bundleDefines`; target node22, which the machine's Node 20 loads too (CDK: node24). CommonJS rather than ES module
 * output (which would need a createRequire banner for the CommonJS dependencies): a cold start of the same code was
 * 25-40 ms more CPU as an ES module on this machine (decision 0141).
 */
export const lambdaBundleOptions = (traceSdkCalls = false): BuildOptions => ({
  bundle: true,
  minify: true,
  sourcemap: true,
  sourcesContent: false,
  platform: 'node',
  format: 'cjs',
  target: 'node22',
  mainFields: ['module', 'main'],
  define: bundleDefines(traceSdkCalls),
});
