import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Template } from 'aws-cdk-lib/assertions';
import { COGNITO_TRIGGERS, JOBS } from '#shared/jobs';
import { BUSINESS_METRICS, METRICS_SERVICE } from '#shared/observability';
import { isCognitoGroup, RATE_LIMIT_GROUPS } from '#shared/rate-limits';
import { ROUTES, routeId } from '#shared/routes';
import { LATENCY_STATISTICS } from '../lib/dashboard';
import type { ShopFunction } from '../lib/shop-function';
import type { ShopStack } from '../lib/shop-stack';
import { FULL_CONTEXT, logicalIdOf, renderCfnString, resourcesOf, synthShop } from './synth';

/** Issue 16: the dashboard, X-Ray on every function, log retention per stage, point-in-time recovery. */
const PROD = { ...FULL_CONTEXT, stage: 'prod' };

const idOf = (_stack: ShopStack, fn: ShopFunction) => logicalIdOf(fn);
/**
 * Every function of the shop: one per route handler (the page routes share one), job and trigger, and the image
 * pipeline.
 */
const shopFunctions = (stack: ShopStack) => [
  ...stack.routeFunctions.values(),
  ...stack.jobFunctions.values(),
  ...stack.triggerFunctions.values(),
  stack.imageFunction,
];

interface Widget {
  type: string;
  properties: { title?: string; markdown?: string; metrics?: unknown[][] };
}

/** The dashboard body as CloudWatch reads it, with each function's name shown as `fn:<logical id>`. */
function dashboardWidgets(stack: ShopStack, template: Template): Widget[] {
  const [dashboard] = Object.values(resourcesOf(template, 'AWS::CloudWatch::Dashboard'));
  const names: Record<string, string> = {
    'AWS::Region': 'us-east-1',
    [stack.getLogicalId(stack.table.node.defaultChild as never)]: 'the-table',
  };
  for (const fn of shopFunctions(stack)) names[idOf(stack, fn)] = `fn:${idOf(stack, fn)}`;
  names[stack.getLogicalId(stack.api.node.defaultChild as never)] = 'the-api';
  return JSON.parse(renderCfnString(dashboard.Properties.DashboardBody, names)).widgets;
}
const metricsOf = (widgets: Widget[]) => widgets.flatMap((widget) => widget.properties.metrics ?? []);

