import { Match, type Template } from 'aws-cdk-lib/assertions';
import { CachePolicy, OriginRequestPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { TABLE_KEYS } from '../../functions/db/table-definition';
import { PASSWORD_POLICY } from '../../shared/messages';
import { COGNITO_TRIGGERS, JOBS } from '../../shared/jobs';
import { PAGE_PATTERNS } from '../../shared/pages';
import { ROUTES as ROUTE_TABLE, routeId, type RouteDef } from '../../shared/routes';
import { ADMIN_GROUP } from '../../shared/roles';
import type { ShopStack } from '../lib/shop-stack';
import { FULL_CONTEXT, resourcesOf, synthShop } from './synth';

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
  ({ stack, template } = synthShop({ context: FULL_CONTEXT }));
});

const logicalIdOf = (construct: { node: { defaultChild?: unknown } }) => stack.getLogicalId(construct.node.defaultChild as Parameters<ShopStack['getLogicalId']>[0]);

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
  const found = Object.entries(resourcesOf(template, 'AWS::ApiGatewayV2::Route')).filter(([, resource]) => resource.Properties.RouteKey === `${route.method} ${route.path}`);
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
    expect(sharing.reduce((sum, handler) => sum + ROUTES.filter((route) => route.handler === handler).length - 1, 0)).toBe(ROUTES.length - HANDLERS.length);
    // Routes of one function share what the function is given: access, table rights and services.
    for (const handler of sharing) {
      const settings = ROUTES.filter((route) => route.handler === handler).map((route) => JSON.stringify([route.access, route.table, 'uses' in route ? route.uses : []]));
      expect(new Set(settings).size).toBe(1);
    }
    expect(new Set(ROUTES.map((route) => `${route.method} ${route.path}`)).size).toBe(ROUTES.length);
  });

  test('one function per API route in the template: every route but the crawler pages has a function of its own (docs/decisions/0072)', () => {
    const apiRoutes = ROUTES.filter((route) => route.handler !== 'pages/render-page');
    const functionIds = apiRoutes.map(routeFunctionId);
    expect(new Set(functionIds).size).toBe(apiRoutes.length);
    // Each function is the integration of exactly one API route.
    const integrated = Object.values(resourcesOf(template, 'AWS::ApiGatewayV2::Integration')).map((integration) => integration.Properties.IntegrationUri['Fn::GetAtt'][0] as string);
    for (const id of functionIds) expect(integrated.filter((target) => target === id)).toHaveLength(1);
    const pages = ROUTES.filter((route) => route.handler === 'pages/render-page');
    expect(new Set(pages.map(routeFunctionId)).size).toBe(1);
  });

  test('exactly one Lambda function per handler module and per job, the image pipeline, plus only the named CDK helper functions', () => {
    const functionIds = Object.keys(resourcesOf(template, 'AWS::Lambda::Function'));
    const triggerIds = COGNITO_TRIGGERS.map((trigger) => functionIds.filter((id) => id.startsWith(`Trigger${routeId(trigger)}Function`)));
    expect(triggerIds.map((ids) => ids.length)).toEqual(COGNITO_TRIGGERS.map(() => 1));
    const imageIds = functionIds.filter((id) => id.startsWith('ImagePipelineFunction'));
    expect(imageIds).toHaveLength(EVENT_FUNCTIONS);
    const ownIds = [...new Set(ROUTES.map(routeFunctionId)), ...JOBS.map(jobFunctionId), ...triggerIds.flat(), ...imageIds];
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
    template.resourceCountIs('AWS::Lambda::Function', HANDLERS.length + JOBS.length + COGNITO_TRIGGERS.length + EVENT_FUNCTIONS + CDK_HELPER_FUNCTIONS.length);
  });

  test.each(ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))('%s: function defaults and settings', (_key, route) => {
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
    const serviceSettings = { s3: ['IMAGES_BUCKET'], cognito: ['USER_POOL_ID'], ses: ['MAIL_FROM', 'SHOP_EMAIL', 'SITE_URL'], stripe: ['STRIPE_SECRET_ARN'], site: ['SITE_URL', 'SPA_BUCKET'] };
    const powertools = ['POWERTOOLS_METRICS_NAMESPACE', 'POWERTOOLS_SERVICE_NAME'];
    // ORIGIN_SECRET_ARN: every route's function refuses a request that did not come through CloudFront (0066).
    const expected = [...new Set(['COGNITO_CLIENT_ID', 'COGNITO_ISSUER', 'NODE_OPTIONS', 'ORIGIN_SECRET_ARN', 'TABLE_NAME', ...powertools, ...(route.uses ?? []).flatMap((use) => serviceSettings[use])])];
    expect(Object.keys(variables).sort()).toEqual(expected.sort());
    expect(variables.ORIGIN_SECRET_ARN).toEqual({ Ref: logicalIdOf(stack.originSecret) });
    expect(variables.NODE_OPTIONS).toBe('--enable-source-maps');
    expect(variables.TABLE_NAME).toEqual({ Ref: logicalIdOf(stack.table) });
    expect(variables.COGNITO_CLIENT_ID).toEqual({ Ref: logicalIdOf(stack.webClient) });
    expect(variables.COGNITO_ISSUER).toEqual({
      'Fn::Join': ['', ['https://cognito-idp.', { Ref: 'AWS::Region' }, '.', { Ref: 'AWS::URLSuffix' }, '/', { Ref: logicalIdOf(stack.userPool) }]],
    });
  });

  test('one API route per table route', () => {
    template.resourceCountIs('AWS::ApiGatewayV2::Route', ROUTES.length);
  });

  test.each(ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))('%s: route key, JWT authorizer exactly on user/admin routes, integration to its own function', (_key, route) => {
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
  });

  test('the JWT authorizer trusts the user pool and the web client (client_id of access tokens)', () => {
    template.resourceCountIs('AWS::ApiGatewayV2::Authorizer', 1);
    template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: {
        Audience: [{ Ref: logicalIdOf(stack.webClient) }],
        Issuer: Match.objectLike({ 'Fn::Join': Match.arrayWith([Match.arrayWith([{ Ref: logicalIdOf(stack.userPool) }])]) }),
      },
    });
  });

  test.each(ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))('%s: table permissions follow the route table', (_key, route) => {
    const actions = actionsOf(roleStatements(routeFunctionId(route))).filter((action) => action.startsWith('dynamodb:'));
    if (route.table === 'none') expect(actions).toEqual([]);
    if (route.table === 'read') {
      expect(actions).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:Query']));
      expect(actions.filter((action) => /Put|Update|Delete|Write/.test(action))).toEqual([]);
    }
    if (route.table === 'readwrite') {
      expect(actions).toEqual(expect.arrayContaining(['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:Query']));
    }
  });
});

