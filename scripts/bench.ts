/**
 * `npm run bench`: measured figures, each next to what it is compared with in the same run.
 * 1. per Lambda: minified bundle size and cold module-load time, as a ratio to a bare DynamoDB handler (goal 1.5x)
 * 2. per storefront route: JavaScript downloaded before the page is usable, gzip (budget 150 KB)
 * 3. handler latency p50/p95 (product list, detail, create-payment-intent) vs a bare GetItem round trip
 * 4. checkout under 20 and 50 concurrent buyers: throughput, p95, oversell count (must be 0)
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Plugin } from 'esbuild';
import { ROUTE_LIST } from '../shared/routes';
import { COGNITO_TRIGGERS, JOBS } from '../shared/jobs';
import { CATEGORIES } from '../shared/categories';
import { createTable } from '../functions/db/create-table';
import { documentClient } from '../functions/db/client';
import { products } from '../functions/db/entities/product';
import { freePort } from '../functions/local/processes';
import { startDynamo } from '../functions/local/dynamo';
import { startLocalStack } from '../functions/local/stack';
import { SEED_PRODUCTS, seedCatalogue } from '../functions/local/seed';
import { apiEvent, lambdaContext } from '../tests/helpers';

const ROOT = path.resolve(__dirname, '..');
const rows: string[][] = [];
const section = (title: string) => rows.push([`## ${title}`]);
const row = (...cells: (string | number)[]) => rows.push(cells.map(String));
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const median = (values: number[]) => pct(values, 50);

/** Service SDKs a function may need beyond DynamoDB (their own packages; shared AWS SDK core is not counted). */
const SERVICE_SDK = /node_modules\/(stripe|@aws-sdk\/(client-s3|s3-request-presigner|client-sesv2|client-secrets-manager))\//;
const SERVICE_SDK_IMPORT = /^(stripe|@aws-sdk\/(client-s3|s3-request-presigner|client-sesv2|client-secrets-manager))$/;

/** Time to `require` a bundle in a fresh Node process (module load only, not Node's own start). */
function loadTime(file: string): number {
  const script = `const t=process.hrtime.bigint();require(${JSON.stringify(file)});process.stdout.write(String(Number(process.hrtime.bigint()-t)/1e6))`;
  return Number(execFileSync(process.execPath, ['-e', script], { env: { ...process.env, AWS_REGION: 'us-east-1' }, stdio: ['ignore', 'pipe', 'ignore'] }).toString());
}

