/**
 * The storefront part of `npm run bench` (run it under the shared lock): the local shop as `npm start` serves it
 * (photo-sized demo catalogue), plus six 2400x1800 phone photos of several MB uploaded through the admin path
 * (upload URL, presigned PUT, the image pipeline, then the product), then
 * - Lighthouse mobile (default simulated throttling, Debian's Chromium) on every storefront page: home, a category,
 *   a product, the cart with a line in it and search, three runs each, the web app "before" (built at BEFORE_COMMIT)
 *   and "after" (this checkout) in turns on the same stack: performance, TBT, LCP, CLS against the budgets
 *   (performance >= 95 in every run, TBT <= 200 ms, LCP <= 2.0 s, CLS < 0.1; issues 26 and 39), every run printed
 *   with the page's LCP element, after one warm-up run per page (BENCH_PAGES=/,/cart for some pages only);
 * - image bytes per page on a phone (390x844 at DPR 3) and on a desktop (1280x900): no photo over 150 KB in a
 *   category grid on the phone, the product page's main photo under 350 KB on the desktop;
 * - Lighthouse on the candles page of a shop with 2,000 products (issue 17).
 * BENCH_ONLY=lighthouse runs only the before-and-after table; BENCH_CPU_SLOWDOWN=10 slows the CPU more than 4x;
 * BENCH_REPORTS=<folder> keeps the Lighthouse reports of that table (BENCH_TRACES=1: their traces too).
 */
import { AuthFlowType, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startLocalStack, type LocalStack } from '../functions/local/stack';
import { seedPhoto } from '../functions/local/seed-photos';
import { CART_STORAGE_KEY } from '../web/src/features/cart/cartReducer';
import { growCatalogue } from './bench-catalogue';

type Row = (...cells: (string | number)[]) => void;
const CHROMIUM = '/usr/bin/chromium';
const CHROME_FLAGS = '--headless=new --no-sandbox --disable-gpu --disable-background-networking';
/** How the bench's own Chromium loads (playwright-core) start it: Debian's, with the flags Lighthouse's gets. */
const LAUNCH = { executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] };
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ADMIN = { email: 'admin@example.com', password: 'ShopAdmin1' };

