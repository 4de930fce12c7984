import { Match, type Template } from 'aws-cdk-lib/assertions';
import { COGNITO_TRIGGERS, JOBS } from '#shared/jobs';
import { ROUTES as ROUTE_TABLE, routeId, type RouteDef } from '#shared/routes';
import type { ShopStack } from '../lib/shop-stack';
import { FULL_CONTEXT, logicalIdOf, resourcesOf, synthShop } from './synth';

/**
 * The route table and the job table -> functions, routes and schedules: one function per route (the crawler pages
 * share the page function), its settings, authorizer and grants. The table, the pool, the buckets and the stack
 * itself: shop-stack.test.ts.
 */

/**
 * Lambda functions the CDK adds itself, named one by one: any other function not made from a route fails the
 * count test. Each entry: logical-id prefix, its handler, and why it is there.
 */
const CDK_HELPER_FUNCTIONS = [
  {
    logicalIdPrefix: 'CustomS3AutoDeleteObjectsCustomResourceProviderHandler',
    handler: '__entrypoint__.handler|index.handler',
    why: 'empties the SPA bucket when the stack is deleted (autoDeleteObjects on SpaBucket)',
  },
  {
    logicalIdPrefix: 'CustomCDKBucketDeployment8693BB64968944B69AAFB0CC9EB8756C',
    handler: 'index.handler',
    why: 'copies the SPA build and config.json into the SPA bucket and invalidates the distribution (BucketDeployment; one function serves both deployments)',
  },
  {
    logicalIdPrefix: 'BucketNotificationsHandler',
    handler: 'index.handler',
    why: "sets the image bucket's ObjectCreated notification (uploads/ -> the image pipeline)",
  },
] as const;

/** One function per handler module: the page routes (shared/routes/pages.ts) share the page function. */
const HANDLERS = [...new Set(ROUTE_TABLE.map((route) => route.handler))];
/** The image pipeline's function (S3 ObjectCreated under uploads/). */
const EVENT_FUNCTIONS = 1;

/** The route table, widened so each test handles any route (later issues add more). */
const ROUTES: readonly RouteDef[] = ROUTE_TABLE;

let stack: ShopStack;
let template: Template;

beforeAll(() => {
  // The whole stage as one template: the routes' functions live in their areas' nested stacks (decision 0094).
  ({ stack, whole: template } = synthShop({ context: FULL_CONTEXT }));
});

function routeFunctionId(route: RouteDef): string {
  const fn = stack.routeFunctions.get(routeId(route));
  if (!fn) throw new Error(`no function for ${route.method} ${route.path}`);
  return logicalIdOf(fn);
}

function jobFunctionId(job: (typeof JOBS)[number]): string {
  const fn = stack.jobFunctions.get(routeId(job));
  if (!fn) throw new Error(`no function for job ${job.handler}`);
  return logicalIdOf(fn);
}

function routeResource(route: RouteDef) {
  const found = Object.entries(resourcesOf(template, 'AWS::ApiGatewayV2::Route')).filter(
    ([, resource]) => resource.Properties.RouteKey === `${route.method} ${route.path}`,
  );
  expect(found).toHaveLength(1);
  return found[0][1];
}

/** The statements of every policy attached to a function's role. */
function roleStatements(functionLogicalId: string): { Action: string | string[]; Effect: string; Resource: unknown }[] {
  const fn = template.toJSON().Resources[functionLogicalId];
  const roleId = fn.Properties.Role['Fn::GetAtt'][0];
  return Object.values(resourcesOf(template, 'AWS::IAM::Policy'))
    .filter((policy) => policy.Properties.Roles.some((role: { Ref: string }) => role.Ref === roleId))
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement);
}
const actionsOf = (statements: { Action: string | string[] }[]) => statements.flatMap((s) => [s.Action].flat());