async function bundles(out: string) {
  section('Lambda bundles (minified, as CDK builds them) and cold module load, vs a bare DynamoDB handler (goal 1.5x)');
  const bare = path.join(ROOT, 'scripts', 'bench-bare-handler.ts');
  const entries: [string, string][] = [
    ['(baseline) bare DynamoDB handler', bare],
    ...ROUTE_LIST.map((route) => [`${route.method} ${route.path}`, path.join(ROOT, 'functions', 'http', `${route.handler}.ts`)] as [string, string]),
    ...JOBS.map((job) => [`job ${job.handler}`, path.join(ROOT, 'functions', 'jobs', `${job.handler}.ts`)] as [string, string]),
    ...COGNITO_TRIGGERS.map((trigger) => [`trigger ${trigger.handler}`, path.join(ROOT, 'functions', 'triggers', `${trigger.handler}.ts`)] as [string, string]),
  ];
  // Each function is also built with its service SDKs left out (empty modules): what its own code costs.
  const withoutServices: Plugin = {
    name: 'without-service-sdks',
    setup(build) {
      build.onResolve({ filter: SERVICE_SDK_IMPORT }, (args) => ({ path: args.path, namespace: 'service-sdk' }));
      build.onLoad({ filter: /.*/, namespace: 'service-sdk' }, () => ({ contents: 'module.exports = {};', loader: 'js' }));
    },
  };
  const bundle = async (entry: string, file: string, plugins: Plugin[] = []) => {
    const { metafile } = await build({ entryPoints: [entry], bundle: true, minify: true, platform: 'node', target: 'node22', format: 'cjs', outfile: file, logLevel: 'silent', mainFields: ['module', 'main'], metafile: true, plugins });
    return Object.entries(Object.values(metafile.outputs)[0].inputs);
  };
  const built: { name: string; file: string; size: number; services: number; own?: { file: string; size: number } }[] = [];
  for (const [name, entry] of entries) {
    const file = path.join(out, `${name.replace(/[^a-z0-9]+/gi, '_')}.js`);
    const inputs = await bundle(entry, file);
    const services = inputs.filter(([input]) => SERVICE_SDK.test(input)).reduce((sum, [, { bytesInOutput }]) => sum + bytesInOutput, 0);
    let own;
    if (services) {
      const ownFile = file.replace(/\.js$/, '.own.js');
      await bundle(entry, ownFile, [withoutServices]);
      own = { file: ownFile, size: statSync(ownFile).size };
    }
    built.push({ name, file, size: statSync(file).size, services, own });
  }
  const [base, ...functions] = built;
  // Each function is loaded right after the bare handler, 9 rounds; a ratio is the median of the 9 per-round
  // ratios, so a busy moment of the machine weighs on both sides of the same round.
  const measure = (file: string, ownFile?: string) => {
    const times = { bare: [] as number[], load: [] as number[], loadRatio: [] as number[], ownRatio: [] as number[] };
    for (let i = 0; i < 9; i++) {
      const bare = loadTime(base.file);
      const load = loadTime(file);
      times.bare.push(bare);
      times.load.push(load);
      times.loadRatio.push(load / bare);
      if (ownFile) times.ownRatio.push(loadTime(ownFile) / bare);
    }
    return { bare: median(times.bare), load: median(times.load), loadRatio: median(times.loadRatio), ownRatio: ownFile ? median(times.ownRatio) : undefined };
  };
  const x = (value: number) => value.toFixed(2);
  row('function', 'bundle', 'x bare', 'cold load', 'bare load', 'x bare', 'service SDKs', 'without them: size x, load x', 'goal');
  const baseline = measure(base.file);
  row(base.name, kb(base.size), '1.00', ms(baseline.load), ms(baseline.bare), '1.00', '', '', '');
  let within = 0;
  let ownWithin = 0;
  for (const fn of functions) {
    const { load, bare: bareLoad, loadRatio, ownRatio } = measure(fn.file, fn.own?.file);
    const sizeRatio = fn.size / base.size;
    const ownSize = fn.own ? fn.own.size / base.size : sizeRatio;
    const ownLoad = ownRatio ?? loadRatio;
    const ok = sizeRatio <= 1.5 && loadRatio <= 1.5;
    if (ok) within++;
    if (ownSize <= 1.5 && ownLoad <= 1.5) ownWithin++;
    const verdict = ok ? 'within 1.5x' : ownSize <= 1.5 && ownLoad <= 1.5 ? 'over by its service SDKs' : 'OVER 1.5x';
    row(fn.name, kb(fn.size), x(sizeRatio), ms(load), ms(bareLoad), x(loadRatio), fn.services ? kb(fn.services) : '', fn.own ? `${x(ownSize)}, ${x(ownLoad)}` : '', verdict);
  }
  row(
    `${within} of ${functions.length} functions within 1.5x on both size and load; ${ownWithin} of ${functions.length} without the service SDKs they need ` +
      '(Stripe, S3, SES, Secrets Manager clients; the AWS SDK core they share with DynamoDB stays)',
  );
}

