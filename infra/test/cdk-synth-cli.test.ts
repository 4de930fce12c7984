import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { COGNITO_TRIGGERS, JOBS } from '../../shared/jobs';
import { ROUTES } from '../../shared/routes';
import { runtimeConfigSchema } from '../../shared/schemas/common';

/** The real `cdk synth` an operator runs: offline, bundling every handler with esbuild and building the SPA with vite. */
const root = path.resolve(__dirname, '..', '..');
const out = mkdtempSync(path.join(os.tmpdir(), 'shop-synth-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** The CDK's own functions (named one by one in shop-stack.test.ts): bucket emptying and the SPA deployment. */
const CDK_HELPERS = 2;

type Resource = { Type: string; Properties: Record<string, unknown>; Metadata?: Record<string, string> };
let resources: Resource[];

beforeAll(() => {
  execFileSync('npx', ['cdk', 'synth', '--quiet', '-o', out], { cwd: root, stdio: 'pipe', timeout: 300_000 });
  const template = JSON.parse(readFileSync(path.join(out, 'Shop-dev.template.json'), 'utf8'));
  resources = Object.values(template.Resources as Record<string, Resource>);
}, 330_000);

it('`npx cdk synth` writes one bundled Lambda function per route, job and Cognito trigger (plus the CDK helpers)', () => {
  const functions = resources.filter((r) => r.Type === 'AWS::Lambda::Function');
  expect(functions).toHaveLength(ROUTES.length + JOBS.length + COGNITO_TRIGGERS.length + CDK_HELPERS);
  const routes = resources.filter((r) => r.Type === 'AWS::ApiGatewayV2::Route');
  expect(routes.map((r) => r.Properties.RouteKey).sort()).toEqual(ROUTES.map((r) => `${r.method} ${r.path}`).sort());
  const bundled = functions.map((fn) => fn.Metadata?.['aws:asset:path']).filter((asset): asset is string => Boolean(asset) && existsSync(path.join(out, asset!, 'index.js')));
  expect(bundled.length).toBeGreaterThanOrEqual(ROUTES.length + JOBS.length + COGNITO_TRIGGERS.length);
});

it('builds the SPA into the deployed asset (index.html and hashed assets) and writes config.json beside it', () => {
  const deployments = resources.filter((r) => r.Type === 'Custom::CDKBucketDeployment');
  const assets = deployments.find((d) => d.Properties.Include)!;
  const shell = deployments.find((d) => !d.Properties.Include)!;
  const folder = (key: unknown) => path.join(out, `asset.${String(key).replace(/\.zip$/, '')}`);

  const build = folder((assets.Properties.SourceObjectKeys as string[])[0]);
  expect(readFileSync(path.join(build, 'index.html'), 'utf8')).toMatch(/<script type="module"[^>]+src="\/assets\/[^"]+\.js"/);
  expect(readdirSync(path.join(build, 'assets')).some((file) => /-[\w-]{8,}\.js$/.test(file))).toBe(true);
  expect((shell.Properties.SourceObjectKeys as string[])[0]).toBe((assets.Properties.SourceObjectKeys as string[])[0]);

  const config = readFileSync(path.join(folder((shell.Properties.SourceObjectKeys as string[])[1]), 'config.json'), 'utf8');
  expect(runtimeConfigSchema.parse(JSON.parse(config.replace(/<<marker:0xbaba:\d+>>/g, 'x')))).toMatchObject({ paymentMode: 'stripe', cognitoEndpoint: null });
});
