import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { COGNITO_TRIGGERS, JOBS } from '#shared/jobs';
import { ROUTES } from '#shared/routes';
import { runtimeConfigSchema } from '#shared/schemas/common';

/**
 * The real `cdk synth` an operator runs: offline, bundling every handler with esbuild and building the SPA with vite.
 */
const root = path.resolve(__dirname, '..', '..');
const out = mkdtempSync(path.join(os.tmpdir(), 'shop-synth-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/**
 * The CDK's own functions (named one by one in shop-stack.test.ts): bucket emptying, the SPA deployment, bucket
 * notifications.
 */
const CDK_HELPERS = 3;
/** One function per handler module (the page routes share the page function). */
const HANDLERS = new Set(ROUTES.map((route) => route.handler)).size;
/** The image pipeline. */
const EVENT_FUNCTIONS = 1;

type Resource = { Type: string; Properties: Record<string, unknown>; Metadata?: Record<string, string> };
/** The shop stack's own resources. */
let resources: Resource[];
/** Every nested stack's (the routes' areas, the alarms), as `cdk synth` writes them beside it. */
let nestedResources: Resource[];

// A safety net, not a budget: the synth bundles every function with esbuild and builds the SPA (about 2 minutes of CPU
// on 2 cores; a machine busy with other work stretches it several times over).
beforeAll(() => {
  execFileSync('npx', ['cdk', 'synth', '--quiet', '-o', out], { cwd: root, stdio: 'pipe', timeout: 900_000 });
  const template = JSON.parse(readFileSync(path.join(out, 'Shop-dev.template.json'), 'utf8'));
  resources = Object.values(template.Resources as Record<string, Resource>);
  nestedResources = readdirSync(out)
    .filter((name) => name.endsWith('.nested.template.json'))
    .flatMap((name) => Object.values(JSON.parse(readFileSync(path.join(out, name), 'utf8')).Resources as object))
    .map((resource) => resource as Resource);
}, 930_000);

it('`npx cdk synth` writes one bundled Lambda function per handler, job and Cognito trigger, the image pipeline (plus the CDK helpers)', () => {
  const functions = [...resources, ...nestedResources].filter((r) => r.Type === 'AWS::Lambda::Function');
  expect(functions).toHaveLength(HANDLERS + JOBS.length + COGNITO_TRIGGERS.length + EVENT_FUNCTIONS + CDK_HELPERS);
  const routes = resources.filter((r) => r.Type === 'AWS::ApiGatewayV2::Route');
  expect(routes.map((r) => r.Properties.RouteKey).sort()).toEqual(ROUTES.map((r) => `${r.method} ${r.path}`).sort());
  const bundled = functions
    .map((fn) => fn.Metadata?.['aws:asset:path'])
    .filter((asset): asset is string => Boolean(asset) && existsSync(path.join(out, asset!, 'index.js')));
  expect(bundled.length).toBeGreaterThanOrEqual(HANDLERS + JOBS.length + COGNITO_TRIGGERS.length + EVENT_FUNCTIONS);
  // SDK call traces are off by default (context traceSdkCalls): no bundle carries the X-Ray SDK.
  const withXray = bundled.filter((asset) =>
    readFileSync(path.join(out, asset, 'index.js'), 'utf8').includes('XRaySDKInstrumentation'),
  );
  expect(withXray).toEqual([]);
});

it('bundles the image pipeline with sharp installed for the Lambda (Linux arm64, glibc), whatever machine synthesised', () => {
  const fn = resources.find(
    (r) =>
      r.Type === 'AWS::Lambda::Function' &&
      typeof r.Properties.Description === 'string' &&
      r.Properties.Description.startsWith('Image pipeline'),
  )!;
  expect(fn.Properties.Architectures).toEqual(['arm64']);
  const asset = path.join(out, fn.Metadata!['aws:asset:path']);
  expect(existsSync(path.join(asset, 'index.js'))).toBe(true);
  // sharp is left out of the esbuild bundle and installed beside it with its prebuilt binary for the Lambda.
  expect(readFileSync(path.join(asset, 'index.js'), 'utf8')).toContain('require("sharp")');
  const img = readdirSync(path.join(asset, 'node_modules', '@img'));
  expect(img).toEqual(expect.arrayContaining(['sharp-linux-arm64', 'sharp-libvips-linux-arm64']));
  expect(img.filter((name) => /x64|darwin|win32|musl|wasm/.test(name))).toEqual([]);
  expect(existsSync(path.join(asset, 'node_modules', 'sharp', 'package.json'))).toBe(true);
});

it('builds the SPA into the deployed asset (index.html and hashed assets) and writes config.json beside it', () => {
  const deployments = resources.filter((r) => r.Type === 'Custom::CDKBucketDeployment');
  const assets = deployments.find((d) => d.Properties.Include)!;
  const shell = deployments.find((d) => !d.Properties.Include)!;
  const folder = (key: unknown) => path.join(out, `asset.${String(key).replace(/\.zip$/, '')}`);

  const build = folder((assets.Properties.SourceObjectKeys as string[])[0]);
  expect(readFileSync(path.join(build, 'index.html'), 'utf8')).toMatch(
    /<script type="module"[^>]+src="\/assets\/[^"]+\.js"/,
  );
  expect(readdirSync(path.join(build, 'assets')).some((file) => /-[\w-]{8,}\.js$/.test(file))).toBe(true);
  // The API description is part of the build (CloudFront serves it at /api/openapi.json).
  const description = JSON.parse(readFileSync(path.join(build, 'api', 'openapi.json'), 'utf8'));
  expect(description.openapi).toBe('3.1.0');
  expect(Object.keys(description.paths)).toEqual(
    expect.arrayContaining([...new Set(ROUTES.map((route) => route.path))]),
  );
  expect((shell.Properties.SourceObjectKeys as string[])[0]).toBe((assets.Properties.SourceObjectKeys as string[])[0]);

  const config = readFileSync(
    path.join(folder((shell.Properties.SourceObjectKeys as string[])[1]), 'config.json'),
    'utf8',
  );
  expect(runtimeConfigSchema.parse(JSON.parse(config.replace(/<<marker:0xbaba:\d+>>/g, 'x')))).toMatchObject({
    paymentMode: 'stripe',
    cognitoEndpoint: null,
  });
});

it("writes the edge stack beside it: ShopEdge-dev with the distribution's web ACL, which the shop stack reads", () => {
  const edge = JSON.parse(readFileSync(path.join(out, 'ShopEdge-dev.template.json'), 'utf8'));
  const acls = Object.values(edge.Resources as Record<string, Resource>).filter((r) => r.Type === 'AWS::WAFv2::WebACL');
  expect(acls.map((acl) => acl.Properties.Scope)).toEqual(['CLOUDFRONT']);
  const distribution = resources.find((r) => r.Type === 'AWS::CloudFront::Distribution')!;
  expect((distribution.Properties.DistributionConfig as Record<string, unknown>).WebACLId).toEqual({
    'Fn::GetStackOutput': { StackName: 'ShopEdge-dev', OutputName: 'WebAclArn', Region: 'us-east-1' },
  });
});

it("writes the routes' functions in nested stacks, one per area (decision 0094), the jobs in theirs (0183) and the alarms in theirs (0071): an alarm per function, none in the shop stack", () => {
  const areas = new Set(ROUTES.map((route) => route.handler.split('/')[0])).size;
  const nestedStacks = resources.filter((r) => r.Type === 'AWS::CloudFormation::Stack');
  // One per area, the jobs' and the alarms'.
  expect(nestedStacks).toHaveLength(areas + 2);
  expect(readdirSync(out).filter((name) => name.endsWith('.nested.template.json'))).toHaveLength(areas + 2);
  expect(resources.filter((r) => r.Type === 'AWS::CloudWatch::Alarm')).toEqual([]);
  const functions = [...resources, ...nestedResources].filter((r) => r.Type === 'AWS::Lambda::Function').length;
  expect(nestedResources.filter((r) => r.Type === 'AWS::CloudWatch::Alarm').length).toBeGreaterThanOrEqual(
    functions - CDK_HELPERS,
  );
  // Every route stays in the shop stack (a route moved between stacks would collide with itself).
  expect(nestedResources.filter((r) => r.Type === 'AWS::ApiGatewayV2::Route')).toEqual([]);
});
