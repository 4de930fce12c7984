import type { Template } from 'aws-cdk-lib/assertions';
import { ORIGIN_HEADER } from '#shared/origin';
import { RATE_LIMIT_GROUPS, isCognitoGroup } from '#shared/rate-limits';
import { ROUTES, routeId } from '#shared/routes';
import { MANAGED_RULE_GROUPS } from '../lib/rate-limits';
import type { ShopStack } from '../lib/shop-stack';
import type { IConstruct } from 'constructs';
import { FULL_CONTEXT, logicalIdOf, renderCfnString, resourcesOf, synthShop, type CfnResource } from './synth';

/**
 * The front door in AWS (docs/decisions/0066): CloudFront sends the origin secret in a header to the API origin, and
 * every route's function is configured to refuse a request without it (the check itself: functions/lib/origin.ts,
 * functions/http/front-door.test.ts). And AWS's managed rule groups as a stage setting (0067).
 */
let stack: ShopStack;
let template: Template;
// The whole stage: the routes' functions live in their areas' nested stacks (decision 0094).
beforeAll(() => ({ stack, whole: template } = synthShop({ context: FULL_CONTEXT })));

const idOf = (_s: ShopStack, construct: IConstruct) => logicalIdOf(construct);
const secretId = () => idOf(stack, stack.originSecret);
const variablesOf = (t: Template, id: string): Record<string, unknown> =>
  t.toJSON().Resources[id].Properties.Environment?.Variables ?? {};
const distributionOf = (t: Template) =>
  Object.values(resourcesOf(t, 'AWS::CloudFront::Distribution'))[0].Properties.DistributionConfig;

describe('the origin secret and the functions', () => {
  test('a generated secret of the stack (no fixed name, no value in the template), its ARN an output for rotation', () => {
    const secret = template.toJSON().Resources[secretId()];
    expect(secret.Properties.Name).toBeUndefined();
    expect(secret.Properties.SecretString).toBeUndefined();
    expect(secret.Properties.GenerateSecretString).toMatchObject({ PasswordLength: 48, ExcludePunctuation: true });
    template.hasOutput('OriginSecretArn', { Value: { Ref: secretId() } });
  });

  test.each([...new Set(ROUTES.map((route) => routeId(route)))])(
    'route function %s: ORIGIN_SECRET_ARN set, and its role may read the secret',
    (id) => {
      const functionId = idOf(stack, stack.routeFunctions.get(id)!);
      expect(variablesOf(template, functionId).ORIGIN_SECRET_ARN).toEqual({ Ref: secretId() });
      const roleId = template.toJSON().Resources[functionId].Properties.Role['Fn::GetAtt'][0];
      const [policy, ...others] = Object.values(resourcesOf(template, 'AWS::IAM::ManagedPolicy'));
      expect(others).toEqual([]);
      expect(policy.Properties.PolicyDocument.Statement).toEqual([
        { Action: 'secretsmanager:GetSecretValue', Effect: 'Allow', Resource: { Ref: secretId() } },
      ]);
      expect(policy.Properties.Roles).toContainEqual({ Ref: roleId });
    },
  );

  test('functions no request reaches (jobs, triggers, the image pipeline) carry no ORIGIN_SECRET_ARN', () => {
    for (const fn of [...stack.jobFunctions.values(), ...stack.triggerFunctions.values(), stack.imageFunction]) {
      expect(variablesOf(template, idOf(stack, fn)).ORIGIN_SECRET_ARN).toBeUndefined();
    }
  });
});