/** Six phone photos through the admin's path; answers the ids of the products made with them. */
async function uploadThroughAdmin(stack: LocalStack, row: Row): Promise<string[]> {
  const auth = await stack.cognito.client.send(
    new InitiateAuthCommand({
      AuthFlow: AuthFlowType.USER_PASSWORD_AUTH,
      ClientId: stack.cognito.clientId,
      AuthParameters: { USERNAME: ADMIN.email, PASSWORD: ADMIN.password },
    }),
  );
  const headers = {
    authorization: `Bearer ${auth.AuthenticationResult!.AccessToken!}`,
    'content-type': 'application/json',
  };
  const colors: [string, string][] = [
    ['#7c2d12', '#fed7aa'],
    ['#365314', '#ecfccb'],
    ['#1e3a8a', '#dbeafe'],
    ['#831843', '#fce7f3'],
    ['#78350f', '#fef3c7'],
    ['#134e4a', '#ccfbf1'],
  ];
  const ids: string[] = [];
  let largest = 0;
  let slowest = 0;
  for (const [i, pair] of colors.entries()) {
    const photo = await seedPhoto('candle', pair, i % 3);
    largest = Math.max(largest, photo.length);
    const target = (await (
      await fetch(`${stack.url}/api/admin/uploads`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ contentType: 'image/jpeg', size: photo.length, fileName: `IMG_${i}.jpg` }),
      })
    ).json()) as UploadTarget;
    const started = Date.now();
    const put = await fetch(target.uploadUrl, { method: 'PUT', headers: target.headers, body: new Uint8Array(photo) });
    if (!put.ok) throw new Error(`upload ${i} answered ${put.status}`);
    for (;;) {
      const status = (await (await fetch(`${stack.url}/api/admin/uploads/${target.id}`, { headers })).json()) as {
        status: string;
        reason?: string;
      };
      if (status.status === 'ready') break;
      if (status.status === 'failed') throw new Error(`photo ${i} failed: ${status.reason}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    slowest = Math.max(slowest, Date.now() - started);
    const body = {
      name: `Bench Photo Candle ${i + 1}`,
      description: 'A candle photographed with a phone.',
      price: 1500 + i,
      tag: 'candles',
      image: target.url,
      stock: { CANDLE: 5 },
    };
    const created = (await (
      await fetch(`${stack.url}/api/admin/products`, { method: 'POST', headers, body: JSON.stringify(body) })
    ).json()) as { id: string };
    ids.push(created.id);
  }
  row(
    'admin uploads',
    `${colors.length} photos 2400x1800, up to ${kb(largest)}`,
    `ready (variants made) within ${(slowest / 1000).toFixed(1)} s of the PUT`,
  );
  return ids;
}

/** The parts of the upload answer and of a Lighthouse report read here. */
type UploadTarget = { id: string; uploadUrl: string; headers: Record<string, string>; url: string };
/** A node as a Lighthouse report names it (an audit's or insight's details). */
type ReportNode = { type?: string; selector?: string; snippet?: string; nodeLabel?: string };
type LighthouseReport = {
  lighthouseVersion: string;
  categories: { performance: { score: number } };
  audits: Record<
    'largest-contentful-paint' | 'cumulative-layout-shift' | 'total-blocking-time',
    { numericValue: number }
  > &
    Record<string, { details?: unknown } | undefined>;
};
type Run = { performance: number; lcp: number; cls: number; tbt: number; element: string };

/**
 * The page's LCP element as the report names it: Lighthouse 13's LCP breakdown insight (12's
 * largest-contentful-paint-element audit), its first node: tag, classes and the start of its text or its source.
 */
export function lcpElement(report: Pick<LighthouseReport, 'audits'>): string {
  const nodes: ReportNode[] = [];
  const visit = (value: unknown) => {
    if (!value || typeof value !== 'object') return;
    if ((value as ReportNode).type === 'node') nodes.push(value);
    for (const child of Object.values(value)) visit(child);
  };
  visit(report.audits['lcp-breakdown-insight']?.details ?? report.audits['largest-contentful-paint-element']?.details);
  const node = nodes[0];
  if (!node) return 'not named';
  const tag = /^<([a-z0-9-]+)/i.exec(node.snippet ?? '')?.[1] ?? '';
  const classes =
    /class="([^"]*)"/
      .exec(node.snippet ?? '')?.[1]
      ?.trim()
      .split(/\s+/)
      .join('.') ?? '';
  const label = (node.nodeLabel ?? '').replace(/\s+/g, ' ').slice(0, 40);
  return `${tag}${classes ? `.${classes}` : ''}${label ? ` "${label}"` : ''}`;
}

/**
 * Lighthouse's CPU slow-down (its mobile default: 4x, a mid-range phone). BENCH_CPU_SLOWDOWN sets another, for
 * example 10 for a slower phone, or for what a busy machine does to the 4x (docs/decisions/0082).
 */
const CPU_SLOWDOWN = Number(process.env.BENCH_CPU_SLOWDOWN ?? 4);

/**
 * BENCH_REPORTS=<folder> keeps each before-and-after Lighthouse report there (lh-<page>-<side>-<run>.json) to read its
 * audits; with BENCH_TRACES=1 each run's trace too (Lighthouse's `--save-assets`: `lh-<page>-<side>-<run>-0.trace.json`,
 * Chrome's trace of the load, whose tasks the long-tasks audit leaves unattributed).
 */
const REPORTS = process.env.BENCH_REPORTS;
const TRACES = Boolean(REPORTS && process.env.BENCH_TRACES);

/** The Lighthouse the bench runs (package.json's devDependency), said in its tables. */
let lighthouseVersion = '';

/**
 * One Lighthouse mobile run (its default: Moto G Power, simulated slow 4G, CPU slowed down) on one page, as a child
 * process without blocking: the shop it measures runs in this process. With `profile` Chromium starts from that
 * user data folder and Lighthouse keeps its storage (a cart kept in local storage); the folder is the run's own copy.
 */
async function lighthouseRun(url: string, file: string, profile?: string): Promise<Run> {
  const flags = profile ? `${CHROME_FLAGS} --user-data-dir=${profile}` : CHROME_FLAGS;
  const args = [
    'lighthouse',
    url,
    `--chrome-path=${CHROMIUM}`,
    `--chrome-flags=${flags}`,
    '--only-categories=performance',
    '--output=json',
    `--output-path=${file}`,
    '--quiet',
  ];
  if (TRACES) args.push('--save-assets');
  if (profile) args.push('--disable-storage-reset');
  if (CPU_SLOWDOWN !== 4) args.push(`--throttling.cpuSlowdownMultiplier=${CPU_SLOWDOWN}`);
  await promisify(execFile)('npx', args, { timeout: 240_000 });
  const report = JSON.parse(readFileSync(file, 'utf8')) as LighthouseReport;
  lighthouseVersion = report.lighthouseVersion;
  return {
    performance: Math.round(report.categories.performance.score * 100),
    lcp: report.audits['largest-contentful-paint'].numericValue / 1000,
    cls: report.audits['cumulative-layout-shift'].numericValue,
    tbt: report.audits['total-blocking-time'].numericValue,
    element: lcpElement(report),
  };
}

/** Each figure's median over the runs (three), and the lowest and highest score. */
function medians(runs: Run[]) {
  const mid = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return {
    performance: mid(runs.map((run) => run.performance)),
    lowest: Math.min(...runs.map((run) => run.performance)),
    highest: Math.max(...runs.map((run) => run.performance)),
    lcp: mid(runs.map((run) => run.lcp)),
    cls: mid(runs.map((run) => run.cls)),
    tbt: mid(runs.map((run) => run.tbt)),
  };
}

/**
 * The storefront's budgets in every run (issues 26 and 39): performance >= 95, Total Blocking Time <= 200 ms,
 * LCP <= 2.0 s, CLS < 0.1.
 */
export const BUDGETS = { performance: 95, tbt: 200, lcp: 2.0, cls: 0.1 } as const;
export const withinBudgets = (run: Pick<Run, 'performance' | 'tbt' | 'lcp' | 'cls'>) =>
  run.performance >= BUDGETS.performance && run.tbt <= BUDGETS.tbt && run.lcp <= BUDGETS.lcp && run.cls < BUDGETS.cls;
/** What a run missed, or '' when it is within every budget. */
const overBy = (run: Run) =>
  [
    run.performance < BUDGETS.performance ? `performance ${run.performance}` : '',
    run.tbt > BUDGETS.tbt ? `TBT ${Math.round(run.tbt)} ms` : '',
    run.lcp > BUDGETS.lcp ? `LCP ${run.lcp.toFixed(2)} s` : '',
    run.cls >= BUDGETS.cls ? `CLS ${run.cls.toFixed(3)}` : '',
  ]
    .filter(Boolean)
    .join(', ');

/** Lighthouse mobile, three runs, the medians: the candles page of the grown catalogue. */
async function lighthouse(url: string, outDir: string) {
  const runs: Run[] = [];
  for (const run of [0, 1, 2]) runs.push(await lighthouseRun(url, path.join(outDir, `lh-${run}.json`)));
  return medians(runs);
}

/**
 * The web app as it was built at `ref` ("before"): web/ and shared/ of that commit (git archive) beside this
 * checkout's node_modules, built with that commit's own vite config. Answers why not when the commit is not here.
 */
async function buildWebAt(
  root: string,
  ref: string,
  dir: string,
): Promise<{ dist: string; commit: string } | { why: string }> {
  const run = promisify(execFile);
  let commit: string;
  try {
    commit = (await run('git', ['-C', root, 'rev-parse', '--short', `${ref}^{commit}`])).stdout.trim();
  } catch {
    return {
      why: `${ref} is not a commit of this clone (BENCH_BEFORE=<commit> names another, BENCH_BEFORE=none skips it)`,
    };
  }
  const archive = path.join(dir, 'source.tar');
  await run('git', [
    '-C',
    root,
    'archive',
    '--format=tar',
    `--output=${archive}`,
    commit,
    'web',
    'shared',
    'package.json',
    'tsconfig.json',
  ]);
  await run('tar', ['-xf', archive, '-C', dir]);
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  await run(
    process.execPath,
    [
      path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'),
      'build',
      '--config',
      path.join(dir, 'web', 'vite.config.mts'),
      '--logLevel',
      'error',
    ],
    {
      cwd: dir,
      env: { ...process.env, NODE_ENV: 'production' },
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  return { dist: path.join(dir, 'web', 'dist'), commit };
}

/**
 * What the stack serves as its web app: a link switched between builds ("before" and "after"), so both are measured
 * against the same stack, catalogue and photos. The page function and the site door read through it on each request.
 */
function switchableSite(dir: string) {
  const link = path.join(dir, 'site');
  const use = (dist: string) => {
    const next = `${link}.next`;
    rmSync(next, { force: true });
    symlinkSync(dist, next, 'dir');
    renameSync(next, link);
  };
  return { link, use };
}

/**
 * A Chromium profile whose local storage holds a cart of one line (`line`, two of it) for the shop at `origin`:
 * made by opening a page of the shop that loads no app (the health check), so nothing of the app is cached in it.
 */
async function cartProfile(origin: string, dir: string, line: Record<string, unknown>): Promise<string> {
  const { chromium } = await import('playwright-core');
  const context = await chromium.launchPersistentContext(dir, {
    ...LAUNCH,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${origin}/api/health`);
    await page.evaluate(([key, cart]) => localStorage.setItem(key, cart), [CART_STORAGE_KEY, JSON.stringify([line])]);
  } finally {
    await context.close();
  }
  for (const cache of ['Cache', 'Code Cache', 'GPUCache'])
    rmSync(path.join(dir, 'Default', cache), { recursive: true, force: true });
  return dir;
}

