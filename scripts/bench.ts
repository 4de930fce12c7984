/**
 * `npm run bench`: measured figures, each next to what it is compared with in the same run.
 * 1. per Lambda: its bundle as CDK builds it, the makers' libraries it carries, and a cold start (load, and load plus
 *    its first request, in CPU time) as ratios to a bare DynamoDB handler (budget: load + first request within 2x);
 *    BENCH_ONLY=cold runs only this part, BENCH_FUNCTIONS=<regular expression> only the functions it matches
 * 2. per storefront route: JavaScript downloaded before the page is usable, gzip (budget 150 KB)
 * 3. handler latency p50/p95 (product list, detail, create-payment-intent, the order's take + capture) vs a bare
 *    GetItem
 * 4. checkout nobody can jam (docs/decisions/0022): unpaid checkouts vs stock still available to a shopper; 20 and 50
 *    buyers with authorized cards for 10 units: orders, captures, cancelled authorizations, oversold and charged
 *    without stock (both must be 0), throughput, p95; with a promo code limited to 5: 20 buyers with authorized cards
 *    at once -> discounted orders (must be 5), captures, cancelled authorizations; create-payment-intent with a code
 * 5. the storefront with photo-sized images: Lighthouse mobile on every storefront page, the web app before and after
 *    (BEFORE_COMMIT) in turns, and image bytes per page (scripts/bench-storefront.ts); BENCH_ONLY=lighthouse runs
 *    only that Lighthouse table
 * 6. catalogue size (issue 17): the candles list at the demo size, 500 and 2,000 products vs the GetItem, and
 *    Lighthouse mobile on the candles page with 2,000 products (scripts/bench-catalogue.ts)
 * 7. the first start (issue 39): `npm install` and `npm start` until its banner on a clean clone
 *    (scripts/bench-first-start.ts; BENCH_SKIP_FIRST_START=1 leaves it out, BENCH_ONLY=first-start runs only it)
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { ROUTE_LIST } from '../shared/routes';
import { firstStart } from './bench-first-start';
import { COGNITO_TRIGGERS, JOBS } from '../shared/jobs';
import { CATEGORIES } from '../shared/categories';
import http from 'node:http';
import { createTable } from '../functions/db/create-table';
import { testPaymentIntents } from '../functions/db/entities/test-payment-intent';
import { orders } from '../functions/db/entities/order';
import { orderPayments } from '../functions/db/entities/order-payment';
import { promos } from '../functions/db/entities/promo';
import { createPromoCode } from '../functions/domain/promo/codes';
import { createSesStandIn } from '../functions/local/ses';
import { documentClient } from '../functions/db/client';
import { products } from '../functions/db/entities/product';
import { freePort } from '../functions/local/processes';
import { newAccessKeyId, startDynamo } from '../functions/local/dynamo';
import { localCredentials } from '../functions/lib/aws-client';
import { buildWeb, startLocalStack } from '../functions/local/stack';
import { SEED_PRODUCTS, seedCatalogue } from '../functions/local/seed';
import { apiEvent, lambdaContext } from '../tests/helpers';
import { growCatalogue } from './bench-catalogue';
import { storefront } from './bench-storefront';
import { lambdaBundleOptions } from '../infra/lib/bundle-defines';

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

/**
 * The makers' libraries a function may carry beyond the DynamoDB client every function has (and the bare handler):
 * the Stripe package, the AWS SDK's other service clients and the S3 presigner, Powertools Metrics.
 */
const LIBRARY =
  /node_modules\/(stripe|@aws-sdk\/(?:client-s3|s3-request-presigner|client-sesv2|client-secrets-manager|client-cognito-identity-provider)|@aws-lambda-powertools\/metrics)\//;