describe('CloudFront sends it', () => {
  const apiOrigins = (t: Template) =>
    (distributionOf(t).Origins as CfnResource[]).filter((origin) =>
      renderCfnString(origin.DomainName).includes('.execute-api.'),
    );

  test("the API's one origin carries the header, its value a dynamic reference to the secret (AWSCURRENT)", () => {
    const [api, ...others] = apiOrigins(template);
    expect(others).toEqual([]);
    expect(api.OriginCustomHeaders).toEqual([{ HeaderName: ORIGIN_HEADER, HeaderValue: expect.anything() }]);
    expect(renderCfnString(api.OriginCustomHeaders[0].HeaderValue, { [secretId()]: 'SECRET_ARN' })).toBe(
      '{{resolve:secretsmanager:SECRET_ARN:SecretString:::}}',
    );
    // Every behaviour that reaches the API (the API paths, the product list, the crawler pages, the routing
    // function's home and not-found pages) goes to that origin; the bucket origins get no header.
    const behaviours = [
      distributionOf(template).DefaultCacheBehavior,
      ...(distributionOf(template).CacheBehaviors as CfnResource[]),
    ];
    const toApi = behaviours.filter((b) => b.TargetOriginId === api.Id);
    expect(toApi.map((b) => b.PathPattern)).toEqual(
      expect.arrayContaining(['/api/*', '/auth/*', '/api/products', '/sitemap.xml']),
    );
    for (const origin of distributionOf(template).Origins as CfnResource[])
      if (origin !== api) expect(origin.OriginCustomHeaders).toBeUndefined();
  });

  test('after a rotation, -c originSecretVersion names the version: the reference changes, so CloudFormation reads the new value', () => {
    const version = '3f2a9c1e-5b7d-4e8f-9a0b-1c2d3e4f5a6b';
    const { stack: rotated, template: t } = synthShop({ context: { ...FULL_CONTEXT, originSecretVersion: version } });
    const [api] = apiOrigins(t);
    expect(
      renderCfnString(api.OriginCustomHeaders[0].HeaderValue, { [idOf(rotated, rotated.originSecret)]: 'SECRET_ARN' }),
    ).toBe(`{{resolve:secretsmanager:SECRET_ARN:SecretString:::${version}}}`);
  });

  test('no secret value anywhere in the template', () => {
    expect(JSON.stringify(template.toJSON())).not.toMatch(/x-origin-verify"\s*,\s*"HeaderValue"\s*:\s*"[^{]/);
  });
});

describe('AWS managed rule groups (-c managedRules=true)', () => {
  const rulesOf = (t: Template) =>
    (Object.values(resourcesOf(t, 'AWS::WAFv2::WebACL'))[0].Properties.Rules as CfnResource[]).map((rule) => rule);
  const managed = (rules: CfnResource[]) => rules.filter((rule) => rule.Statement.ManagedRuleGroupStatement);

  test('off by default: the web ACLs hold the rate-based rules only', () => {
    const { template: t, edgeTemplate } = synthShop();
    expect(managed(rulesOf(edgeTemplate!))).toEqual([]);
    expect(managed(rulesOf(t))).toEqual([]);
  });

  test("on: IP reputation and known bad inputs on the distribution's web ACL, IP reputation on the user pool's, after the rate rules", () => {
    const { template: t, edgeTemplate } = synthShop({ context: { managedRules: 'true' } });
    for (const [rules, scope, groups] of [
      [rulesOf(edgeTemplate!), 'CLOUDFRONT', RATE_LIMIT_GROUPS.filter((g) => !isCognitoGroup(g))],
      [rulesOf(t), 'REGIONAL', RATE_LIMIT_GROUPS.filter(isCognitoGroup)],
    ] as const) {
      const expected = MANAGED_RULE_GROUPS.filter((g) => (g.where as readonly string[]).includes(scope));
      expect(managed(rules).map((rule) => rule.Statement.ManagedRuleGroupStatement)).toEqual(
        expected.map((g) => ({ VendorName: 'AWS', Name: g.name })),
      );
      for (const rule of managed(rules)) {
        expect(rule.OverrideAction).toEqual({ None: {} });
        expect(rule.Priority).toBeGreaterThanOrEqual(groups.length);
        expect(rule.VisibilityConfig).toMatchObject({ CloudWatchMetricsEnabled: true });
      }
      // The rate rules keep their priorities; all priorities distinct.
      expect(rules.filter((rule) => !rule.Statement.ManagedRuleGroupStatement).map((rule) => rule.Priority)).toEqual(
        groups.map((_, i) => i),
      );
      expect(new Set(rules.map((rule) => rule.Priority)).size).toBe(rules.length);
    }
    // Well within the 1,500 WCU a web ACL's price includes (rate rules with their scope-down take a few each).
    expect(MANAGED_RULE_GROUPS.reduce((sum, g) => sum + g.wcu, 0)).toBeLessThan(1500 - 50 * RATE_LIMIT_GROUPS.length);
  });
});