/**
 * The page's LCP element as Chromium reports it while the page loads, for the runs whose report names none: Lighthouse
 * describes the element after the load, and the element painted from the first HTML is gone by then (the app's
 * take-over puts its own in its place), so its report has no node. One load at Lighthouse's phone size, with an
 * observer of the page's largest-contentful-paint entries, each element described when its entry comes.
 */
async function lcpSeenInChromium(url: string, profile?: string): Promise<string> {
  const { chromium } = await import('playwright-core');
  const options = {
    ...LAUNCH,
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  };
  const context = profile
    ? await chromium.launchPersistentContext(profile, options)
    : await (await chromium.launch(options)).newContext(options);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { lcpSeen: string[] }).lcpSeen = seen;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { element: Element | null; url: string })[]) {
          const element = entry.element;
          if (!element) continue;
          const classes = [...element.classList].join('.');
          const label = (element.getAttribute('alt') || element.textContent || entry.url.split('/').pop() || '')
            .replace(/\s+/g, ' ')
            .trim()
            .slice(0, 40);
          seen.push(`${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''}${label ? ` "${label}"` : ''}`);
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    const seen = await page.evaluate(() => (window as unknown as { lcpSeen: string[] }).lcpSeen);
    return seen.at(-1) ?? 'not named';
  } finally {
    await context.close();
    await context.browser()?.close();
  }
}

