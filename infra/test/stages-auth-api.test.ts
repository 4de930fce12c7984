import { NestedStack } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import { mailFromProblem } from '../lib/addresses';
import { stageSettingsFromContext } from '../lib/settings';
import type { ShopStack } from '../lib/shop-stack';
import { dependencyGraph, findCycle, FULL_CONTEXT, renderCfnString, resourcesOf, synthShop } from './synth';

/** Points 1 (stages), 2 (Cognito), 3 (API throttling, access logs) and the prod settings of the production issue. */
const CERTIFICATE = 'arn:aws:acm:us-east-1:123456789012:certificate/0a1b2c3d-0000-4000-8000-000000000000';
const idOf = (stack: ShopStack, construct: { node: { defaultChild?: unknown } }) =>
  stack.getLogicalId(construct.node.defaultChild as Parameters<ShopStack['getLogicalId']>[0]);

describe('the HTTP API stage', () => {
  test('default throttling 50 requests/s, burst 100; access logs to a log group', () => {
    const { template } = synthShop({ context: FULL_CONTEXT });
    template.resourceCountIs('AWS::ApiGatewayV2::Stage', 1);
    const [stage] = Object.values(resourcesOf(template, 'AWS::ApiGatewayV2::Stage'));
    expect(stage.Properties.DefaultRouteSettings).toEqual({ ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 });
    expect(stage.Properties.AccessLogSettings.DestinationArn).toEqual({
      'Fn::GetAtt': [expect.stringMatching(/^HttpApiAccessLogs/), 'Arn'],
    });
    expect(stage.Properties.AccessLogSettings.Format).toContain('$context.status');
  });

  test('context throttleRate / throttleBurst override them; nonsense is refused', () => {
    const { template } = synthShop({ context: { throttleRate: '20', throttleBurst: 40 } });
    const [stage] = Object.values(resourcesOf(template, 'AWS::ApiGatewayV2::Stage'));
    expect(stage.Properties.DefaultRouteSettings).toEqual({ ThrottlingRateLimit: 20, ThrottlingBurstLimit: 40 });
    expect(() => synthShop({ context: { throttleRate: 'fast' } })).toThrow(/throttleRate must be a whole number/);
    expect(() => synthShop({ context: { throttleRate: 100, throttleBurst: 10 } })).toThrow(
      /throttleBurst must be at least throttleRate/,
    );
  });
});

describe('Cognito', () => {
  let stack: ShopStack;
  let template: Template;
  beforeAll(() => ({ stack, template } = synthShop({ context: FULL_CONTEXT })));

  test('web client tokens: access and ID 1 hour, refresh 30 days, revocable', () => {
    const [client] = Object.values(resourcesOf(template, 'AWS::Cognito::UserPoolClient'));
    expect(client.Properties).toMatchObject({
      AccessTokenValidity: 60,
      IdTokenValidity: 60,
      RefreshTokenValidity: 43_200,
      TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'minutes' },
      EnableTokenRevocation: true,
    });
  });

  test('the triggers are wired: pre-sign-up and custom message, each its own function', () => {
    const [pool] = Object.values(resourcesOf(template, 'AWS::Cognito::UserPool'));
    expect(pool.Properties.LambdaConfig).toEqual({
      PreSignUp: { 'Fn::GetAtt': [idOf(stack, stack.triggerFunctions.get('PreSignUp')!), 'Arn'] },
      CustomMessage: { 'Fn::GetAtt': [idOf(stack, stack.triggerFunctions.get('CustomMessage')!), 'Arn'] },
    });
  });

  const siteUrlOf = (s: ShopStack, t: Template) =>
    t.toJSON().Resources[idOf(s, s.triggerFunctions.get('CustomMessage')!)].Properties.Environment.Variables.SITE_URL;

  test('the reset link names the site: siteUrl when given', () => {
    expect(siteUrlOf(stack, template)).toBe(FULL_CONTEXT.siteUrl);
  });

  test("else the custom domain, else the distribution's own domain", () => {
    const withDomain = synthShop({ context: { domainName: 'shop.example.net', certificateArn: CERTIFICATE } });
    expect(siteUrlOf(withDomain.stack, withDomain.template)).toBe('https://shop.example.net');
    const bare = synthShop();
    expect(
      renderCfnString(siteUrlOf(bare.stack, bare.template), {
        [`${idOf(bare.stack, bare.stack.distribution)}.DomainName`]: 'd1.cloudfront.net',
      }),
    ).toBe('https://d1.cloudfront.net');
  });

  test('the trigger reaching the distribution makes no dependency cycle (pool -> trigger -> distribution -> API)', () => {
    for (const { template: t } of [
      synthShop(),
      synthShop({ context: FULL_CONTEXT }),
      synthShop({ context: { domainName: 'a.example.com', certificateArn: CERTIFICATE } }),
    ]) {
      expect(findCycle(dependencyGraph(t))).toBeNull();
    }
  });
});