describe('scheduled jobs', () => {
  test.each(JOBS.map((job) => [job.handler, job] as const))('%s: its own function on its EventBridge schedule', (_name, job) => {
    const fnId = jobFunctionId(job);
    const fn = template.toJSON().Resources[fnId];
    expect(fn.Properties).toMatchObject({ Runtime: 'nodejs24.x', Architectures: ['arm64'], Handler: 'index.handler' });
    const rules = Object.values(resourcesOf(template, 'AWS::Events::Rule')).filter((rule) =>
      rule.Properties.Targets.some((target: { Arn: unknown }) => JSON.stringify(target.Arn) === JSON.stringify({ 'Fn::GetAtt': [fnId, 'Arn'] })),
    );
    expect(rules).toHaveLength(1);
    expect(rules[0].Properties).toMatchObject({ ScheduleExpression: job.schedule, State: 'ENABLED' });
    const actions = actionsOf(roleStatements(fnId));
    if (job.table === 'readwrite') expect(actions).toEqual(expect.arrayContaining(['dynamodb:PutItem', 'dynamodb:Query']));
    if (job.uses?.includes('ses')) expect(actions).toContain('ses:SendEmail');
  });

  test('one schedule rule per job', () => {
    template.resourceCountIs('AWS::Events::Rule', JOBS.length);
  });
});