/** Short names for the table. */
const short = (library: string) => library.replace(/^@aws-sdk\/(client-)?|^@aws-lambda-powertools\//, '');

/** A bundle that throws when loaded, as it would in Lambda: the first line of what it threw. */
class LoadFailure extends Error {}

/** What Lambda sets that turns the Tracer on. */
const LAMBDA_ENV = { AWS_LAMBDA_FUNCTION_NAME: 'bench', AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x' };

/**
 * One cold start in a fresh Node process, as Lambda makes it (no NODE_OPTIONS, as deployed): the CPU time (user + system,
 * in ms) of `require` of the bundle, and of that plus its first request (`firstRequest()`, when the bundle exports
 * one). CPU time, not wall time: this machine is shared (a load average of 10 is usual while helpers run tests), and
 * a function's own work is what its CPU time counts; on an idle machine the two are within a few ms of each other.
 */
function coldStart(file: string, env: Record<string, string>): { load: number; first: number } {
  const script = `const cpu=(c)=>{const u=process.cpuUsage(c);return (u.user+u.system)/1e3};const c=process.cpuUsage();const m=require(${JSON.stringify(file)});const load=cpu(c);Promise.resolve(m.firstRequest?.()).then(()=>{process.stdout.write(JSON.stringify({load,first:cpu(c)}));process.exit(0)},(e)=>{process.stderr.write('firstRequest: '+String(e&&e.stack||e));process.exit(1)})`;
  try {
    return JSON.parse(
      execFileSync(process.execPath, ['-e', script], {
        env: { ...process.env, AWS_REGION: 'us-east-1', NODE_OPTIONS: '', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      }).toString(),
    ) as { load: number; first: number };
  } catch (error) {
    const stderr = String((error as { stderr?: Buffer }).stderr ?? '');
    throw new LoadFailure(/^(firstRequest: )?\w*Error.*$/m.exec(stderr)?.[0].slice(0, 160) ?? 'failed to load');
  }
}

/**
 * A server for every service a first request calls (started as its own process: the bench waits on its children
 * synchronously), answering each as the service would an empty account: DynamoDB's GetItem with no item, a secret,
 * an empty user list, SES's message id, an S3 object, a Stripe PaymentIntent.
 */
const SERVICES_SERVER = `
const http = require('node:http');
http.createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    const target = String(req.headers['x-amz-target'] ?? '');
    const json = (value, type = 'application/x-amz-json-1.1') => {
      res.writeHead(200, { 'content-type': type });
      res.end(JSON.stringify(value));
    };
    if (target.startsWith('DynamoDB_')) return json({}, 'application/x-amz-json-1.0');
    if (target.startsWith('secretsmanager.')) return json({ ARN: 'arn', Name: 'bench', SecretString: '{"secretKey":"sk_test_bench"}' });
    if (target.startsWith('AWSCognitoIdentityProviderService.')) return json({ Users: [] });
    if (req.url.includes('/v2/email/')) return json({ MessageId: 'bench' }, 'application/json');
    if (req.url.startsWith('/v1/')) return json({ id: 'pi_bench', object: 'payment_intent', status: 'requires_capture', amount: 100, currency: 'usd', metadata: {} }, 'application/json');
    res.writeHead(200, { 'content-type': 'text/html', etag: '"bench"' });
    res.end('<!doctype html>');
  });
}).listen(0, '127.0.0.1', function () { process.stdout.write(String(this.address().port) + '\\n'); });
`;

/**
 * A function's first request, as a module that exports the function's handler and `firstRequest()`: one call through
 * each client its first request makes, with the function's own modules (so the bundle's own copies are used): the
 * document client's GetItem (where it has the DynamoDB client: not the Cognito triggers), the front door's secret
 * (every route in AWS), then by what its entry `uses`: a Stripe
 * call through the payment provider, a mail, the user pool's ListUsers, an S3 read. Each is
 * answered at once by SERVICES_SERVER; what the first request costs beyond the load is making each client (its
 * configuration, credentials from the environment, endpoint rules) and one call's middleware, signing and parsing.
 */
function firstRequestModule(
  entry: string,
  uses: readonly string[],
  route: boolean,
  dynamo: boolean,
): { contents: string; clients: string[] } {
  const from = (file: string) => JSON.stringify(path.join(ROOT, file));
  const lines = [`export { handler } from ${JSON.stringify(entry)};`];
  const calls: string[] = [];
  const clients: string[] = [];
  if (dynamo) {
    clients.push('DynamoDB');
    lines.push(
      `import { GetCommand } from '@aws-sdk/lib-dynamodb';`,
      `import { documentClient } from ${from('functions/db/client')};`,
    );
    calls.push(
      `await documentClient().send(new GetCommand({ TableName: 'bench', Key: { pk: 'bench', sk: 'bench' } }));`,
    );
  }
  if (route || uses.includes('stripe')) {
    clients.push('Secrets Manager');
    lines.push(`import { secretString } from ${from('functions/lib/secrets')};`);
    calls.push(`await secretString('arn:aws:secretsmanager:us-east-1:000000000000:secret:bench');`);
  }
  if (uses.includes('stripe')) {
    clients.push('Stripe');
    lines.push(`import { paymentProvider } from ${from('functions/domain/money/payments')};`);
    calls.push(`await (await paymentProvider()).retrieveIntent('pi_bench');`);
  }
  if (uses.includes('ses')) {
    clients.push('SES');
    lines.push(`import { sendMail } from ${from('functions/lib/mail')};`);
    calls.push(`await sendMail({ to: 'bench@example.com', subject: 'Bench', text: 'Bench.' });`);
  }
  if (uses.includes('cognito')) {
    clients.push('Cognito');
    lines.push(`import { accountEmail } from ${from('functions/lib/user-pool')};`);
    calls.push(`await accountEmail('00000000-0000-0000-0000-000000000000');`);
  }
  if (uses.includes('s3') || uses.includes('site')) {
    clients.push('S3');
    lines.push(`import { getTextIfChanged } from ${from('functions/lib/storage')};`);
    calls.push(`await getTextIfChanged('bench-bucket', 'index.html');`);
  }
  return {
    contents: `${lines.join('\n')}\nexport async function firstRequest() {\n  ${calls.join('\n  ')}\n}\n`,
    clients,
  };
}

async function bundles(out: string) {
  section(
    'Lambda bundles as CDK builds them (CommonJS, dependencies as ES modules, minified), and a cold start: ' +
      'load, and load + first request, in CPU ms, vs a bare DynamoDB handler (budget: load + first request within 2x)',
  );
  const bare = path.join(ROOT, 'scripts', 'bench-bare-handler.ts');
  /**
   * Name, entry file, handler (as the route table names it), the native packages CDK installs beside it, the
   * services it calls and whether it is a route's (every route reads the front door's secret on its first request).
   */
  type Entry = [string, string, string, readonly string[], readonly string[], boolean];
  const entries: Entry[] = [
    ['(baseline) bare DynamoDB handler', bare, '', [], [], false],
    // One function per handler module: the page routes share the page function.
    ...[...new Map(ROUTE_LIST.map((route) => [route.handler, route])).values()].map((route): Entry => {
      const shared = ROUTE_LIST.filter((other) => other.handler === route.handler);
      const name =
        shared.length > 1 ? `pages (${shared.map((other) => other.path).join(' ')})` : `${route.method} ${route.path}`;
      const native = [...new Set(shared.flatMap((other) => other.native ?? []))];
      const uses = [...new Set(shared.flatMap((other) => ('uses' in other ? other.uses : []) ?? []))];
      return [name, path.join(ROOT, 'functions', 'http', `${route.handler}.ts`), route.handler, native, uses, true];
    }),
    ...JOBS.map((job): Entry => [
      `job ${job.handler}`,
      path.join(ROOT, 'functions', 'jobs', `${job.handler}.ts`),
      `jobs/${job.handler}`,
      [],
      job.uses ?? [],
      false,
    ]),
    ...COGNITO_TRIGGERS.map((trigger): Entry => [
      `trigger ${trigger.handler}`,
      path.join(ROOT, 'functions', 'triggers', `${trigger.handler}.ts`),
      `triggers/${trigger.handler}`,
      [],
      [],
      false,
    ]),
    // The image pipeline (infra/lib/images.ts), with sharp installed beside it.
    [
      'event process-image',
      path.join(ROOT, 'functions', 'events', 'process-image.ts'),
      'events/process-image',
      ['sharp'],
      ['s3'],
      false,
    ],
  ];
  // A native package (sharp) is not bundled: CDK installs it beside the bundle (the route's `native`).
  const bundle = async (
    entry: string | { contents: string },
    file: string,
    traceSdkCalls = false,
    external: readonly string[] = [],
  ) => {
    const { metafile } = await build({
      ...(typeof entry === 'string'
        ? { entryPoints: [entry] }
        : { stdin: { contents: entry.contents, resolveDir: ROOT, loader: 'ts', sourcefile: `${file}.ts` } }),
      // As CDK bundles: X-Ray SDK call traces compiled out by default (context traceSdkCalls), no test processor.
      ...lambdaBundleOptions(traceSdkCalls),
      outfile: file,
      logLevel: 'silent',
      metafile: true,
      external: [...external],
    });
    const [, output] = Object.entries(metafile.outputs).find(([name]) => name.endsWith('.js'))!;
    return Object.entries(output.inputs);
  };
  const built: {
    name: string;
    size: number;
    libraries: Map<string, number>;
    first: string;
    /** The clients its first request makes and calls. */
    clients: string[];
  }[] = [];
  // BENCH_FUNCTIONS=<regular expression>: only the functions whose name matches (the baseline always).
  const only = process.env.BENCH_FUNCTIONS ? new RegExp(process.env.BENCH_FUNCTIONS) : null;
  for (const [name, entry, , native, uses, route] of entries) {
    if (only && entry !== bare && !only.test(name)) continue;
    const file = path.join(out, `${name.replace(/[^a-z0-9]+/gi, '_')}.js`);
    const inputs = await bundle(entry, file, false, native);
    const libraries = new Map<string, number>();
    for (const [input, { bytesInOutput }] of inputs) {
      const library = LIBRARY.exec(input)?.[1];
      if (library && bytesInOutput) libraries.set(library, (libraries.get(library) ?? 0) + bytesInOutput);
    }
    // The same bundle with its first request (the bare handler's: its handler, one GetItem).
    const first = file.replace(/\.js$/, '.first.js');
    const { contents, clients } =
      entry === bare
        ? {
            contents: `export { handler } from ${JSON.stringify(bare)};\nimport { handler } from ${JSON.stringify(bare)};\nexport const firstRequest = () => handler();\n`,
            clients: ['DynamoDB'],
          }
        : firstRequestModule(
            entry,
            uses,
            route,
            inputs.some(([input]) => input.includes('node_modules/@aws-sdk/client-dynamodb/')),
          );
    await bundle({ contents }, first, false, native);
    built.push({ name, size: statSync(file).size, libraries, first, clients });
  }
  const [base, ...functions] = built;

  // Where every first request's calls go: one server for all the services, answering at once.
  const server = spawn(process.execPath, ['-e', SERVICES_SERVER], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve) =>
    server.stdout.once('data', (data: Buffer) => resolve(String(data).trim())),
  );
  const endpoint = `http://127.0.0.1:${port}`;
  const env = {
    TABLE_NAME: 'bench',
    // The clients made as in AWS (no endpoint or keys of their own: the role's keys from the environment), their calls
    // sent here (the SDK's AWS_ENDPOINT_URL); S3 path-style at its stand-in's address, Stripe at its stand-in's.
    AWS_ENDPOINT_URL: endpoint,
    AWS_ACCESS_KEY_ID: 'AKIDBENCH',
    AWS_SECRET_ACCESS_KEY: 'bench-secret',
    S3_ENDPOINT: endpoint,
    IMAGES_BUCKET: 'bench-bucket',
    COGNITO_ISSUER: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_bench',
    COGNITO_CLIENT_ID: 'bench',
    STRIPE_SECRET_KEY: 'sk_test_bench',
    STRIPE_API_BASE: endpoint,
    POWERTOOLS_LOG_LEVEL: 'SILENT',
  };
  // Each function is started right after the bare handler, 9 rounds; a ratio is the median of the 9 per-round ratios,
  // so a busy moment of the machine weighs on both sides of the same round.
  const measure = (file: string, extraEnv: Record<string, string> = {}) => {
    const times = { bare: [] as number[], bareFirst: [] as number[], load: [] as number[], first: [] as number[] };
    const ratios = { load: [] as number[], first: [] as number[] };
    for (let i = 0; i < 9; i++) {
      const bareRun = coldStart(base.first, env);
      const run = coldStart(file, { ...env, ...extraEnv });
      times.bare.push(bareRun.load);
      times.bareFirst.push(bareRun.first);
      times.load.push(run.load);
      times.first.push(run.first);
      ratios.load.push(run.load / bareRun.load);
      ratios.first.push(run.first / bareRun.first);
    }
    return {
      bare: median(times.bare),
      bareFirst: median(times.bareFirst),
      load: median(times.load),
      first: median(times.first),
      loadRatio: median(ratios.load),
      firstRatio: median(ratios.first),
    };
  };
  const x = (value: number) => value.toFixed(2);
  row(
    'function',
    'libraries it carries',
    'bundle',
    'x bare',
    'load',
    'x bare',
    'load + first request',
    'x bare',
    'budget',
  );
  const loadBefore = os.loadavg()[0];
  let results: { fn: (typeof functions)[number]; measured?: ReturnType<typeof measure>; failure?: string }[] = [];
  let baseline: ReturnType<typeof measure>;
  try {
    baseline = measure(base.first);
    for (const fn of functions) {
      try {
        results.push({ fn, measured: measure(fn.first) });
      } catch (error) {
        if (!(error instanceof LoadFailure)) throw error;
        // As CDK bundles it (infra/lib/shop-function.ts), the function would fail its cold start in Lambda too.
        results.push({ fn, failure: error.message });
      }
    }
  } catch (error) {
    server.kill();
    throw error;
  }
  row(base.name, '', kb(base.size), '1.00', ms(baseline.load), '1.00', ms(baseline.bareFirst), '1.00', '');
  let within = 0;
  results = results.sort((a, b) => (b.measured?.firstRatio ?? 99) - (a.measured?.firstRatio ?? 99));
  for (const { fn, measured, failure } of results) {
    const carried = [...fn.libraries]
      .sort((a, b) => b[1] - a[1])
      .map(([library, bytes]) => `${short(library)} ${(bytes / 1024).toFixed(0)}`)
      .join(', ');
    if (!measured) {
      row(fn.name, carried, kb(fn.size), x(fn.size / base.size), '', '', '', '', `FAILS TO LOAD: ${failure}`);
      continue;
    }
    const ok = measured.firstRatio <= 2;
    if (ok) within++;
    // Over: named with what its first request makes beyond the bare handler's one client and call, and the Stripe
    // package where it carries it.
    const stripe = fn.libraries.get('stripe');
    const why =
      `over: its first request makes ${fn.clients.length} clients and calls each (${fn.clients.join(', ')})` +
      (stripe ? `; the stripe package (${(stripe / 1024).toFixed(0)} KB) is made on it` : '');
    row(
      fn.name,
      carried,
      kb(fn.size),
      x(fn.size / base.size),
      ms(measured.load),
      x(measured.loadRatio),
      ms(measured.first),
      x(measured.firstRatio),
      ok ? 'within 2x' : why,
    );
  }
  row(
    `${within} of ${functions.length} functions within 2x of the bare handler on load + first request (CPU ms; library ` +
      `sizes in KB as bundled). The bare handler: ${ms(baseline.load)} load, ${ms(baseline.bareFirst)} with its ` +
      `first GetItem. The machine's load average ${loadBefore.toFixed(1)} before the loads, ${os.loadavg()[0].toFixed(1)} after`,
  );

  // X-Ray SDK call traces (-c traceSdkCalls=true, decision 0033): Powertools Tracer and the X-Ray SDK compiled
  // into every function. The bare handler with a traced client, loaded as in Lambda (the Tracer starts, patches
  // http/https), shows what each cold start pays; a typical function shows what its bundle carries.
  section('X-Ray SDK call traces (off by default; -c traceSdkCalls=true): what they add to every function');
  row('function', 'bundle', 'x bare', 'load', 'bare load', 'x bare');
  const tracedBare = path.join(out, 'traced_bare.js');
  await bundle(path.join(ROOT, 'scripts', 'bench-traced-handler.ts'), tracedBare, true);
  const loads = { traced: [] as number[], bare: [] as number[], ratio: [] as number[] };
  try {
    for (let i = 0; i < 9; i++) {
      const bareLoad = coldStart(base.first, env).load;
      const tracedLoad = coldStart(tracedBare, { ...env, ...LAMBDA_ENV }).load;
      loads.bare.push(bareLoad);
      loads.traced.push(tracedLoad);
      loads.ratio.push(tracedLoad / bareLoad);
    }
  } finally {
    server.kill();
  }
  row(
    'bare DynamoDB handler, client traced (in Lambda)',
    kb(statSync(tracedBare).size),
    x(statSync(tracedBare).size / base.size),
    ms(median(loads.traced)),
    ms(median(loads.bare)),
    x(median(loads.ratio)),
  );
  const typical = ROUTE_LIST.find((route) => route.handler === 'catalog/list-products')!;
  const tracedTypical = path.join(out, 'traced_typical.js');
  await bundle(path.join(ROOT, 'functions', 'http', `${typical.handler}.ts`), tracedTypical, true);
  const typicalOff = built.find((fn) => fn.name === `${typical.method} ${typical.path}`);
  if (!typicalOff) return;
  row(
    `${typical.method} ${typical.path} with traces compiled in`,
    kb(statSync(tracedTypical).size),
    x(statSync(tracedTypical).size / base.size),
    '',
    '',
    '',
  );
  row(
    `${typical.method} ${typical.path} as deployed by default`,
    kb(typicalOff.size),
    x(typicalOff.size / base.size),
    '',
    '',
    '',
  );
}

async function latency() {
  section('Handler latency in process against DynamoDB Local, vs a bare GetItem round trip (200 calls each)');
  const dynamo = await startDynamo({ port: await freePort(), accessKeyId: newAccessKeyId() });
  // The order confirmations go to the SES stand-in, as under npm start.
  const outbox = mkdtempSync(path.join(os.tmpdir(), 'bench-outbox-'));
  const ses = createSesStandIn(outbox);
  const sesServer = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => void ses(req, res, Buffer.concat(chunks)));
  });
  const sesPort = await freePort();
  await new Promise<void>((resolve) => sesServer.listen(sesPort, '127.0.0.1', resolve));
  Object.assign(process.env, {
    SES_ENDPOINT: `http://127.0.0.1:${sesPort}/ses`,
    DYNAMODB_ENDPOINT: dynamo.endpoint,
    DYNAMODB_ACCESS_KEY_ID: dynamo.accessKeyId,
    TABLE_NAME: 'bench',
    AWS_REGION: 'us-east-1',
    COGNITO_ISSUER: 'http://127.0.0.1:9/none',
    COGNITO_CLIENT_ID: 'bench',
    POWERTOOLS_LOG_LEVEL: 'SILENT',
  });
  try {
    const raw = new DynamoDBClient({
      endpoint: dynamo.endpoint,
      region: 'us-east-1',
      credentials: localCredentials('dynamodb'),
    });
    await createTable(raw, 'bench');
    await seedCatalogue({ photoWidth: null });
    const { handler: list } = await import('../functions/http/catalog/list-products');
    const { handler: detail } = await import('../functions/http/catalog/get-product');
    const { handler: intent } = await import('../functions/http/checkout/create-guest-payment-intent');
    const { handler: confirm } = await import('../functions/http/checkout/confirm-test-payment');
    const { handler: record } = await import('../functions/http/checkout/record-guest-order');
    const address = {
      name: 'Bench',
      email: 'bench@example.com',
      line1: '1 Main',
      city: 'Austin',
      state: 'TX',
      zip: '73301',
    };
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
    const b95 = pct(baseline, 95);
    row('call', 'p50', 'p95', 'p50 x GetItem', 'p95 x GetItem');
    row('(baseline) GetItem', ms(b50), ms(b95), '1.00', '1.00');
    const measure = async (name: string, fn: () => Promise<unknown>) => {
      const samples = await time(fn);
      row(
        name,
        ms(median(samples)),
        ms(pct(samples, 95)),
        (median(samples) / b50).toFixed(2),
        (pct(samples, 95) / b95).toFixed(2),
      );
    };
    await measure('GET /api/products?category=tees', () =>
      list(apiEvent({ method: 'GET', path: '/api/products', query: { category: 'tees' } }), lambdaContext),
    );
    await measure('GET /api/products/{id}', () =>
      detail(
        apiEvent({ method: 'GET', path: `/api/products/${SEED_PRODUCTS[3].id}`, params: { id: SEED_PRODUCTS[3].id } }),
        lambdaContext,
      ),
    );
    await products.update({ id: 'lemonade-tumbler' }, { set: { stock: { '16oz': 1_000_000, '20oz': 0, '24oz': 0 } } });
    const call = async (handler: typeof intent, method: string, path: string, body: unknown) => {
      const result = (await handler(apiEvent({ method, path, body }), lambdaContext)) as {
        statusCode: number;
        body: string;
      };
      return {
        status: result.statusCode,
        body: JSON.parse(result.body || '{}') as { clientSecret?: string; paymentIntentId?: string },
      };
    };
    const checkout = (id: string, size: string, quantity = 1, promoCode?: string) =>
      call(intent, 'POST', '/auth/create-payment-intent/guest', {
        cart: [{ id, size, quantity }],
        shippingAddress: address,
        ...(promoCode ? { promoCode } : {}),
      });
    /** A guest whose card (4242) is authorized, ready for the take: the setup of a measurement, not measured. */
    const authorizedBuyer = async (id: string, size: string, promoCode?: string) => {
      const { body } = await checkout(id, size, 1, promoCode);
      const card = { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' };
      await call(confirm, 'POST', '/api/test-payments/confirm', {
        clientSecret: body.clientSecret,
        card,
        billingName: 'Bench',
        receiptEmail: 'bench@example.com',
      });
      return body.paymentIntentId!;
    };
    const recordGuest = (paymentIntentId: string) =>
      call(record, 'POST', '/auth/adminOrders/guest', { paymentIntentId });
    /** The orders the intents paid (by each payment's pointer to its order, decision 0102). */
    const ordersOf = async (intentIds: string[]) => {
      const pointers = await orderPayments.getMany(intentIds.map((intentId) => ({ intentId })));
      return orders.getMany(pointers.map(({ orderNumber }) => ({ orderNumber })));
    };
    const paidBy = (
      order: { payments?: ({ method: 'card'; intentId: string } | { method: 'gift_card' })[] },
      intentId: string,
    ) => order.payments?.some((payment) => payment.method === 'card' && payment.intentId === intentId) ?? false;
    await measure('POST /auth/create-payment-intent/guest (prices, reads stock, intent)', () =>
      checkout('lemonade-tumbler', '16oz'),
    );
    await createPromoCode({ code: 'BENCH10', kind: 'percent', value: 10, active: true, combinesWithSales: false });
    await measure('  the same with a promo code (also reads and prices the code)', () =>
      checkout('lemonade-tumbler', '16oz', 1, 'BENCH10'),
    );
    const ready: string[] = [];
    for (let i = 0; i < 210; i++) ready.push(await authorizedBuyer('lemonade-tumbler', '16oz'));
    await measure('POST /auth/adminOrders/guest (take + capture + mail)', () => recordGuest(ready.pop()!));

    section(
      "Catalogue size (issue 17): GET /api/products?category=candles, first page, as the catalogue grows (a quarter candles), vs the GetItem above; goal: flat, p50 at 2,000 within 2x of the demo catalogue's",
    );
    row('listed products', 'candles', 'p50', 'p95', 'bytes', 'p50 x GetItem', 'p50 x demo', 'verdict');
    const candles = () =>
      list(
        apiEvent({ method: 'GET', path: '/api/products', query: { category: 'candles' } }),
        lambdaContext,
      ) as Promise<{ body: string }>;
    let demo = 0;
    for (const size of [0, 500, 2000]) {
      const grown = await growCatalogue(size);
      const samples = await time(candles);
      const bytes = Buffer.byteLength((await candles()).body);
      demo ||= median(samples);
      const ratio = median(samples) / demo;
      row(
        grown.listed,
        grown.candles,
        ms(median(samples)),
        ms(pct(samples, 95)),
        kb(bytes),
        (median(samples) / b50).toFixed(2),
        ratio.toFixed(2),
        size === 2000 ? (ratio <= 2 ? 'within 2x' : 'OVER 2x') : '',
      );
    }

    section('Checkout nobody can jam: unpaid checkouts vs stock still available to a shopper');
    row('unpaid checkouts', 'units asked by each', 'available before', 'available after them', 'next shopper bought');
    await products.put({
      id: 'bench-rug',
      name: 'Bench Rug',
      image: '/x.svg',
      description: 'bench',
      price: 8900,
      tag: 'rugs',
      stock: { CANDLE: 3 },
    });
    const left = async (id: string) => Number((await products.get({ id }))?.stock.CANDLE);
    const availableBefore = await left('bench-rug');
    const unpaid = await Promise.all(Array.from({ length: 20 }, () => checkout('bench-rug', 'CANDLE', 3)));
    const availableAfter = await left('bench-rug');
    const shopper = await authorizedBuyer('bench-rug', 'CANDLE');
    const bought = (await recordGuest(shopper)).status === 201;
    row(unpaid.filter((r) => r.status === 200).length, 3, availableBefore, availableAfter, bought ? 'yes' : 'NO');

    section('Checkout nobody can jam: N buyers with authorized cards at once for 10 units of one product');
    row(
      'buyers',
      'orders',
      'captures',
      'cancelled authorizations',
      'oversold',
      'charged without stock',
      'throughput',
      'p95',
    );
    for (const buyers of [20, 50]) {
      const id = `bench-${buyers}`;
      await products.put({
        id,
        name: `Bench ${buyers}`,
        image: '/x.svg',
        description: 'bench',
        price: 1000,
        tag: 'candles',
        stock: { CANDLE: 10 },
      });
      const ids: string[] = [];
      for (let i = 0; i < buyers; i++) ids.push(await authorizedBuyer(id, 'CANDLE'));
      const durations: number[] = [];
      const started = performance.now();
      await Promise.all(
        ids.map(async (intentId) => {
          const t = performance.now();
          await recordGuest(intentId);
          durations.push(performance.now() - t);
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      const intents = await testPaymentIntents.getMany(ids.map((intentId) => ({ id: intentId })));
      const written = await ordersOf(ids);
      const captured = intents.filter((i) => i.status === 'succeeded');
      const oversold = Math.max(0, written.length - 10) + Math.max(0, -(await left(id)));
      const chargedWithoutStock = captured.filter((i) => !written.some((order) => paidBy(order, i.id))).length;
      row(
        buyers,
        written.length,
        captured.length,
        intents.filter((i) => i.status === 'canceled').length,
        oversold,
        chargedWithoutStock,
        `${(buyers / seconds).toFixed(1)} req/s`,
        ms(pct(durations, 95)),
      );
    }

    section(
      'Promo code limits under concurrency: 20 buyers with authorized cards and a code limited to 5 uses, at once (plenty of stock)',
    );
    row(
      'buyers',
      'discounted orders',
      'code uses counted',
      'captures',
      'cancelled authorizations',
      'charged without an order',
      'verdict',
    );
    await createPromoCode({
      code: 'BENCH5',
      kind: 'amount',
      value: 500,
      maxRedemptions: 5,
      active: true,
      combinesWithSales: false,
    });
    await products.put({
      id: 'bench-promo',
      name: 'Bench Promo',
      image: '/x.svg',
      description: 'bench',
      price: 2000,
      tag: 'candles',
      stock: { CANDLE: 1000 },
    });
    const promoBuyers: string[] = [];
    for (let i = 0; i < 20; i++) promoBuyers.push(await authorizedBuyer('bench-promo', 'CANDLE', 'BENCH5'));
    await Promise.all(promoBuyers.map((intentId) => recordGuest(intentId)));
    const promoIntents = await testPaymentIntents.getMany(promoBuyers.map((intentId) => ({ id: intentId })));
    const promoOrders = await ordersOf(promoBuyers);
    const discounted = promoOrders.filter(
      (order) => order.promo?.code === 'BENCH5' && order.amounts.discount === 500,
    ).length;
    const uses = (await promos.get({ code: 'BENCH5' }))?.redemptions ?? 0;
    const promoCaptured = promoIntents.filter((i) => i.status === 'succeeded');
    const chargedWithoutOrder = promoCaptured.filter((i) => !promoOrders.some((order) => paidBy(order, i.id))).length;
    row(
      20,
      discounted,
      uses,
      promoCaptured.length,
      promoIntents.filter((i) => i.status === 'canceled').length,
      chargedWithoutOrder,
      discounted === 5 && uses === 5 && chargedWithoutOrder === 0 ? 'held' : 'BROKEN',
    );
    raw.destroy();
  } finally {
    await dynamo.stop();
    await new Promise((resolve) => sesServer.close(resolve));
    rmSync(outbox, { recursive: true, force: true });
  }
}

async function routeJs() {
  section('JavaScript before a storefront route is usable (gzip), budget 150 KB');
  const { chromium } = await import('playwright-core');
  await buildWeb(ROOT);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-stack-'));
  const stack = await startLocalStack({
    port: await freePort(),
    dynamoPort: await freePort(),
    cognitoPort: await freePort(),
    dataDir,
    webDir: path.join(ROOT, 'web', 'dist'),
    admin: { email: 'admin@example.com', password: 'ShopAdmin1' },
  });
  await stack.ready;
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    row('route', 'JS files', 'JS gzip', 'budget');
    const routes = [
      '/',
      ...CATEGORIES.map((c) => `/product-list/${c.slug}`),
      `/product/${SEED_PRODUCTS[3].id}`,
      '/cart',
      '/search?q=candle',
      '/login',
      '/contact-us',
      '/about-us',
    ];
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
  // Inside the repository, so a bundle that carries sharp finds its native binary in node_modules when loaded.
  mkdirSync(path.join(ROOT, 'node_modules', '.cache'), { recursive: true });
  const out = mkdtempSync(path.join(ROOT, 'node_modules', '.cache', 'bench-'));
  try {
    if (process.env.BENCH_ONLY === 'first-start') {
      await firstStart(section, row, ROOT, freePort);
    } else if (process.env.BENCH_ONLY === 'lighthouse') {
      // Only the storefront's before-and-after Lighthouse table (docs/performance.md): a quick loop on main-thread
      // work.
      await buildWeb(ROOT);
      await storefront(section, row, ROOT, freePort, { lighthouseOnly: true });
    } else if (process.env.BENCH_ONLY === 'cold') {
      // Only the Lambda bundles and cold loads (issue 39): a quick loop on what a function carries.
      await bundles(out);
    } else if (process.env.BENCH_ONLY === 'latency') {
      // Only the handlers' latency against the GetItem baseline and the checkouts under concurrency.
      await latency();
    } else {
      await bundles(out);
      await latency();
      if (process.env.BENCH_SKIP_BROWSER !== '1') {
        await routeJs();
        await storefront(section, row, ROOT, freePort);
      }
      if (process.env.BENCH_SKIP_FIRST_START !== '1') await firstStart(section, row, ROOT, freePort);
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
  const widths: number[] = [];
  for (const cells of rows)
    if (cells.length > 1) cells.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  const text = rows
    .map((cells) => (cells.length === 1 ? `\n${cells[0]}` : cells.map((cell, i) => cell.padEnd(widths[i])).join('  ')))
    .join('\n');
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