describe('stages', () => {
  test('prod keeps the data: deletion protection and Retain on table, pool, images and logs', () => {
    const { stack, template } = synthShop({ context: { ...FULL_CONTEXT, stage: 'prod' } });
    const resource = (construct: { node: { defaultChild?: unknown } }) =>
      template.toJSON().Resources[idOf(stack, construct)];
    expect(resource(stack.table)).toMatchObject({
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: { DeletionProtectionEnabled: true },
    });
    expect(resource(stack.userPool)).toMatchObject({
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: { DeletionProtection: 'ACTIVE' },
    });
    expect(resource(stack.imagesBucket)).toMatchObject({ DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
    expect(resource(stack.logBucket)).toMatchObject({ DeletionPolicy: 'Retain' });
  });

  test('dev keeps them too (Retain) but can be deleted without first lifting a protection', () => {
    const { stack, template } = synthShop();
    const resource = (construct: { node: { defaultChild?: unknown } }) =>
      template.toJSON().Resources[idOf(stack, construct)];
    expect(resource(stack.table)).toMatchObject({
      DeletionPolicy: 'Retain',
      Properties: { DeletionProtectionEnabled: false },
    });
    expect(resource(stack.userPool)).toMatchObject({
      DeletionPolicy: 'Retain',
      Properties: { DeletionProtection: 'INACTIVE' },
    });
  });

  test('prod refuses to synthesise without what a live shop needs, naming each setting', () => {
    expect(() => synthShop({ context: { stage: 'prod' } })).toThrow(
      /stage prod needs -c sesIdentity .*, -c shopEmail .*, -c alarmEmail .*, -c stripePublishableKey/,
    );
  });

  test('two stages side by side: the account-wide CloudFront names differ and carry the region', () => {
    const names = (t: Template) =>
      [
        ...Object.values(resourcesOf(t, 'AWS::CloudFront::ResponseHeadersPolicy')).map(
          (r) => r.Properties.ResponseHeadersPolicyConfig.Name,
        ),
        ...Object.values(resourcesOf(t, 'AWS::CloudFront::CachePolicy')).map(
          (r) => r.Properties.CachePolicyConfig.Name,
        ),
        ...Object.values(resourcesOf(t, 'AWS::CloudFront::OriginAccessControl')).map(
          (r) => r.Properties.OriginAccessControlConfig.Name,
        ),
        ...Object.values(resourcesOf(t, 'AWS::CloudFront::Function')).map((r) => r.Properties.Name),
      ].map((name) => renderCfnString(name, { 'AWS::Region': 'eu-west-1' }));
    const dev = names(synthShop().template);
    const prod = names(synthShop({ context: { ...FULL_CONTEXT, stage: 'prod' } }).template);
    expect(dev).toHaveLength(6);
    for (const name of dev) expect(name).toContain('eu-west-1');
    expect(new Set([...dev, ...prod]).size).toBe(dev.length + prod.length);
  });

  // The house limit (decision 0094): every stack at or under 350 of CloudFormation's 500 resources. A route's function
  // lives in its area's nested stack; room-to-grow.test.ts grows the route table to 200 routes.
  test('every stack of the stage stays at or under 350 resources', () => {
    const { stack, templateOf } = synthShop({ context: FULL_CONTEXT });
    const stacks = [stack, ...stack.node.findAll().filter((c): c is NestedStack => NestedStack.isNestedStack(c))];
    const counts = stacks.map((s) => ({
      stack: s.node.path,
      over: Object.keys(templateOf(s).toJSON().Resources).length > 350,
    }));
    expect(counts.filter((c) => c.over)).toEqual([]);
    expect(stacks.length).toBeGreaterThan(2);
  });
});

describe('settings from context', () => {
  const read = (stage: string, context: Record<string, unknown>) =>
    stageSettingsFromContext(stage, (key) => context[key]);

  test('a full set is read and trimmed', () => {
    expect(read('prod', { ...FULL_CONTEXT, siteUrl: 'https://shop.example.com/', sesIdentityExists: 'true' })).toEqual({
      mail: { identity: 'example.com', identityExists: true, from: 'orders@example.com' },
      shopEmail: 'owner@example.com',
      shopPostalAddress: '12 Harbor Lane, Portland, ME 04101',
      siteUrl: 'https://shop.example.com',
      domain: undefined,
      stripePublishableKey: 'pk_test_51Example',
      stripeTax: false,
      alarmEmail: 'ops@example.com',
      throttle: { rateLimit: 50, burstLimit: 100 },
      rateLimits: { enabled: true, scale: 1 },
      logRetentionDays: 365,
      traceSdkCalls: false,
      managedRules: false,
    });
  });

  test.each([
    [{ siteUrl: 'http://shop.example.com' }, /siteUrl must be an https origin/],
    [{ siteUrl: 'https://shop.example.com/shop' }, /siteUrl must be an https origin without a path/],
    [
      { stripePublishableKey: 'sk_live_oops' },
      /stripePublishableKey must be a Stripe publishable key .* never the secret key/,
    ],
    [{ domainName: 'shop.example.com' }, /domainName and certificateArn go together/],
    [
      { domainName: 'shop.example.com', certificateArn: CERTIFICATE.replace('us-east-1', 'eu-west-1') },
      /certificateArn must be an ACM certificate in us-east-1/,
    ],
    [{ alarmEmail: 'ops' }, /alarmEmail must be an email address/],
    [{ mailFrom: 'a@example.com' }, /mailFrom needs sesIdentity/],
    [{ sesIdentity: 'not a domain' }, /sesIdentity must be a domain .* or an email address/],
    [{ sesIdentityExists: 'yes', sesIdentity: 'example.com' }, /sesIdentityExists must be true or false/],
    [{ logRetentionDays: '45' }, /logRetentionDays must be one of the periods CloudWatch Logs keeps: .*\(got 45\)/],
    [{ managedRules: 'true', rateLimits: 'off' }, /managedRules needs the web ACLs of the rate limits/],
    [{ originSecretVersion: 'AWSCURRENT' }, /originSecretVersion must be a version id of the origin secret/],
  ])('refused: %j', (context, message) => {
    expect(() => read('dev', context)).toThrow(message);
  });

  test('every problem is listed at once', () => {
    expect(() => read('dev', { alarmEmail: 'x', throttleRate: 0 })).toThrow(
      /alarmEmail must be an email address .*\n- throttleRate must be a whole number/,
    );
  });

  test('a sender belongs to a domain identity (or a subdomain of it), or is the address identity itself', () => {
    expect(mailFromProblem('example.com', 'a@example.com')).toBeNull();
    expect(mailFromProblem('example.com', 'a@mail.example.com')).toBeNull();
    expect(mailFromProblem('example.com', 'a@badexample.com')).toMatch(/does not belong/);
    expect(mailFromProblem('Shop@Example.com', 'shop@example.com')).toBeNull();
    expect(mailFromProblem('shop@example.com', 'other@example.com')).toMatch(/sends only as itself/);
  });
});
