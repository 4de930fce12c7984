import { NestedStack, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { ROUTE_LIST, routeId, type RouteDef } from '#shared/routes';
import { areaOf, areaParts, FUNCTIONS_PER_AREA_STACK } from '../lib/route-areas';
import { createShopApp } from '../lib/shop-app';
import { FULL_CONTEXT, synthShop, TEST_CONTEXT, testOutdir } from './synth';

/**
 * The stack keeps room to grow (design "rules that hold everywhere", docs/decisions/0094): the real app with the
 * route table grown to 200 routes, each with its own function, fits every stack in 350 of CloudFormation's 500
 * resources and within its other limits. The stateful parts keep the logical ids they were deployed with.
 */

/** The house limit: 70% of CloudFormation's 500 resources per stack. */
const MAX_RESOURCES = 350;
/** CloudFormation's own limits per template (AWS CloudFormation quotas). */
const CFN_LIMITS = { parameters: 200, outputs: 200, mappings: 200, templateBytes: 1_000_000 } as const;
/** CloudWatch's limit of widgets on one dashboard. */
const MAX_DASHBOARD_WIDGETS = 500;
const TARGET_ROUTES = 200;

/**
 * The route table grown to `total` routes the way the coming issues grow it: new areas (quotes, gift cards, refunds,
 * wallets) and more routes in the existing ones, admin most of all. Each added route has a handler module of its own
 * (so a function of its own); their code is any real handler's, since only the synthesis is measured.
 */
function grownRouteTable(total: number): RouteDef[] {
  const areas = ['admin', 'admin', 'quotes', 'gift-cards', 'checkout', 'accounts', 'refunds', 'wallets', 'orders'];
  const accesses: RouteDef['access'][] = ['public', 'user', 'admin'];
  const extra: RouteDef[] = [];
  for (let i = 0; ROUTE_LIST.length + extra.length < total; i++) {
    const area = areas[i % areas.length];
    extra.push({
      method: i % 2 ? 'POST' : 'GET',
      path: `/api/${area}/grown-${i}`,
      handler: `${area}/grown-${i}`,
      access: area === 'admin' ? 'admin' : accesses[i % accesses.length],
      table: i % 3 ? 'readwrite' : 'read',
      ...(i % 4 === 0 ? { uses: ['ses'] as const } : {}),
      summary: `A route added to measure the room in the stacks (${i})`,
    });
  }
  return [...ROUTE_LIST, ...extra];
}

interface StackFigures {
  name: string;
  resources: number;
  parameters: number;
  outputs: number;
  mappings: number;
  templateBytes: number;
}

function figures(name: string, template: Template): StackFigures {
  const json = template.toJSON() as Record<string, Record<string, unknown> | undefined>;
  const count = (section: string) => Object.keys(json[section] ?? {}).length;
  return {
    name,
    resources: count('Resources'),
    parameters: count('Parameters'),
    outputs: count('Outputs'),
    mappings: count('Mappings'),
    templateBytes: Buffer.byteLength(JSON.stringify(json)),
  };
}

function allStacks(stack: Stack): StackFigures[] {
  const nested = stack.node.findAll().filter((c): c is NestedStack => NestedStack.isNestedStack(c));
  return [
    figures(stack.stackName, Template.fromStack(stack)),
    ...nested.map((n) => figures(n.node.path, Template.fromStack(n))),
  ];
}

describe('200 routes, each with its own function', () => {
  const routes = grownRouteTable(TARGET_ROUTES);
  const existingEntry = 'functions/http/system/get-health.ts';
  let stacks: StackFigures[];
  let shop: ReturnType<typeof createShopApp>['stack'];

  beforeAll(() => {
    const known = new Set(ROUTE_LIST.map((route) => route.handler));
    ({ stack: shop } = createShopApp({
      outdir: testOutdir(),
      context: { ...TEST_CONTEXT, ...FULL_CONTEXT },
      shopStack: {
        routes,
        entryOf: (route) => (known.has(route.handler) ? `functions/http/${route.handler}.ts` : existingEntry),
      },
    }));
    stacks = allStacks(shop);
    // What a reader of the test output sees: every stack's figures, largest first.
    console.log(
      [...stacks]
        .sort((a, b) => b.resources - a.resources)
        .map((s) => `${s.name}: ${s.resources} resources, ${s.parameters} parameters, ${s.outputs} outputs`)
        .join('\n'),
    );
  }, 240_000);

  test('the grown table holds 200 routes with a function each but the pages', () => {
    expect(routes).toHaveLength(TARGET_ROUTES);
    expect(new Set(routes.map((route) => `${route.method} ${route.path}`)).size).toBe(TARGET_ROUTES);
    const handlers = new Set(routes.map((route) => route.handler)).size;
    expect(shop.routeFunctions.size).toBe(handlers);
    expect(handlers).toBeGreaterThan(TARGET_ROUTES - 10);
  });

  test(`every stack holds at most ${MAX_RESOURCES} resources`, () => {
    const over = stacks.filter((s) => s.resources > MAX_RESOURCES);
    expect(over).toEqual([]);
  });

  test("every stack stays within CloudFormation's other limits (parameters, outputs, mappings, template size)", () => {
    for (const s of stacks) {
      expect({ name: s.name, parameters: s.parameters <= CFN_LIMITS.parameters }).toEqual({
        name: s.name,
        parameters: true,
      });
      expect({ name: s.name, outputs: s.outputs <= CFN_LIMITS.outputs }).toEqual({ name: s.name, outputs: true });
      expect({ name: s.name, mappings: s.mappings <= CFN_LIMITS.mappings }).toEqual({ name: s.name, mappings: true });
      expect({ name: s.name, size: s.templateBytes <= CFN_LIMITS.templateBytes }).toEqual({
        name: s.name,
        size: true,
      });
    }
  });

  test('each route has its alarm beside its function, and the dashboard stays within its widget limit', () => {
    for (const area of shop.areaStacks) {
      const alarms = Template.fromStack(area).findResources('AWS::CloudWatch::Alarm');
      expect(Object.keys(alarms)).toHaveLength(area.functions.size);
    }
    const [dashboard] = Object.values(Template.fromStack(shop).findResources('AWS::CloudWatch::Dashboard'));
    const body = JSON.stringify(dashboard.Properties.DashboardBody);
    const widgets = body.match(/\\"type\\":/g) ?? [];
    expect(widgets.length).toBeGreaterThan(shop.routeFunctions.size);
    expect(widgets.length).toBeLessThanOrEqual(MAX_DASHBOARD_WIDGETS);
  });
});

describe('how routes are split into stacks', () => {
  test('one nested stack per area in route-table order; an area past the limit continues in a second', () => {
    const parts = areaParts(grownRouteTable(TARGET_ROUTES));
    const areas = [...new Set(grownRouteTable(TARGET_ROUTES).map(areaOf))];
    expect(parts.filter((part) => !/\d$/.test(part.id)).map((part) => part.area)).toEqual(areas);
    for (const part of parts) expect(part.handlers.length).toBeLessThanOrEqual(FUNCTIONS_PER_AREA_STACK);
    const admin = parts.filter((part) => part.area === 'admin');
    expect(admin.map((part) => part.id)).toEqual(['RoutesAdmin', 'RoutesAdmin2']);
    expect(admin[0].handlers).toHaveLength(FUNCTIONS_PER_AREA_STACK);
  });

  test('a route added at the end of an area joins its last stack: no function moves', () => {
    const before = areaParts(ROUTE_LIST);
    const added: RouteDef = {
      method: 'GET',
      path: '/api/admin/new-thing',
      handler: 'admin/new-thing',
      access: 'admin',
      table: 'read',
      summary: 'new',
    };
    const after = areaParts([...ROUTE_LIST, added]);
    const home = (parts: typeof before) =>
      new Map(parts.flatMap((part) => part.handlers.map(({ handler }) => [handler, part.id] as const)));
    const was = home(before);
    for (const [handler, id] of home(after)) if (was.has(handler)) expect(id).toBe(was.get(handler));
    expect(home(after).get('admin/new-thing')).toBe('RoutesAdmin');
  });
});

describe('the stateful parts keep their place and logical ids', () => {
  /**
   * Logical ids as deployed before the routes moved into nested stacks (26 Nov 2026). A changed id would make
   * CloudFormation create a new table, pool or bucket and drop (or orphan) the old one with the shop's data.
   */
  const STATEFUL = {
    'AWS::DynamoDB::Table': ['TableCD117FA1'],
    'AWS::Cognito::UserPool': ['UserPool6BA7E5F2'],
    'AWS::Cognito::UserPoolGroup': ['UserPoolAdminGroup8F6AC0FE'],
    'AWS::Cognito::UserPoolClient': ['UserPoolWebClient4C9370B0'],
    'AWS::S3::Bucket': ['AccessLogsBucket83982689', 'SpaBucket48E1059F', 'ImagesBucket1E86AFB2'],
    'AWS::SecretsManager::Secret': [
      'StripeSecret80A38A68',
      'OriginSecret5DDC59F1',
      'LinkSigningSecret6FCDA02C',
      // Added with calculated shipping (2 Dec 2026, docs/decisions/0161).
      'ShippingSecretFED83E24',
    ],
    'AWS::SES::EmailIdentity': ['MailIdentity4EC7C521'],
    'AWS::CloudFront::Distribution': ['Distribution830FAC52'],
    'AWS::CloudWatch::Dashboard': ['Dashboard7A06DACF'],
  } as const;

  let template: Template;
  let nestedTypes: string[];
  beforeAll(() => {
    const { stack, templateOf } = synthShop({ context: FULL_CONTEXT });
    template = templateOf(stack);
    nestedTypes = stack.node
      .findAll()
      .filter((c): c is NestedStack => NestedStack.isNestedStack(c))
      .flatMap((n) => Object.values(templateOf(n).toJSON().Resources as Record<string, { Type: string }>))
      .map((resource) => resource.Type);
  });

  test.each(Object.entries(STATEFUL))('%s: in the shop stack with the same logical ids', (type, ids) => {
    expect(Object.keys(template.findResources(type)).sort()).toEqual([...ids].sort());
    expect(nestedTypes).not.toContain(type);
  });

  test("the API's routes stay in the shop stack under their logical ids (a route key moved would collide)", () => {
    const routes = template.findResources('AWS::ApiGatewayV2::Route');
    expect(Object.keys(routes)).toHaveLength(ROUTE_LIST.length);
    // Two of them, as deployed: the ids are the CDK's, from the method and path under the API.
    expect(routes).toHaveProperty('HttpApiGETapihealth7FA5887F');
    expect(routes).toHaveProperty('HttpApiGETapiproductsidDAFF4E3D');
    expect(nestedTypes).not.toContain('AWS::ApiGatewayV2::Route');
    for (const route of ROUTE_LIST) expect(routeId(route)).toBeTruthy();
  });
});
