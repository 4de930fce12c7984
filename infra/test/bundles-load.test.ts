import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { COGNITO_TRIGGERS, JOBS } from '#shared/jobs';
import { ROUTE_LIST } from '#shared/routes';

/**
 * Every function of the stack loads from the bundle CDK makes of it (infra/lib/shop-function.ts: one CommonJS file,
 * dependencies' ESM builds first, everything bundled but the native packages a function declares, which are installed
 * beside it). Locally the functions run from their TypeScript, so a package that cannot be bundled passes every other
 * test and fails only in AWS, at every cold start: sharp's ESM build calls createRequire(import.meta.url), which
 * throws in a CommonJS bundle, and once broke all fifteen quote functions.
 */
const ROOT = path.resolve(__dirname, '..', '..');
// Inside the repository, so that a native package left outside the bundle resolves from node_modules as in Lambda.
const OUT = path.join(ROOT, 'node_modules', '.cache', 'bundles-load');

interface Entry {
  name: string;
  file: string;
  native: readonly string[];
}

const entries: Entry[] = [
  ...[...new Map(ROUTE_LIST.map((route) => [route.handler, route])).values()].map((route) => ({
    name: `route ${route.handler}`,
    file: path.join(ROOT, 'functions', 'http', `${route.handler}.ts`),
    native: route.native ?? [],
  })),
  ...JOBS.map((job) => ({
    name: `job ${job.handler}`,
    file: path.join(ROOT, 'functions', 'jobs', `${job.handler}.ts`),
    native: [],
  })),
  ...COGNITO_TRIGGERS.map((trigger) => ({
    name: `trigger ${trigger.handler}`,
    file: path.join(ROOT, 'functions', 'triggers', `${trigger.handler}.ts`),
    native: [],
  })),
  // The image pipeline (infra/lib/images.ts), with sharp installed beside it.
  { name: 'event process-image', file: path.join(ROOT, 'functions', 'events', 'process-image.ts'), native: ['sharp'] },
];

beforeAll(() => {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
});
afterAll(() => rmSync(OUT, { recursive: true, force: true }));

it('every route, job, trigger and event function loads from its bundle as CDK makes it', async () => {
  const bundled: { name: string; file: string }[] = [];
  // One build per set of native packages left outside (each output stands alone: no shared chunks).
  const groups = new Map<string, Entry[]>();
  for (const entry of entries)
    groups.set(entry.native.join(','), [...(groups.get(entry.native.join(',')) ?? []), entry]);
  for (const [native, group] of groups) {
    const entryPoints = Object.fromEntries(group.map((entry, at) => [`${native || 'plain'}-${at}`, entry.file]));
    await build({
      entryPoints,
      outdir: OUT,
      bundle: true,
      platform: 'node',
      format: 'cjs',
      mainFields: ['module', 'main'],
      // The Lambda runtime's syntax is newer; this machine's Node.js 20 runs the test (syntax only: what is bundled and
      // how it loads is the same).
      target: 'node20',
      external: native ? native.split(',') : [],
      logLevel: 'silent',
    });
    group.forEach((entry, at) =>
      bundled.push({ name: entry.name, file: path.join(OUT, `${native || 'plain'}-${at}.js`) }),
    );
  }
  // Loaded in a child process, one after the other, as a cold start loads one (with the settings a function reads).
  const script = `
    const failed = [];
    for (const { name, file } of JSON.parse(process.argv[1])) {
      try {
        const module = require(file);
        if (typeof module.handler !== 'function') failed.push(name + ': no handler exported');
      } catch (error) {
        failed.push(name + ': ' + String(error && error.message).split('\\n')[0]);
      }
    }
    process.stdout.write(JSON.stringify(failed));
  `;
  const output = execFileSync(process.execPath, ['-e', script, JSON.stringify(bundled)], {
    cwd: ROOT,
    env: { ...process.env, TABLE_NAME: 'shop', AWS_REGION: 'us-east-1', NODE_OPTIONS: '' },
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  expect(JSON.parse(output)).toEqual([]);
  expect(bundled.length).toBeGreaterThan(80);
  // Ninety bundles are made and loaded: 10 to 25 s on 2 cores, more on a busy machine; a hang still ends the test.
}, 180_000);