/**
 * Image bytes a page downloads (after scrolling through it, so lazy photos count) and the largest photo of a selector.
 */
async function imageBytes(stack: LocalStack, route: string, device: 'phone' | 'desktop', selector: string) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    ...LAUNCH,
  });
  try {
    const context = await browser.newContext(
      device === 'phone'
        ? { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true }
        : { viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 },
    );
    const page = await context.newPage();
    const sizes = new Map<string, number>();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'image') return;
      try {
        sizes.set(new URL(response.url()).pathname, (await response.body()).length);
      } catch {
        /* no body */
      }
    });
    await page.goto(`${stack.url}${route}`, { waitUntil: 'networkidle' });
    const aboveFold = [...sizes.values()].reduce((a, b) => a + b, 0);
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 400) {
        window.scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    });
    await page.waitForLoadState('networkidle');
    const shown = await page.$$eval(selector, (images) =>
      images.map((img) => new URL((img as HTMLImageElement).currentSrc).pathname),
    );
    const selected = shown.map((src) => sizes.get(src) ?? 0);
    const total = [...sizes.values()].reduce((a, b) => a + b, 0);
    const variants = [...new Set(shown.map((src) => src.split('/').pop()))].join(', ');
    await context.close();
    return { total, aboveFold, count: sizes.size, largest: Math.max(0, ...selected), variants };
  } finally {
    await browser.close();
  }
}

/**
 * The web app measured as "before": this commit's build (the last before decision 0082) unless BENCH_BEFORE names
 * another commit, or is `none` (no "before" columns).
 */
export const BEFORE_COMMIT = 'd15f0f7671f2d17048eb101d82339586e6005236';

/**
 * Lighthouse on every storefront page (home, a category, a product, the cart with a line in it, search), three runs
 * each, the web app "before" (BEFORE_COMMIT's build) and "after" (this checkout's web/dist) measured in turns on the
 * same stack, so a busy moment of the machine falls on both: medians of three, the lowest and highest score, TBT, LCP.
 */
