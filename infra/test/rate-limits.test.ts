import { Stack } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import {
  cognitoOperationOf,
  isCognitoGroup,
  isCognitoRequest,
  RATE_LIMIT_GROUPS,
  rateLimitedBody,
  type RateLimitGroup,
} from '#shared/rate-limits';
import { ROUTES } from '#shared/routes';
import { EDGE_REGION, LIMITED_ROUTE_THROTTLE, WEB_ACL_ARN_OUTPUT } from '../lib/rate-limits';
import { FULL_CONTEXT, renderCfnString, resourcesOf, synthShop, type CfnResource } from './synth';

/** The WAF rules in AWS, generated from shared/rate-limits.ts (docs/decisions/0025). */
const API_GROUPS = RATE_LIMIT_GROUPS.filter((g) => !isCognitoGroup(g));
const COGNITO_GROUPS = RATE_LIMIT_GROUPS.filter(isCognitoGroup);
const apiPaths = (group: RateLimitGroup) => group.requests.flatMap((r) => (isCognitoRequest(r) ? [] : [r.path]));
const operations = (group: RateLimitGroup) => group.requests.flatMap((r) => (isCognitoRequest(r) ? [r.cognito] : []));

type Rule = {
  Name: string;
  Priority: number;
  Statement: {
    RateBasedStatement: {
      AggregateKeyType: string;
      Limit: number;
      EvaluationWindowSec: number;
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- WAF statements of the template, read freely (0046)
      ScopeDownStatement: any;
    };
  };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
  Action: any;
  VisibilityConfig: { MetricName: string; CloudWatchMetricsEnabled: boolean };
};
const rulesOf = (acl: CfnResource) => acl.Properties.Rules as Rule[];
const ruleOf = (acl: CfnResource, group: RateLimitGroup) =>
  rulesOf(acl).find((rule) => rule.Name === `rate-limit-${group.id}`)!;
const onlyOne = (resources: Record<string, CfnResource>) => {
  expect(Object.keys(resources)).toHaveLength(1);
  return Object.values(resources)[0];
};