describe('table', () => {
  test('keys, GSIs and TTL equal the shared TABLE_KEYS', () => {
    template.resourceCountIs('AWS::DynamoDB::Table', 1);
    const [table] = Object.values(resourcesOf(template, 'AWS::DynamoDB::Table'));
    expect(table.Properties.KeySchema).toEqual([
      { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' },
      { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' },
    ]);
    expect(table.Properties.GlobalSecondaryIndexes).toEqual(
      TABLE_KEYS.globalSecondaryIndexes.map((gsi) => ({
        IndexName: gsi.indexName,
        KeySchema: [
          { AttributeName: gsi.partitionKey, KeyType: 'HASH' },
          { AttributeName: gsi.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    );
    const keyNames = [TABLE_KEYS.partitionKey, TABLE_KEYS.sortKey, ...TABLE_KEYS.globalSecondaryIndexes.flatMap((g) => [g.partitionKey, g.sortKey])];
    expect(table.Properties.AttributeDefinitions).toEqual(expect.arrayContaining(keyNames.map((name) => ({ AttributeName: name, AttributeType: 'S' }))));
    expect(table.Properties.AttributeDefinitions).toHaveLength(keyNames.length);
    expect(table.Properties.TimeToLiveSpecification).toEqual({ AttributeName: TABLE_KEYS.timeToLiveAttribute, Enabled: true });
  });

  test('on demand, point-in-time recovery, kept on stack deletion', () => {
    template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: Match.objectLike({
        BillingMode: 'PAY_PER_REQUEST',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      }),
    });
  });
});

describe('user pool', () => {
  test('email sign-in, self sign-up, the shared password policy', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      Policies: {
        PasswordPolicy: Match.objectLike({
          MinimumLength: PASSWORD_POLICY.minLength,
          RequireUppercase: PASSWORD_POLICY.requireUppercase,
          RequireLowercase: PASSWORD_POLICY.requireLowercase,
          RequireNumbers: PASSWORD_POLICY.requireDigits,
          RequireSymbols: PASSWORD_POLICY.requireSymbols,
        }),
      },
    });
  });

  test('the admin group', () => {
    template.resourceCountIs('AWS::Cognito::UserPoolGroup', 1);
    template.hasResourceProperties('AWS::Cognito::UserPoolGroup', {
      GroupName: ADMIN_GROUP,
      UserPoolId: { Ref: logicalIdOf(stack.userPool) },
    });
    expect(ADMIN_GROUP).toBe('admin');
  });

  test('web client: no secret, password and SRP sign-in, no OAuth', () => {
    template.resourceCountIs('AWS::Cognito::UserPoolClient', 1);
    const [client] = Object.values(resourcesOf(template, 'AWS::Cognito::UserPoolClient'));
    expect(client.Properties.GenerateSecret).toBe(false);
    expect(client.Properties.ExplicitAuthFlows).toEqual(expect.arrayContaining(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']));
    expect(client.Properties.AllowedOAuthFlows).toBeUndefined();
    expect(client.Properties.CallbackURLs).toBeUndefined();
  });
});

describe('buckets and distribution', () => {
  test('every bucket (SPA, images, access logs) is private and refuses plain HTTP', () => {
    const buckets = resourcesOf(template, 'AWS::S3::Bucket');
    expect(Object.keys(buckets)).toHaveLength(3);
    for (const bucket of Object.values(buckets)) {
      expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
    }
    for (const bucket of [stack.spaBucket, stack.imagesBucket, stack.logBucket]) {
      template.hasResourceProperties('AWS::S3::BucketPolicy', {
        Bucket: { Ref: logicalIdOf(bucket) },
        PolicyDocument: {
          Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Action: 's3:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]),
        },
      });
    }
  });

  test('images are kept on stack deletion; the SPA bucket is emptied and removed', () => {
    expect(template.toJSON().Resources[logicalIdOf(stack.imagesBucket)].DeletionPolicy).toBe('Retain');
    expect(template.toJSON().Resources[logicalIdOf(stack.spaBucket)].DeletionPolicy).toBe('Delete');
  });

  test('one distribution: SPA by default, /api/* and /auth/* to the API uncached, the crawler pages to the API, /images/* to the image bucket', () => {
    template.resourceCountIs('AWS::CloudFront::Distribution', 1);
    template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 2);
    const [distribution] = Object.values(resourcesOf(template, 'AWS::CloudFront::Distribution'));
    const config = distribution.Properties.DistributionConfig;
    const originOf = (id: string) => config.Origins.find((origin: { Id: string }) => origin.Id === id);
    const behaviour = (pattern: string) => config.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === pattern);

    expect(config.CacheBehaviors.map((b: { PathPattern: string }) => b.PathPattern).sort()).toEqual(
      ['/api/*', '/api/openapi.json', '/api/products', '/api/products/*', '/api/products/search', '/api/products/validate-cart', '/auth/*', '/images/*', ...PAGE_PATTERNS].sort(),
    );
    const spaOrigin = originOf(config.DefaultCacheBehavior.TargetOriginId);
    expect(spaOrigin.DomainName).toEqual({ 'Fn::GetAtt': [logicalIdOf(stack.spaBucket), 'RegionalDomainName'] });
    expect(spaOrigin.OriginAccessControlId).toBeDefined();
    expect(config.DefaultCacheBehavior.FunctionAssociations).toHaveLength(1);

    for (const pattern of ['/api/*', '/auth/*']) {
      const b = behaviour(pattern);
      expect(b).toMatchObject({
        CachePolicyId: CachePolicy.CACHING_DISABLED.cachePolicyId,
        OriginRequestPolicyId: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId,
        ViewerProtocolPolicy: 'https-only',
      });
      expect(b.AllowedMethods).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']));
      const origin = originOf(b.TargetOriginId);
      expect(JSON.stringify(origin.DomainName)).toContain(logicalIdOf(stack.api));
      expect(origin.CustomOriginConfig.OriginProtocolPolicy).toBe('https-only');
    }
    const imagesOrigin = originOf(behaviour('/images/*').TargetOriginId);
    expect(imagesOrigin.DomainName).toEqual({ 'Fn::GetAtt': [logicalIdOf(stack.imagesBucket), 'RegionalDomainName'] });
    expect(imagesOrigin.OriginAccessControlId).toBeDefined();
  });
});

describe('stack', () => {
  test('outputs for the operator and the SPA config', () => {
    for (const name of ['DistributionDomain', 'UserPoolId', 'UserPoolClientId', 'TableName', 'OriginSecretArn']) {
      template.hasOutput(name, {});
    }
    // The API's own URL answers only 403 now (docs/decisions/0066): the shop's address is the one to use.
    expect(Object.keys(template.toJSON().Outputs)).not.toContain('ApiUrl');
  });

  test('no hard-coded physical names (names are generated, so stages live side by side)', () => {
    const nameKeys = ['TableName', 'BucketName', 'FunctionName', 'UserPoolName', 'LogGroupName', 'RoleName', 'Name'];
    const named = Object.entries(template.toJSON().Resources as Record<string, { Type: string; Properties?: Record<string, unknown> }>)
      // A literal string is a fixed name; references to other resources ({Ref}, {Fn::GetAtt}) are fine.
      .filter(([, resource]) => nameKeys.some((key) => typeof resource.Properties?.[key] === 'string'))
      .filter(([, resource]) => resource.Type !== 'AWS::ApiGatewayV2::Authorizer' && resource.Type !== 'AWS::ApiGatewayV2::Api')
      .map(([id]) => id);
    expect(named).toEqual([]);
  });

  test('the stage comes from context and names the stack; prod turns on deletion protection', () => {
    expect(stack.stackName).toBe('Shop-dev');
    const prod = synthShop({ context: { ...FULL_CONTEXT, stage: 'prod' } });
    expect(prod.stack.stackName).toBe('Shop-prod');
    prod.template.hasResourceProperties('AWS::DynamoDB::Table', { DeletionProtectionEnabled: true });
    prod.template.hasResourceProperties('AWS::Cognito::UserPool', { DeletionProtection: 'ACTIVE' });
  });

  test('an unusable stage name is refused with a clear message', () => {
    expect(() => synthShop({ context: { stage: 'Prod Stage' } })).toThrow(/stage "Prod Stage" is not usable/);
  });
});
