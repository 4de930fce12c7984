import { Match, type Template } from 'aws-cdk-lib/assertions';
import { CachePolicy, OriginRequestPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { TABLE_KEYS } from '../../functions/db/table-definition';
import { PASSWORD_POLICY } from '#shared/messages';
import { PAGE_PATTERNS } from '#shared/pages';
import { ADMIN_GROUP } from '#shared/roles';
import type { ShopStack } from '../lib/shop-stack';
import { FULL_CONTEXT, resourcesOf, synthShop } from './synth';

/**
 * The table, the user pool, the buckets and the distribution, and the stack itself. Routes and jobs:
 * route-functions.test.ts.
 */
let stack: ShopStack;
let template: Template;

beforeAll(() => {
  ({ stack, template } = synthShop({ context: FULL_CONTEXT }));
});

const logicalIdOf = (construct: { node: { defaultChild?: unknown } }) =>
  stack.getLogicalId(construct.node.defaultChild as Parameters<ShopStack['getLogicalId']>[0]);

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
    const keyNames = [
      TABLE_KEYS.partitionKey,
      TABLE_KEYS.sortKey,
      ...TABLE_KEYS.globalSecondaryIndexes.flatMap((g) => [g.partitionKey, g.sortKey]),
    ];
    expect(table.Properties.AttributeDefinitions).toEqual(
      expect.arrayContaining(keyNames.map((name) => ({ AttributeName: name, AttributeType: 'S' }))),
    );
    expect(table.Properties.AttributeDefinitions).toHaveLength(keyNames.length);
    expect(table.Properties.TimeToLiveSpecification).toEqual({
      AttributeName: TABLE_KEYS.timeToLiveAttribute,
      Enabled: true,
    });
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
    expect(client.Properties.ExplicitAuthFlows).toEqual(
      expect.arrayContaining(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']),
    );
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
          Statement: Match.arrayWith([
            Match.objectLike({
              Effect: 'Deny',
              Action: 's3:*',
              Condition: { Bool: { 'aws:SecureTransport': 'false' } },
            }),
          ]),
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
    const behaviour = (pattern: string) =>
      config.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === pattern);

    expect(config.CacheBehaviors.map((b: { PathPattern: string }) => b.PathPattern).sort()).toEqual(
      [
        '/api/*',
        '/api/openapi.json',
        '/api/products',
        '/api/products/*',
        '/api/products/search',
        '/api/products/validate-cart',
        '/auth/*',
        '/images/*',
        ...PAGE_PATTERNS,
      ].sort(),
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
    const named = Object.entries(
      template.toJSON().Resources as Record<string, { Type: string; Properties?: Record<string, unknown> }>,
    )
      // A literal string is a fixed name; references to other resources ({Ref}, {Fn::GetAtt}) are fine.
      .filter(([, resource]) => nameKeys.some((key) => typeof resource.Properties?.[key] === 'string'))
      .filter(
        ([, resource]) =>
          resource.Type !== 'AWS::ApiGatewayV2::Authorizer' && resource.Type !== 'AWS::ApiGatewayV2::Api',
      )
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
