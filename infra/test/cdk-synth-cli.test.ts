import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { COGNITO_TRIGGERS, JOBS } from '../../shared/jobs';
import { ROUTES } from '../../shared/routes';

/** The real `cdk synth` an operator runs: offline, bundling every handler with esbuild. */
const root = path.resolve(__dirname, '..', '..');
const out = mkdtempSync(path.join(os.tmpdir(), 'shop-synth-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

it('`npx cdk synth` writes one bundled Lambda function per route, job and Cognito trigger (plus one CDK helper)', () => {
  execFileSync('npx', ['cdk', 'synth', '--quiet', '-o', out], { cwd: root, stdio: 'pipe', timeout: 240_000 });
  const template = JSON.parse(readFileSync(path.join(out, 'Shop-dev.template.json'), 'utf8'));
  const functions = Object.values(template.Resources as Record<string, { Type: string; Metadata?: Record<string, string> }>).filter((r) => r.Type === 'AWS::Lambda::Function');
  expect(functions).toHaveLength(ROUTES.length + JOBS.length + COGNITO_TRIGGERS.length + 1);
  const routes = Object.values(template.Resources as Record<string, { Type: string; Properties: { RouteKey: string } }>).filter((r) => r.Type === 'AWS::ApiGatewayV2::Route');
  expect(routes.map((r) => r.Properties.RouteKey).sort()).toEqual(ROUTES.map((r) => `${r.method} ${r.path}`).sort());
  const bundled = functions.map((fn) => fn.Metadata?.['aws:asset:path']).filter((asset): asset is string => Boolean(asset) && existsSync(path.join(out, asset!, 'index.js')));
  expect(bundled.length).toBeGreaterThanOrEqual(ROUTES.length + JOBS.length + COGNITO_TRIGGERS.length);
}, 300_000);