async function beforeAndAfter(
  stack: LocalStack,
  site: ReturnType<typeof switchableSite>,
  product: string,
  dataDir: string,
  root: string,
  section: (title: string) => void,
  row: Row,
) {
  const after = path.join(root, 'web', 'dist');
  const ref = process.env.BENCH_BEFORE ?? BEFORE_COMMIT;
  const before =
    ref === 'none'
      ? { why: 'BENCH_BEFORE=none' }
      : await buildWebAt(root, ref, mkdtempSync(path.join(dataDir, 'before-')));
  const sides =
    'dist' in before
      ? [
          { name: 'before', dist: before.dist },
          { name: 'after', dist: after },
        ]
      : [{ name: 'after', dist: after }];
  const detail = (await (await fetch(`${stack.url}/api/products/${product.split('/').pop()}`)).json()) as {
    id: string;
    name: string;
    image: string;
    price: number;
    sizes: { size: string }[];
  };
  const line = {
    id: detail.id,
    name: detail.name,
    image: detail.image,
    price: detail.price,
    size: detail.sizes[0].size,
    quantity: 2,
  };
  const profile = await cartProfile(stack.url, path.join(dataDir, 'cart-profile'), line);
  const every = [
    { label: '/', route: '/' },
    { label: '/product-list/candles', route: '/product-list/candles' },
    { label: '/product/{uploaded photo}', route: product },
    { label: '/cart (empty)', route: '/cart' },
    { label: '/cart (a line: 2 x that product)', route: '/cart', profile },
    { label: '/cart/shipping (that line)', route: '/cart/shipping', profile },
    { label: '/search?q=candle', route: '/search?q=candle' },
    { label: '/order-status', route: '/order-status' },
    { label: '/custom-printing', route: '/custom-printing' },
  ];
  // BENCH_PAGES=/,/cart measures only the pages at these addresses (a quick loop; /cart: empty and with a line).
  const only = process.env.BENCH_PAGES?.split(',').filter(Boolean);
  const pages = only ? every.filter((page) => only.includes(page.route)) : every;
  /** A load of `page` on `side`'s web app, from its own copy of the page's browser profile when it has one. */
  const withProfile = async <T>(
    page: (typeof every)[number],
    side: (typeof sides)[number],
    name: string,
    load: (profile?: string) => Promise<T>,
  ): Promise<T> => {
    site.use(side.dist);
    const copy = page.profile ? path.join(dataDir, `profile-${side.name}-${name}`) : undefined;
    if (page.profile && copy) cpSync(page.profile, copy, { recursive: true });
    try {
      return await load(copy);
    } finally {
      if (copy) rmSync(copy, { recursive: true, force: true });
    }
  };
  const runOf = (page: (typeof every)[number], side: (typeof sides)[number], run: string) =>
    withProfile(page, side, run, (profile) =>
      lighthouseRun(
        `${stack.url}${page.route}`,
        path.join(REPORTS ?? dataDir, `lh-${every.indexOf(page)}-${side.name}-${run}.json`),
        profile,
      ),
    );
  // The LCP element of a page and side as Chromium saw it, for the runs Lighthouse does not name it in (one load each).
  const seen = new Map<string, Promise<string>>();
  const named = (page: (typeof every)[number], side: (typeof sides)[number], run: Run) => {
    if (run.element !== 'not named') return run.element;
    const key = `${page.label}|${side.name}`;
    if (!seen.has(key))
      seen.set(
        key,
        withProfile(page, side, 'lcp', (profile) => lcpSeenInChromium(`${stack.url}${page.route}`, profile)),
      );
    return seen.get(key)!.then((element) => `${element} (seen in Chromium)`);
  };
  const loadBefore = os.loadavg()[0];
  const results: string[][] = [];
  for (const page of pages) {
    // One warm-up run per side (the stack's and Chromium's first time on the page), not counted.
    for (const side of sides) await runOf(page, side, 'warm-up');
    const runs: Record<string, Run[]> = Object.fromEntries(sides.map((side) => [side.name, []]));
    for (const round of [0, 1, 2]) {
      // Turns alternate who goes first, so neither side always follows the other.
      for (const side of round % 2 ? [...sides].reverse() : sides)
        runs[side.name].push(await runOf(page, side, String(round)));
    }
    for (const side of sides)
      for (const [i, run] of runs[side.name].entries())
        results.push([
          i === 0 ? page.label : '',
          side.name,
          String(i + 1),
          String(run.performance),
          `${Math.round(run.tbt)} ms`,
          `${run.lcp.toFixed(2)} s`,
          run.cls.toFixed(3),
          await named(page, side, run),
          side.name === 'after' ? (overBy(run) ? `OVER: ${overBy(run)}` : 'within') : '',
        ]);
  }
  const load = `load average ${loadBefore.toFixed(1)} before, ${os.loadavg()[0].toFixed(1)} after, ${os.cpus().length} cores`;
  section(
    `Storefront, Lighthouse ${lighthouseVersion} mobile (${CPU_SLOWDOWN}x CPU slow-down${CPU_SLOWDOWN === 4 ? ', its default' : ''}), one warm-up and three runs of each page, every run shown, before and after in turns on the same stack; "before" is ${'dist' in before ? `the web app built at ${before.commit} (BENCH_BEFORE)` : `not measured: ${before.why}`}; budgets in every run: performance >= ${BUDGETS.performance}, TBT <= ${BUDGETS.tbt} ms, LCP <= ${BUDGETS.lcp.toFixed(1)} s, CLS < ${BUDGETS.cls} (${load}: figures on a busy machine are noisy)`,
  );
  row('page', 'side', 'run', 'performance', 'TBT', 'LCP', 'CLS', 'LCP element', 'budgets (after)');
  for (const cells of results) row(...cells);
  site.use(after);
}