describe('a stage with rate limits (the default)', () => {
  const synth = synthShop({ context: FULL_CONTEXT });
  const { stack, template, edge, edgeTemplate } = synth;
  const edgeAcl = onlyOne(resourcesOf(edgeTemplate!, 'AWS::WAFv2::WebACL'));
  const poolAcl = onlyOne(resourcesOf(template, 'AWS::WAFv2::WebACL'));

  test("the distribution's web ACL lives in ShopEdge-<stage> in us-east-1, deployed first and read at deploy time", () => {
    expect(edge!.stackName).toBe('ShopEdge-dev');
    expect(edge!.region).toBe(EDGE_REGION);
    expect(stack.dependencies).toContain(edge);
    expect(edgeAcl.Properties).toMatchObject({ Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
    expect(renderCfnString(edgeAcl.Properties.Name, { 'AWS::StackName': edge!.stackName })).toBe('ShopEdge-dev-api');
    expect(edgeTemplate!.toJSON().Outputs[WEB_ACL_ARN_OUTPUT].Value).toEqual({
      'Fn::GetAtt': [expect.any(String), 'Arn'],
    });
    const [distribution] = Object.values(resourcesOf(template, 'AWS::CloudFront::Distribution'));
    expect(distribution.Properties.DistributionConfig.WebACLId).toEqual({
      'Fn::GetStackOutput': { StackName: 'ShopEdge-dev', OutputName: WEB_ACL_ARN_OUTPUT, Region: EDGE_REGION },
    });
  });

  test('every group is one rate-based rule per client IP, with its limit and window, in exactly one of the two web ACLs', () => {
    expect(rulesOf(edgeAcl).map((rule) => rule.Name)).toEqual(API_GROUPS.map((g) => `rate-limit-${g.id}`));
    expect(rulesOf(poolAcl).map((rule) => rule.Name)).toEqual(COGNITO_GROUPS.map((g) => `rate-limit-${g.id}`));
    for (const [acl, groups] of [
      [edgeAcl, API_GROUPS],
      [poolAcl, COGNITO_GROUPS],
    ] as const) {
      for (const group of groups) {
        const rule = ruleOf(acl, group);
        expect({ group: group.id, ...rule.Statement.RateBasedStatement, ScopeDownStatement: undefined }).toEqual({
          group: group.id,
          AggregateKeyType: 'IP',
          Limit: group.limit,
          EvaluationWindowSec: group.windowSeconds,
          ScopeDownStatement: undefined,
        });
        expect(rule.VisibilityConfig).toMatchObject({
          MetricName: `rate-limited-${group.id}`,
          CloudWatchMetricsEnabled: true,
        });
      }
      expect(new Set(rulesOf(acl).map((rule) => rule.Priority)).size).toBe(groups.length);
    }
  });

  test('a blocked request gets 429, Retry-After (the window) and the body the local gateway sends', () => {
    for (const [acl, groups] of [
      [edgeAcl, API_GROUPS],
      [poolAcl, COGNITO_GROUPS],
    ] as const) {
      for (const group of groups) {
        expect(ruleOf(acl, group).Action).toEqual({
          Block: {
            CustomResponse: {
              ResponseCode: 429,
              CustomResponseBodyKey: group.id,
              ResponseHeaders: [{ Name: 'Retry-After', Value: String(group.windowSeconds) }],
            },
          },
        });
        const body = acl.Properties.CustomResponseBodies[group.id];
        expect(body.ContentType).toBe('APPLICATION_JSON');
        expect(JSON.parse(body.Content)).toEqual(rateLimitedBody(group));
      }
    }
  });

  test("an API rule counts its group's methods (POST; GET for search; both for the unsubscribe address and a quote's page) to each one's paths (trailing slash too) and nothing else", () => {
    const allPaths = [...ROUTES.map((r) => r.path), ...API_GROUPS.flatMap(apiPaths)];
    for (const group of API_GROUPS) {
      const scope = ruleOf(edgeAcl, group).Statement.RateBasedStatement.ScopeDownStatement;
      const byMethod: { AndStatement: { Statements: [typeof scope, typeof scope] } }[] = scope.OrStatement
        ? scope.OrStatement.Statements
        : [scope];
      const methods = [...new Set(group.requests.flatMap((r) => ('method' in r ? [r.method] : [])))];
      expect(methods).toEqual(
        group.id === 'search'
          ? ['GET']
          : group.id === 'email-preferences'
            ? ['POST', 'GET']
            : group.id === 'quote-pages'
              ? ['GET', 'POST']
              : ['POST'],
      );
      expect(byMethod).toHaveLength(methods.length);
      byMethod.forEach(
        (
          {
            AndStatement: {
              Statements: [method, path],
            },
          },
          index,
        ) => {
          expect(method.ByteMatchStatement).toMatchObject({
            FieldToMatch: { Method: {} },
            PositionalConstraint: 'EXACTLY',
            SearchString: methods[index],
          });
          expect(path.RegexMatchStatement.FieldToMatch).toEqual({ UriPath: {} });
          expect(path.RegexMatchStatement.TextTransformations.map((t: { Type: string }) => t.Type)).toEqual([
            'URL_DECODE',
            'NORMALIZE_PATH',
          ]);
          const own = group.requests.flatMap((r) => ('method' in r && r.method === methods[index] ? [r.path] : []));
          const regex = new RegExp(path.RegexMatchStatement.RegexString);
          const matched = [...new Set(allPaths)].filter((p) => regex.test(p));
          expect({ group: group.id, method: methods[index], matched: matched.sort() }).toEqual({
            group: group.id,
            method: methods[index],
            matched: [...own].sort(),
          });
          for (const p of own) expect(regex.test(`${p}/`)).toBe(true);
          expect(regex.test(`${own[0]}/x`)).toBe(false);
          expect(regex.test(`/x${own[0]}`)).toBe(false);
        },
      );
    }
  });

  test('recording an order has its own, larger rule; the card-confirmations rule no longer counts it', () => {
    const scopeRegex = (id: string) => {
      const group = API_GROUPS.find((g) => g.id === id)!;
      const [, path] = ruleOf(edgeAcl, group).Statement.RateBasedStatement.ScopeDownStatement.AndStatement.Statements;
      return {
        limit: ruleOf(edgeAcl, group).Statement.RateBasedStatement.Limit,
        regex: new RegExp(path.RegexMatchStatement.RegexString),
      };
    };
    const recording = scopeRegex('order-recording');
    const cards = scopeRegex('card-confirmations');
    expect(recording.limit).toBe(60);
    expect(cards.limit).toBe(15);
    for (const path of ['/auth/adminOrders', '/auth/adminOrders/guest']) {
      expect({ path, recording: recording.regex.test(path), cards: cards.regex.test(path) }).toEqual({
        path,
        recording: true,
        cards: false,
      });
    }
    expect(cards.regex.test('/api/test-payments/confirm')).toBe(true);
  });

  test('a Cognito rule counts its operations by x-amz-target, whatever the case, and not signing in', () => {
    const all = [
      'SignUp',
      'ForgotPassword',
      'ConfirmForgotPassword',
      'InitiateAuth',
      'RespondToAuthChallenge',
      'GetUser',
      'ConfirmSignUp',
    ];
    for (const group of COGNITO_GROUPS) {
      const scope = ruleOf(poolAcl, group).Statement.RateBasedStatement.ScopeDownStatement.RegexMatchStatement;
      expect(scope.FieldToMatch).toEqual({ SingleHeader: { Name: 'x-amz-target' } });
      expect(scope.TextTransformations).toEqual([{ Priority: 0, Type: 'LOWERCASE' }]);
      const regex = new RegExp(scope.RegexString);
      expect(all.filter((op) => regex.test(`AWSCognitoIdentityProviderService.${op}`.toLowerCase()))).toEqual(
        operations(group),
      );
    }
  });

  test("a Cognito rule counts every spelling of its operations that gets through (the gateway's reading, and any capitalisation of it)", () => {
    // Cognito acts only on AWSCognitoIdentityProviderService.<Operation> (the gateway refuses anything else, as
    // Cognito answers UnknownOperationException); the rule lower-cases the header, so it also counts any
    // capitalisation Cognito might accept. Spellings that name no operation need no counting: nothing happens.
    const spellings = (op: string) => [
      `AWSCognitoIdentityProviderService.${op}`,
      `awscognitoidentityproviderservice.${op.toLowerCase()}`,
      `AWSCOGNITOIDENTITYPROVIDERSERVICE.${op.toUpperCase()}`,
      `AwsCognitoIdentityProviderService.${op}`,
      `X.${op}`,
      `${op}`,
      `AWSCognitoIdentityProviderService.${op}.X`,
    ];
    for (const group of COGNITO_GROUPS) {
      const scope = ruleOf(poolAcl, group).Statement.RateBasedStatement.ScopeDownStatement.RegexMatchStatement;
      const regex = new RegExp(scope.RegexString);
      for (const op of operations(group)) {
        for (const target of spellings(op)) {
          const counted = regex.test(target.toLowerCase());
          const named = cognitoOperationOf(target);
          if (named !== undefined && (operations(group) as readonly string[]).includes(named))
            expect({ target, counted }).toEqual({ target, counted: true });
          // Every capitalisation of the exact target is counted too.
          if (target.toLowerCase() === `AWSCognitoIdentityProviderService.${op}`.toLowerCase())
            expect({ target, counted }).toEqual({ target, counted: true });
          else expect({ target, counted }).toEqual({ target, counted: false });
        }
      }
    }
  });

  test("the user pool's web ACL is regional and associated with the pool", () => {
    expect(poolAcl.Properties).toMatchObject({ Scope: 'REGIONAL', DefaultAction: { Allow: {} } });
    expect(renderCfnString(poolAcl.Properties.Name, { 'AWS::StackName': stack.stackName })).toBe('Shop-dev-user-pool');
    const association = onlyOne(resourcesOf(template, 'AWS::WAFv2::WebACLAssociation'));
    expect(association.Properties.ResourceArn).toEqual({ 'Fn::GetAtt': [expect.stringMatching(/^UserPool/), 'Arn'] });
    expect(association.Properties.WebACLArn).toEqual({
      'Fn::GetAtt': [expect.stringMatching(/^RateLimitsUserPoolWebAcl/), 'Arn'],
    });
  });

  test("each limited route of the route table gets a ceiling on the API's own URL (all clients together), after its route exists", () => {
    const [stage] = Object.values(resourcesOf(template, 'AWS::ApiGatewayV2::Stage'));
    const limited = ROUTES.filter((r) =>
      API_GROUPS.some((g) =>
        g.requests.some((q) => !isCognitoRequest(q) && q.method === r.method && q.path === r.path),
      ),
    );
    expect(Object.keys(stage.Properties.RouteSettings).sort()).toEqual(
      limited.map((r) => `${r.method} ${r.path}`).sort(),
    );
    // The promo-code check (guessing codes needs thousands of tries) is among them.
    expect(Object.keys(stage.Properties.RouteSettings)).toContain('POST /api/promo-codes/check');
    for (const settings of Object.values(stage.Properties.RouteSettings)) {
      expect(settings).toEqual({
        ThrottlingRateLimit: LIMITED_ROUTE_THROTTLE.rateLimit,
        ThrottlingBurstLimit: LIMITED_ROUTE_THROTTLE.burstLimit,
      });
    }
    const routeIds = Object.entries(resourcesOf(template, 'AWS::ApiGatewayV2::Route'))
      .filter(([, route]) => route.Properties.RouteKey in stage.Properties.RouteSettings)
      .map(([id]) => id);
    expect([...stage.DependsOn].sort()).toEqual(expect.arrayContaining(routeIds.sort()));
  });
});

describe('context rateLimits', () => {
  test("a number scales every WAF limit, never below WAF's floor of 10", () => {
    const doubled = synthShop({ context: { ...FULL_CONTEXT, rateLimits: '2' } });
    const edgeAcl = onlyOne(resourcesOf(doubled.edgeTemplate!, 'AWS::WAFv2::WebACL'));
    for (const group of API_GROUPS)
      expect(ruleOf(edgeAcl, group).Statement.RateBasedStatement.Limit).toBe(group.limit * 2);
    const halved = synthShop({ context: { ...FULL_CONTEXT, rateLimits: 0.5 } });
    const poolAcl = onlyOne(resourcesOf(halved.template, 'AWS::WAFv2::WebACL'));
    for (const group of COGNITO_GROUPS) expect(ruleOf(poolAcl, group).Statement.RateBasedStatement.Limit).toBe(10);
  });

  test('off: no edge stack, no web ACLs, no route ceilings; cdk-nag then needs the CFR2 suppression', () => {
    const { app, stack, template, edge } = synthShop({
      context: { ...FULL_CONTEXT, rateLimits: 'off' },
      nag: { logIgnores: true },
    });
    expect(edge).toBeUndefined();
    expect(app.node.children.filter(Stack.isStack).map((c) => c.stackName)).toEqual(['Shop-dev']);
    template.resourceCountIs('AWS::WAFv2::WebACL', 0);
    const [distribution] = Object.values(resourcesOf(template, 'AWS::CloudFront::Distribution'));
    expect(distribution.Properties.DistributionConfig.WebACLId).toBeUndefined();
    const [stage] = Object.values(resourcesOf(template, 'AWS::ApiGatewayV2::Stage'));
    expect(stage.Properties.RouteSettings).toBeUndefined();
    const annotations = Annotations.fromStack(stack);
    expect(
      annotations.findInfo('*', Match.stringLikeRegexp('AwsSolutions-CFR2 was triggered but suppressed')),
    ).toHaveLength(1);
    expect(annotations.findWarning('*', Match.stringLikeRegexp('AwsSolutions-'))).toEqual([]);
  });

  test('nonsense stops the synth with a sentence naming the setting', () => {
    expect(() => synthShop({ context: { rateLimits: 'lots' } })).toThrow(
      /rateLimits must be on, off or a number from 0.01 to 1000/,
    );
  });
});
