import type { RouteDef } from '#shared/routes/types';
import { BUSINESS_METRICS } from '#shared/observability';
import { invoke } from '#tests/helpers';

/**
 * The business metrics module: EMF lines inside Lambda (one per invocation that recorded something), nothing at
 * all outside Lambda, and a metric never breaks an answer. Each test loads fresh modules, as a new Lambda would.
 */
type MetricsModule = typeof import('./metrics');
type HttpModule = typeof import('./http');
type Powertools = typeof import('@aws-lambda-powertools/metrics');

const LAMBDA_ENV = {
  AWS_LAMBDA_FUNCTION_NAME: 'Shop-test-CheckoutRecordOrderFunction',
  POWERTOOLS_METRICS_NAMESPACE: 'Shop/test',
};

let written: string[];
let stdout: jest.SpyInstance;
let stderr: jest.SpyInstance;
const saved = { ...process.env };

function load(env: Record<string, string>): { metrics: MetricsModule; http: HttpModule; powertools: Powertools } {
  Object.assign(process.env, env);
  let loaded!: { metrics: MetricsModule; http: HttpModule; powertools: Powertools };
  jest.isolateModules(() => {
    /* eslint-disable @typescript-eslint/no-require-imports -- jest.isolateModules loads a fresh copy with the
       environment set above only through require */
    loaded = {
      metrics: require('./metrics'),
      http: require('./http'),
      powertools: require('@aws-lambda-powertools/metrics'),
    };
    /* eslint-enable @typescript-eslint/no-require-imports */
  });
  return loaded;
}
/** The EMF documents written to stdout. */
const emf = () => written.filter((line) => line.includes('"_aws"')).map((line) => JSON.parse(line));

beforeEach(() => {
  written = [];
  stdout = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  });
  stderr = jest.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  });
});
afterEach(() => {
  stdout.mockRestore();
  stderr.mockRestore();
  for (const key of Object.keys(LAMBDA_ENV)) delete process.env[key];
  Object.assign(process.env, saved);
});

const route = {
  method: 'POST',
  path: '/api/test',
  handler: 'test/record',
  access: 'public',
  table: 'none',
  summary: 'test',
} as const satisfies RouteDef;

describe('inside Lambda', () => {
  test('one EMF document per flush: namespace Shop/<stage>, dimension service=shop, each metric with its unit and value', () => {
    const { metrics } = load(LAMBDA_ENV);
    metrics.recordMetric('ordersPlaced');
    metrics.recordMetric('revenueCents', 4461);
    metrics.recordMetric('promoRedemptions');
    metrics.flushMetrics();
    const [document, ...more] = emf();
    expect(more).toEqual([]);
    expect(document._aws.CloudWatchMetrics).toEqual([
      {
        Namespace: 'Shop/test',
        Dimensions: [['service']],
        Metrics: [
          { Name: BUSINESS_METRICS.ordersPlaced.name, Unit: 'Count' },
          { Name: BUSINESS_METRICS.revenueCents.name, Unit: 'None' },
          { Name: BUSINESS_METRICS.promoRedemptions.name, Unit: 'Count' },
        ],
      },
    ]);
    expect(typeof document._aws.Timestamp).toBe('number');
    expect(document).toMatchObject({ service: 'shop', OrdersPlaced: 1, RevenueCents: 4461, PromoRedemptions: 1 });
  });

  test('the same metric twice in one invocation is written as both values', () => {
    const { metrics } = load(LAMBDA_ENV);
    metrics.recordMetric('paymentsCancelled');
    metrics.recordMetric('paymentsCancelled', 2);
    metrics.flushMetrics();
    expect(emf()[0].PaymentsCancelled).toEqual([1, 2]);
  });

  test('nothing recorded: nothing written, not even a warning; a flush empties the buffer', () => {
    const { metrics } = load(LAMBDA_ENV);
    metrics.flushMetrics();
    expect(written).toEqual([]);
    metrics.recordMetric('replacements');
    metrics.flushMetrics();
    metrics.flushMetrics();
    expect(emf()).toHaveLength(1);
  });

  test('a bad value (negative, not a number) is dropped, not written', () => {
    const { metrics } = load(LAMBDA_ENV);
    metrics.recordMetric('revenueCents', -5);
    metrics.recordMetric('revenueCents', Number.NaN);
    metrics.flushMetrics();
    expect(emf()).toEqual([]);
  });

  test('a route writes what it recorded once it answered, also when it failed', async () => {
    const { metrics, http } = load(LAMBDA_ENV);
    const ok = http.defineHandler([route], 'test/record', async () => {
      metrics.recordMetric('ordersPlaced');
      return { ok: true };
    });
    expect((await invoke(ok, { method: 'POST', path: '/api/test', body: {} })).status).toBe(200);
    expect(emf().map((document) => document.OrdersPlaced)).toEqual([1]);

    const failing = http.defineHandler([route], 'test/record', async () => {
      metrics.recordMetric('paymentsFailed');
      throw new Error('boom');
    });
    const answer = await invoke(failing, { method: 'POST', path: '/api/test', body: {} });
    expect(answer.status).toBe(500);
    expect(answer.body.error.code).toBe('internal_error');
    expect(emf().map((document) => document.PaymentsFailed)).toEqual([undefined, 1]);
  });

  test('a metrics failure never changes the answer', async () => {
    const { metrics, http, powertools } = load(LAMBDA_ENV);
    jest.spyOn(powertools.Metrics.prototype, 'addMetric').mockImplementation(() => {
      throw new Error('metric store broken');
    });
    jest.spyOn(powertools.Metrics.prototype, 'publishStoredMetrics').mockImplementation(() => {
      throw new Error('stdout broken');
    });
    const handler = http.defineHandler([route], 'test/record', async () => {
      metrics.recordMetric('ordersPlaced');
      return { ok: true };
    });
    const answer = await invoke(handler, { method: 'POST', path: '/api/test', body: {} });
    expect(answer).toMatchObject({ status: 200, body: { ok: true } });
  });

  test('withMetrics flushes after a job, also when it throws', async () => {
    const { metrics } = load(LAMBDA_ENV);
    const job = metrics.withMetrics(async (n: number) => {
      metrics.recordMetric('paymentsCancelled', n);
      if (n > 1) throw new Error('job failed');
      return n;
    });
    await expect(job(1)).resolves.toBe(1);
    await expect(job(2)).rejects.toThrow('job failed');
    expect(emf().map((document) => document.PaymentsCancelled)).toEqual([1, 2]);
  });
});

describe('outside Lambda (npm start, tests)', () => {
  test('recording and flushing print nothing at all', async () => {
    const { metrics, http } = load({});
    expect(process.env.AWS_LAMBDA_FUNCTION_NAME).toBeUndefined();
    for (const key of Object.keys(BUSINESS_METRICS) as (keyof typeof BUSINESS_METRICS)[]) metrics.recordMetric(key, 3);
    metrics.flushMetrics();
    const handler = http.defineHandler([route], 'test/record', async () => {
      metrics.recordMetric('ordersPlaced');
      return { ok: true };
    });
    expect((await invoke(handler, { method: 'POST', path: '/api/test', body: {} })).status).toBe(200);
    expect(written).toEqual([]);
  });
});