async function latency() {
  section('Handler latency in process against DynamoDB Local, vs a bare GetItem round trip (200 calls each)');
  const dynamo = await startDynamo({ port: await freePort() });
  Object.assign(process.env, {
    DYNAMODB_ENDPOINT: dynamo.endpoint,
    TABLE_NAME: 'bench',
    AWS_REGION: 'us-east-1',
    COGNITO_ISSUER: 'http://127.0.0.1:9/none',
    COGNITO_CLIENT_ID: 'bench',
    POWERTOOLS_LOG_LEVEL: 'SILENT',
  });
  try {
    const raw = new DynamoDBClient({ endpoint: dynamo.endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
    await createTable(raw, 'bench');
    const images = mkdtempSync(path.join(os.tmpdir(), 'bench-images-'));
    await seedCatalogue(images);
    const { handler: list } = await import('../functions/http/catalog/list-products');
    const { handler: detail } = await import('../functions/http/catalog/get-product');
    const { handler: intent } = await import('../functions/http/checkout/create-guest-payment-intent');
    const address = { name: 'Bench', email: 'bench@example.com', line1: '1 Main', city: 'Austin', state: 'TX', zip: '73301' };
    const time = async (fn: () => Promise<unknown>, n = 200) => {
      for (let i = 0; i < 10; i++) await fn();
      const samples: number[] = [];
      for (let i = 0; i < n; i++) {
        const t = performance.now();
        await fn();
        samples.push(performance.now() - t);
      }
      return samples;
    };
    const key = products.key({ id: SEED_PRODUCTS[0].id });
    const baseline = await time(() => documentClient().send(new GetCommand({ TableName: 'bench', Key: key })));
    const b50 = median(baseline);
    row('call', 'p50', 'p95', 'p50 x GetItem');
    row('(baseline) GetItem', ms(b50), ms(pct(baseline, 95)), '1.00');
    const measure = async (name: string, fn: () => Promise<unknown>) => {
      const samples = await time(fn);
      row(name, ms(median(samples)), ms(pct(samples, 95)), (median(samples) / b50).toFixed(2));
    };
    await measure('GET /api/products?category=tees', () => list(apiEvent({ method: 'GET', path: '/api/products', query: { category: 'tees' } }), lambdaContext));
    await measure('GET /api/products/{id}', () =>
      detail(apiEvent({ method: 'GET', path: `/api/products/${SEED_PRODUCTS[3].id}`, params: { id: SEED_PRODUCTS[3].id } }), lambdaContext),
    );
    await products.update({ id: 'lemonade-tumbler' }, { set: { stock: { '16oz': 1_000_000, '20oz': 0, '24oz': 0 } } });
    await measure('POST /auth/create-payment-intent/guest', () =>
      intent(apiEvent({ method: 'POST', path: '/auth/create-payment-intent/guest', body: { cart: [{ id: 'lemonade-tumbler', size: '16oz', quantity: 1 }], shippingAddress: address } }), lambdaContext),
    );

    section('Checkout under concurrency: N buyers at once for 10 units of one product');
    row('buyers', 'succeeded', 'sold out (409)', 'other', 'throughput', 'p95', 'oversold');
    for (const buyers of [20, 50]) {
      const id = `bench-${buyers}`;
      await products.put({ id, name: `Bench ${buyers}`, image: '/x.svg', description: 'bench', price: 1000, tag: 'candles', stock: { CANDLE: 10 } });
      const durations: number[] = [];
      const started = performance.now();
      const results = await Promise.all(
        Array.from({ length: buyers }, async () => {
          const t = performance.now();
          const result = await intent(apiEvent({ method: 'POST', path: '/auth/create-payment-intent/guest', body: { cart: [{ id, size: 'CANDLE', quantity: 1 }], shippingAddress: address } }), lambdaContext);
          durations.push(performance.now() - t);
          return (result as { statusCode: number }).statusCode;
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      const ok = results.filter((s) => s === 200).length;
      const left = Number((await products.get({ id }))?.stock.CANDLE);
      const oversold = Math.max(0, ok - 10) + Math.max(0, -left);
      row(buyers, ok, results.filter((s) => s === 409).length, results.filter((s) => s !== 200 && s !== 409).length, `${(buyers / seconds).toFixed(1)} req/s`, ms(pct(durations, 95)), oversold);
    }
    raw.destroy();
    rmSync(images, { recursive: true, force: true });
  } finally {
    await dynamo.stop();
  }
}

async function routeJs() {
  section('JavaScript before a storefront route is usable (gzip), budget 150 KB');
  const { chromium } = await import('playwright-core');
  const { build: viteBuild } = await import('vite');
  await viteBuild({ configFile: path.join(ROOT, 'web', 'vite.config.mts'), logLevel: 'silent' });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-stack-'));
  const stack = await startLocalStack({
    port: await freePort(),
    dynamoPort: await freePort(),
    cognitoPort: await freePort(),
    dataDir,
    webDir: path.join(ROOT, 'web', 'dist'),
    admin: { email: 'admin@example.com', password: 'ShopAdmin1' },
  });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  try {
    row('route', 'JS files', 'JS gzip', 'budget');
    const routes = ['/', ...CATEGORIES.map((c) => `/product-list/${c.slug}`), `/product/${SEED_PRODUCTS[3].id}`, '/cart', '/login', '/contact-us', '/about-us'];
    for (const route of routes) {
      const page = await browser.newPage();
      const scripts = new Map<string, number>();
      page.on('response', async (response) => {
        if (response.request().resourceType() !== 'script') return;
        try {
          scripts.set(response.url(), gzipSync(await response.body()).length);
        } catch {
          /* a response without a body */
        }
      });
      await page.goto(`${stack.url}${route}`, { waitUntil: 'networkidle' });
      const total = [...scripts.values()].reduce((a, b) => a + b, 0);
      row(route, scripts.size, kb(total), total <= 150 * 1024 ? 'within 150 KB' : 'OVER 150 KB');
      await page.close();
    }
  } finally {
    await browser.close();
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const out = mkdtempSync(path.join(os.tmpdir(), 'bench-'));
  mkdirSync(out, { recursive: true });
  try {
    await bundles(out);
    await latency();
    if (process.env.BENCH_SKIP_BROWSER !== '1') await routeJs();
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
  const widths: number[] = [];
  for (const cells of rows) if (cells.length > 1) cells.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  const text = rows.map((cells) => (cells.length === 1 ? `\n${cells[0]}` : cells.map((cell, i) => cell.padEnd(widths[i])).join('  '))).join('\n');
  console.log(text);
  writeFileSync(path.join(ROOT, 'test-results', 'bench.txt'), text);
}

mkdirSync(path.join(ROOT, 'test-results'), { recursive: true });
main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