describe('route table -> functions and routes', () => {
  test('route ids are unique per handler module and route keys are unique (each endpoint gets its own function; only the page routes share the page function)', () => {
    expect(new Set(ROUTES.map(routeId)).size).toBe(HANDLERS.length);
    const sharing = HANDLERS.filter((handler) => ROUTES.filter((route) => route.handler === handler).length > 1);
    expect(sharing).toEqual(['pages/render-page']);
    expect(
      sharing.reduce((sum, handler) => sum + ROUTES.filter((route) => route.handler === handler).length - 1, 0),
    ).toBe(ROUTES.length - HANDLERS.length);
    // Routes of one function share what the function is given: access, table rights and services.
    for (const handler of sharing) {
      const settings = ROUTES.filter((route) => route.handler === handler).map((route) =>
        JSON.stringify([route.access, route.table, 'uses' in route ? route.uses : []]),
      );
      expect(new Set(settings).size).toBe(1);
    }
    expect(new Set(ROUTES.map((route) => `${route.method} ${route.path}`)).size).toBe(ROUTES.length);
  });

  test('one function per API route in the template: every route but the crawler pages has a function of its own (docs/decisions/0072)', () => {
    const apiRoutes = ROUTES.filter((route) => route.handler !== 'pages/render-page');
    const functionIds = apiRoutes.map(routeFunctionId);
    expect(new Set(functionIds).size).toBe(apiRoutes.length);
    // Each function is the integration of exactly one API route.
    const integrated = Object.values(resourcesOf(template, 'AWS::ApiGatewayV2::Integration')).map(
      (integration) => integration.Properties.IntegrationUri['Fn::GetAtt'][0] as string,
    );
    for (const id of functionIds) expect(integrated.filter((target) => target === id)).toHaveLength(1);
    const pages = ROUTES.filter((route) => route.handler === 'pages/render-page');
    expect(new Set(pages.map(routeFunctionId)).size).toBe(1);
  });

  test('exactly one Lambda function per handler module and per job, the image pipeline, plus only the named CDK helper functions', () => {
    const functionIds = Object.keys(resourcesOf(template, 'AWS::Lambda::Function'));
    const triggerIds = COGNITO_TRIGGERS.map((trigger) =>
      functionIds.filter((id) => id.startsWith(`Trigger${routeId(trigger)}Function`)),
    );
    expect(triggerIds.map((ids) => ids.length)).toEqual(COGNITO_TRIGGERS.map(() => 1));
    const imageIds = functionIds.filter((id) => id.startsWith('ImagePipelineFunction'));
    expect(imageIds).toHaveLength(EVENT_FUNCTIONS);
    const ownIds = [
      ...new Set(ROUTES.map(routeFunctionId)),
      ...JOBS.map(jobFunctionId),
      ...triggerIds.flat(),
      ...imageIds,
    ];
    const helperIds = functionIds.filter((id) => !ownIds.includes(id));

    expect(new Set(ownIds).size).toBe(HANDLERS.length + JOBS.length + COGNITO_TRIGGERS.length + EVENT_FUNCTIONS);
    expect(ownIds.every((id) => functionIds.includes(id))).toBe(true);
    expect(helperIds).toHaveLength(CDK_HELPER_FUNCTIONS.length);
    for (const helper of CDK_HELPER_FUNCTIONS) {
      const matching = helperIds.filter((id) => id.startsWith(helper.logicalIdPrefix));
      expect(matching).toHaveLength(1);
      const handler = template.toJSON().Resources[matching[0]].Properties.Handler;
      expect(helper.handler.split('|')).toContain(handler);
    }
    template.resourceCountIs(
      'AWS::Lambda::Function',
      HANDLERS.length + JOBS.length + COGNITO_TRIGGERS.length + EVENT_FUNCTIONS + CDK_HELPER_FUNCTIONS.length,
    );
  });

  test.each(ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s: function defaults and settings',
    (_key, route) => {
      const fn = template.toJSON().Resources[routeFunctionId(route)];
      expect(fn.Properties).toMatchObject({
        Runtime: 'nodejs24.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
        Timeout: 10,
        MemorySize: 512,
        LoggingConfig: { LogGroup: { Ref: expect.any(String) } },
      });
      const variables = fn.Properties.Environment.Variables;
      const serviceSettings = {
        s3: ['IMAGES_BUCKET'],
        cognito: ['USER_POOL_ID'],
        ses: ['MAIL_FROM', 'SHOP_EMAIL', 'SITE_URL'],
        stripe: ['STRIPE_SECRET_ARN'],
        origin: ['SITE_URL'],
        shipping: ['SHIPPING_SECRET_ARN'],
        site: ['SITE_URL', 'SPA_BUCKET'],
        links: ['LINK_SIGNING_SECRET_ARN', 'SHOP_POSTAL_ADDRESS', 'SITE_URL'],
      };
      const powertools = ['POWERTOOLS_METRICS_NAMESPACE', 'POWERTOOLS_SERVICE_NAME'];
      // ORIGIN_SECRET_ARN: every route's function refuses a request that did not come through CloudFront (0066).
      const expected = [
        ...new Set([
          'COGNITO_CLIENT_ID',
          'COGNITO_ISSUER',
          'ORIGIN_SECRET_ARN',
          'TABLE_NAME',
          ...powertools,
          ...(route.uses ?? []).flatMap((use) => serviceSettings[use]),
        ]),
      ];
      expect(Object.keys(variables).sort()).toEqual(expected.sort());
      expect(variables.ORIGIN_SECRET_ARN).toEqual({ Ref: logicalIdOf(stack.originSecret) });
      // No NODE_OPTIONS: Node does not read the bundle's source map at start (decision 0141).
      expect(variables.NODE_OPTIONS).toBeUndefined();
      expect(variables.TABLE_NAME).toEqual({ Ref: logicalIdOf(stack.table) });
      expect(variables.COGNITO_CLIENT_ID).toEqual({ Ref: logicalIdOf(stack.webClient) });
      expect(variables.COGNITO_ISSUER).toEqual({
        'Fn::Join': [
          '',
          [
            'https://cognito-idp.',
            { Ref: 'AWS::Region' },
            '.',
            { Ref: 'AWS::URLSuffix' },
            '/',
            { Ref: logicalIdOf(stack.userPool) },
          ],
        ],
      });
    },
  );

  test('one API route per table route', () => {
    template.resourceCountIs('AWS::ApiGatewayV2::Route', ROUTES.length);
  });

  test.each(ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s: route key, JWT authorizer exactly on user/admin routes, integration to its own function',
    (_key, route) => {
      const resource = routeResource(route);
      if (route.access === 'public') {
        expect(resource.Properties.AuthorizationType).toBe('NONE');
        expect(resource.Properties.AuthorizerId).toBeUndefined();
      } else {
        expect(resource.Properties.AuthorizationType).toBe('JWT');
        expect(resource.Properties.AuthorizerId).toEqual({ Ref: expect.stringMatching(/^HttpApiCognitoAuthorizer/) });
      }
      const integrationId = resource.Properties.Target['Fn::Join'][1][1].Ref;
      const integration = template.toJSON().Resources[integrationId];
      expect(integration.Properties).toMatchObject({
        IntegrationType: 'AWS_PROXY',
        PayloadFormatVersion: '2.0',
        IntegrationUri: { 'Fn::GetAtt': [routeFunctionId(route), 'Arn'] },
      });
    },
  );

  test('the JWT authorizer trusts the user pool and the web client (client_id of access tokens)', () => {
    template.resourceCountIs('AWS::ApiGatewayV2::Authorizer', 1);
    template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: {
        Audience: [{ Ref: logicalIdOf(stack.webClient) }],
        Issuer: Match.objectLike({
          'Fn::Join': Match.arrayWith([Match.arrayWith([{ Ref: logicalIdOf(stack.userPool) }])]),
        }),
      },
    });
  });

  test.each(ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s: table permissions follow the route table',
    (_key, route) => {
      const actions = actionsOf(roleStatements(routeFunctionId(route))).filter((action) =>
        action.startsWith('dynamodb:'),
      );
      if (route.table === 'none') expect(actions).toEqual([]);
      if (route.table === 'read') {
        expect(actions).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:Query']));
        expect(actions.filter((action) => /Put|Update|Delete|Write/.test(action))).toEqual([]);
      }
      if (route.table === 'readwrite') {
        expect(actions).toEqual(expect.arrayContaining(['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:Query']));
      }
    },
  );
});