/**
 * The storefront part of the bench. `lighthouseOnly` (BENCH_ONLY=lighthouse): only the before-and-after Lighthouse
 * table, for a quick loop on the pages' main-thread work.
 */
export async function storefront(
  section: (title: string) => void,
  row: Row,
  root: string,
  freePort: () => Promise<number>,
  options: { lighthouseOnly?: boolean } = {},
) {
  section('Storefront with photo-sized images: six phone photos uploaded through the admin path');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-storefront-'));
  // The stack serves the web app through a link (switchableSite), pointed at this checkout's build until the turns.
  const site = switchableSite(dataDir);
  site.use(path.join(root, 'web', 'dist'));
  const stack = await startLocalStack({
    port: await freePort(),
    dynamoPort: await freePort(),
    cognitoPort: await freePort(),
    dataDir: path.join(dataDir, 'stack'),
    webDir: site.link,
    admin: ADMIN,
  });
  await stack.ready;
  try {
    const uploaded = await uploadThroughAdmin(stack, row);
    const product = `/product/${uploaded[0]}`;
    await beforeAndAfter(stack, site, product, dataDir, root, section, row);
    if (options.lighthouseOnly) return;

    section(
      'Image bytes of the storefront pages; budgets: grid photo on a phone (DPR 3) <= 150 KB; main photo on a desktop <= 350 KB',
    );
    row(
      'page, device',
      'images',
      'image bytes (first screen)',
      'image bytes (whole page)',
      'largest photo',
      'variants shown',
      'verdict',
    );
    const grid = await imageBytes(stack, '/product-list/candles', 'phone', '.product-grid img');
    row(
      '/product-list/candles, phone DPR 3',
      grid.count,
      kb(grid.aboveFold),
      kb(grid.total),
      kb(grid.largest),
      grid.variants,
      grid.largest <= 150 * 1024 ? 'within 150 KB' : 'OVER 150 KB',
    );
    for (const device of ['phone', 'desktop'] as const) {
      const main = await imageBytes(stack, product, device, 'img.main-image');
      const verdict = device === 'desktop' ? (main.largest < 350 * 1024 ? 'within 350 KB' : 'OVER 350 KB') : '';
      row(
        `${'/product/{uploaded photo}'}, ${device === 'phone' ? 'phone DPR 3' : 'desktop 1280 DPR 1'}`,
        main.count,
        kb(main.aboveFold),
        kb(main.total),
        kb(main.largest),
        main.variants,
        verdict,
      );
    }
    const home = await imageBytes(stack, '/', 'phone', '.hot-items img');
    row('/, phone DPR 3', home.count, kb(home.aboveFold), kb(home.total), kb(home.largest), home.variants, '');

    // Issue 17: the same candles page when the shop lists 2,000 products (a quarter candles): one page is shown.
    const grown = await growCatalogue(2000);
    row(
      `catalogue of ${grown.listed} products (${grown.candles} candles)`,
      'performance (lowest-highest)',
      'LCP',
      'CLS',
      'TBT',
      'verdict',
    );
    const big = await lighthouse(`${stack.url}/product-list/candles`, dataDir);
    const bigOk = withinBudgets({ performance: big.lowest, tbt: big.tbt, lcp: big.lcp, cls: big.cls });
    row(
      '/product-list/candles (2,000 products)',
      `${big.performance} (${big.lowest}-${big.highest})`,
      `${big.lcp.toFixed(2)} s`,
      big.cls.toFixed(3),
      `${Math.round(big.tbt)} ms`,
      bigOk ? 'within budgets' : 'OVER BUDGET',
    );
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