describe.each([
  ['dev', {}, 30],
  ['prod', PROD, 365],
] as const)('stage %s', (stage, context, retentionDays) => {
  let stack: ShopStack;
  let template: Template;
  beforeAll(() => {
    ({ stack, whole: template } = synthShop({ context }));
  });

  test('one dashboard, named for the stack and region, and its address is an output', () => {
    const dashboards = Object.values(resourcesOf(template, 'AWS::CloudWatch::Dashboard'));
    expect(dashboards).toHaveLength(1);
    expect(renderCfnString(dashboards[0].Properties.DashboardName, { 'AWS::Region': 'us-east-1' })).toBe(
      `Shop-${stage}-us-east-1`,
    );
    template.hasOutput('DashboardUrl', {});
  });

  test('the dashboard shows every business metric, from the namespace and dimension the functions write', () => {
    const business = metricsOf(dashboardWidgets(stack, template)).filter((metric) => metric[0] === `Shop/${stage}`);
    for (const { name } of Object.values(BUSINESS_METRICS)) {
      expect(business).toContainEqual(expect.arrayContaining([`Shop/${stage}`, name, 'service', METRICS_SERVICE]));
    }
  });

  test('each route function has its own widget, titled by its route: duration p50/p95/p99 and errors', () => {
    const widgets = dashboardWidgets(stack, template);
    for (const route of ROUTES) {
      const fnName = `fn:${idOf(stack, stack.routeFunctions.get(routeId(route))!)}`;
      const widget = widgets.find((w) => w.properties.title === `${route.method} ${route.path}`);
      expect(widget).toBeDefined();
      const metrics = widget!.properties.metrics!;
      for (const stat of LATENCY_STATISTICS) {
        expect(metrics).toContainEqual([
          'AWS/Lambda',
          'Duration',
          'FunctionName',
          fnName,
          expect.objectContaining({ stat }),
        ]);
      }
      expect(metrics).toContainEqual([
        'AWS/Lambda',
        'Errors',
        'FunctionName',
        fnName,
        expect.objectContaining({ stat: 'Sum' }),
      ]);
    }
    // Jobs, triggers and the image pipeline too.
    for (const fn of [...stack.jobFunctions.values(), ...stack.triggerFunctions.values(), stack.imageFunction]) {
      expect(metricsOf(widgets)).toContainEqual([
        'AWS/Lambda',
        'Errors',
        'FunctionName',
        `fn:${idOf(stack, fn)}`,
        expect.anything(),
      ]);
    }
  });

  test("the dashboard shows the API's 4xx, 5xx and latency percentiles, and the table's throttles", () => {
    const metrics = metricsOf(dashboardWidgets(stack, template));
    for (const name of ['4xx', '5xx', 'Count'])
      expect(metrics).toContainEqual(['AWS/ApiGateway', name, 'ApiId', 'the-api', expect.anything()]);
    for (const stat of LATENCY_STATISTICS)
      expect(metrics).toContainEqual([
        'AWS/ApiGateway',
        'Latency',
        'ApiId',
        'the-api',
        expect.objectContaining({ stat }),
      ]);
    for (const name of ['ReadThrottleEvents', 'WriteThrottleEvents']) {
      expect(metrics).toContainEqual(['AWS/DynamoDB', name, 'TableName', 'the-table', expect.anything()]);
    }
  });

  test("with rate limits on, what WAF held back: each rule's BlockedRequests, the edge web ACL's in us-east-1, the user pool's with its Region", () => {
    const widgets = dashboardWidgets(stack, template);
    const widget = widgets.find((w) => w.properties.title?.startsWith('Requests held back by the rate limits'));
    expect(widget).toBeDefined();
    const lines = widget!.properties.metrics ?? [];
    expect(lines).toHaveLength(RATE_LIMIT_GROUPS.length);
    for (const group of RATE_LIMIT_GROUPS) {
      const line = lines.find((metric) => metric.includes(`rate-limited-${group.id}`));
      expect(line).toBeDefined();
      expect(line!.slice(0, 2)).toEqual(['AWS/WAFV2', 'BlockedRequests']);
      const dimensions = Object.fromEntries(
        line!
          .slice(2, -1)
          .reduce<unknown[][]>(
            (pairs, value, i) => (i % 2 ? (pairs[pairs.length - 1].push(value), pairs) : [...pairs, [value]]),
            [],
          ),
      );
      const options = line![line!.length - 1] as { region?: string; stat: string };
      expect(options.stat).toBe('Sum');
      if (isCognitoGroup(group)) {
        expect(Object.keys(dimensions).sort()).toEqual(['Region', 'Rule', 'WebACL']);
        expect(String(dimensions.WebACL)).toContain('-user-pool');
        expect(options.region).toBeUndefined();
      } else {
        expect(dimensions).toEqual({ Rule: `rate-limited-${group.id}`, WebACL: `ShopEdge-${stage}-api` });
        expect(options.region).toBe('us-east-1');
      }
    }
    // The business figures count them too, one sum per web ACL (a math expression keeps to one region).
    const business = widgets.find((w) => w.properties.title?.startsWith('Business'));
    const sums = (business!.properties.metrics as unknown[][]).filter(
      (metric) =>
        typeof metric[0] === 'object' && String((metric[0] as { label?: string }).label).startsWith('Rate-limited'),
    );
    expect(sums.map((metric) => (metric[0] as { label: string }).label).sort()).toEqual([
      'Rate-limited requests (API)',
      'Rate-limited requests (sign-up, password reset)',
    ]);
  });

  test('every business metric the dashboard shows is one the functions record (nothing drawn that nothing writes)', () => {
    const functionsDir = path.resolve(__dirname, '..', '..', 'functions');
    const sources = (readdirSync(functionsDir, { recursive: true }) as string[]).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
    );
    const recorded = new Set(
      sources.flatMap((file) =>
        [...readFileSync(path.join(functionsDir, file), 'utf8').matchAll(/recordMetric\('([a-zA-Z]+)'/g)].map(
          ([, key]) => key,
        ),
      ),
    );
    const shown = metricsOf(dashboardWidgets(stack, template))
      .filter((metric) => metric[0] === `Shop/${stage}`)
      .map((metric) => String(metric[1]));
    const names = Object.fromEntries(Object.entries(BUSINESS_METRICS).map(([key, metric]) => [metric.name, key]));
    expect(shown.length).toBeGreaterThan(0);
    for (const name of shown) expect(recorded).toContain(names[name]);
    for (const key of Object.keys(BUSINESS_METRICS)) expect(recorded).toContain(key);
  });

  test('X-Ray: every function of the shop has active tracing, and the Powertools settings of its metrics', () => {
    const functions = shopFunctions(stack);
    expect(functions).toHaveLength(
      new Set(ROUTES.map((route) => route.handler)).size + JOBS.length + COGNITO_TRIGGERS.length + 1,
    );
    for (const fn of functions) {
      const properties = template.toJSON().Resources[idOf(stack, fn)].Properties;
      expect(properties.TracingConfig).toEqual({ Mode: 'Active' });
      expect(properties.Environment.Variables).toMatchObject({
        POWERTOOLS_SERVICE_NAME: METRICS_SERVICE,
        POWERTOOLS_METRICS_NAMESPACE: `Shop/${stage}`,
      });
    }
  });

  test("the functions' only IAM statements on Resource * are X-Ray's (which takes no resource)", () => {
    const roles = new Set(
      shopFunctions(stack).map((fn) => template.toJSON().Resources[idOf(stack, fn)].Properties.Role['Fn::GetAtt'][0]),
    );
    const wildcard = Object.values(resourcesOf(template, 'AWS::IAM::Policy'))
      .filter((policy) => policy.Properties.Roles.some((role: { Ref: string }) => roles.has(role.Ref)))
      .flatMap((policy) => policy.Properties.PolicyDocument.Statement)
      .filter((statement: { Resource: unknown }) => [statement.Resource].flat().includes('*'))
      .filter((statement: { Effect: string }) => statement.Effect === 'Allow');
    expect(wildcard).toHaveLength(roles.size);
    for (const statement of wildcard)
      expect([statement.Action].flat().sort()).toEqual(['xray:PutTelemetryRecords', 'xray:PutTraceSegments']);
  });

  test(`every log group keeps its logs ${retentionDays} days, and every function of the stack (the CDK's helpers too) writes to one of them`, () => {
    const groups = resourcesOf(template, 'AWS::Logs::LogGroup');
    for (const group of Object.values(groups)) expect(group.Properties.RetentionInDays).toBe(retentionDays);
    const functions = Object.entries(resourcesOf(template, 'AWS::Lambda::Function'));
    // Each shop function, the SPA upload helper, the bucket-emptying helper and the image bucket's notifications
    // helper.
    expect(functions).toHaveLength(shopFunctions(stack).length + 3);
    for (const [id, fn] of functions) {
      const target = fn.Properties.LoggingConfig?.LogGroup as { Ref?: string } | undefined;
      expect({ id, logGroup: target?.Ref && groups[target.Ref] ? 'own' : target }).toEqual({ id, logGroup: 'own' });
    }
    // Each function's log group, the API access log.
    expect(Object.keys(groups)).toHaveLength(functions.length + 1);
  });

  test('the table has point-in-time recovery and is encrypted with the AWS-managed key', () => {
    const [table] = Object.values(resourcesOf(template, 'AWS::DynamoDB::Table'));
    expect(table.Properties.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    expect(table.Properties.SSESpecification).toEqual({ SSEEnabled: true });
  });
});

test('without rate limits the dashboard has no WAF graph', () => {
  const { stack, whole: template } = synthShop({ context: { rateLimits: 'off' } });
  expect(dashboardWidgets(stack, template).some((w) => w.properties.title?.startsWith('Requests held back'))).toBe(
    false,
  );
});

test("logRetentionDays sets every log group's retention", () => {
  const { whole: template } = synthShop({ context: { logRetentionDays: 90 } });
  const retentions = Object.values(resourcesOf(template, 'AWS::Logs::LogGroup')).map(
    (group) => group.Properties.RetentionInDays,
  );
  expect(new Set(retentions)).toEqual(new Set([90]));
});