describe('scheduled jobs', () => {
  test.each(JOBS.map((job) => [job.handler, job] as const))(
    '%s: its own function on its EventBridge schedule',
    (_name, job) => {
      const fnId = jobFunctionId(job);
      const fn = template.toJSON().Resources[fnId];
      expect(fn.Properties).toMatchObject({
        Runtime: 'nodejs24.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
      });
      const rules = Object.values(resourcesOf(template, 'AWS::Events::Rule')).filter((rule) =>
        rule.Properties.Targets.some(
          (target: { Arn: unknown }) => JSON.stringify(target.Arn) === JSON.stringify({ 'Fn::GetAtt': [fnId, 'Arn'] }),
        ),
      );
      expect(rules).toHaveLength(1);
      expect(rules[0].Properties).toMatchObject({ ScheduleExpression: job.schedule, State: 'ENABLED' });
      const actions = actionsOf(roleStatements(fnId));
      if (job.table === 'readwrite')
        expect(actions).toEqual(expect.arrayContaining(['dynamodb:PutItem', 'dynamodb:Query']));
      if (job.uses?.includes('ses')) expect(actions).toContain('ses:SendEmail');
    },
  );

  test('one schedule rule per job', () => {
    template.resourceCountIs('AWS::Events::Rule', JOBS.length);
  });
});
