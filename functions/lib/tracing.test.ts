import path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { buildSync } from 'esbuild';
import { lambdaBundleOptions } from '../../infra/lib/bundle-defines';

/**
 * X-Ray traces of SDK calls: only in Lambda, only when the stage turned them on, and compiled out of the bundle
 * otherwise (decision 0033).
 */
type TracingModule = typeof import('./tracing');
const saved = { ...process.env };
afterEach(() => {
  for (const key of [
    'SHOP_TRACE_SDK_CALLS',
    'AWS_LAMBDA_FUNCTION_NAME',
    'AWS_EXECUTION_ENV',
    'POWERTOOLS_TRACER_CAPTURE_HTTPS_REQUESTS',
  ])
    delete process.env[key];
  Object.assign(process.env, saved);
});

function load(env: Record<string, string>): TracingModule {
  // Never patch this test process's http/https (Jest shares them between test files).
  Object.assign(process.env, { POWERTOOLS_TRACER_CAPTURE_HTTPS_REQUESTS: 'false' }, env);
  let tracing!: TracingModule;
  jest.isolateModules(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- jest.isolateModules loads a fresh copy with the environment set above only through require
    tracing = require('./tracing');
  });
  return tracing;
}
const xray = (client: DynamoDBClient) => client.middlewareStack.identify().filter((name) => /XRay/i.test(name));
const LAMBDA = { AWS_LAMBDA_FUNCTION_NAME: 'Shop-test-Fn', AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x' };

test('in Lambda with SDK call traces on, a client records its calls in X-Ray', () => {
  const { traced } = load({ ...LAMBDA, SHOP_TRACE_SDK_CALLS: 'true' });
  const client = new DynamoDBClient({ region: 'us-east-1' });
  expect(traced(client)).toBe(client);
  expect(xray(client)).toEqual([expect.stringMatching(/XRaySDKInstrumentation/)]);
});

test('with traces off, or outside Lambda, a client is left as it is', () => {
  for (const env of [{ ...LAMBDA, SHOP_TRACE_SDK_CALLS: 'false' }, { SHOP_TRACE_SDK_CALLS: 'true' }]) {
    const { traced } = load(env);
    const client = new DynamoDBClient({ region: 'us-east-1' });
    expect(traced(client)).toBe(client);
    expect(xray(client)).toEqual([]);
    for (const key of Object.keys(env)) delete process.env[key];
  }
});

test('the bundle has the Tracer and X-Ray SDK only when infra compiles SDK call traces in', () => {
  const bundle = (value: boolean) =>
    buildSync({
      entryPoints: [path.join(__dirname, '..', 'db', 'client.ts')],
      ...lambdaBundleOptions(value),
      write: false,
    }).outputFiles[0].text;
  const off = bundle(false);
  const on = bundle(true);
  expect(off).not.toContain('XRaySDKInstrumentation');
  expect(on).toContain('XRaySDKInstrumentation');
  expect(on.length - off.length).toBeGreaterThan(50_000);
});
