import { Aws, CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { CfnStage, type HttpApi, type HttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { CfnRoute } from 'aws-cdk-lib/aws-apigatewayv2';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import { CfnWebACL, CfnWebACLAssociation } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import {
  COGNITO_TARGET_PREFIX,
  isCognitoGroup,
  isCognitoRequest,
  RATE_LIMIT_GROUPS,
  RATE_LIMIT_MINIMUM,
  rateLimitedBody,
  scaledLimit,
  type LimitedApiRequest,
  type RateLimitGroup,
} from '#shared/rate-limits';

/**
 * Bots are held back in AWS (docs/decisions/0025): every group of shared/rate-limits.ts becomes one WAF
 * rate-based rule per client IP. API groups go into a CLOUDFRONT web ACL, which must live in us-east-1 (the
 * stack `ShopEdge-<stage>`); Cognito groups into a REGIONAL web ACL on the user pool, because the SPA calls
 * Cognito directly in AWS. The API's own URL skips CloudFront (its functions refuse such requests: 0066), so each
 * limited route also gets a ceiling on the HTTP API stage (all clients together).
 */

/** CloudFront takes web ACLs from this region only. */
export const EDGE_REGION = 'us-east-1';
export const edgeStackName = (stage: string) => `ShopEdge-${stage}`;
/**
 * Web ACL names: the stack's name and what the ACL guards (unique per account, scope and region, as stack names are).
 */
export const WEB_ACL_SUFFIX = { edge: 'api', userPool: 'user-pool' } as const;
/** The edge stack's output holding the web ACL's ARN; the shop stack reads it with Fn::GetStackOutput. */
export const WEB_ACL_ARN_OUTPUT = 'WebAclArn';
/** Requests per second (and burst) of each limited API route for all clients together, on the HTTP API stage. */
export const LIMITED_ROUTE_THROTTLE = { rateLimit: 10, burstLimit: 20 } as const;

/** The WAF limit of a group: scaled like the local one, but never below WAF's floor. */
export const wafLimit = (group: RateLimitGroup, scale: number): number =>
  Math.max(RATE_LIMIT_MINIMUM, scaledLimit(group, scale));
export const ruleName = (group: RateLimitGroup) => `rate-limit-${group.id}`;
/** The CloudWatch metric (AWS/WAFV2, dimension Rule) of a group's rule: its blocked and counted requests. */
export const ruleMetricName = (group: RateLimitGroup) => `rate-limited-${group.id}`;

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A route-table path as a regex: `{name}` is one segment; a trailing slash is the same route. */
export function pathPattern(paths: readonly string[]): string {
  const one = (path: string) =>
    path
      .split('/')
      .map((segment) => (/^\{.+\}$/.test(segment) ? '[^/]+' : escapeRegex(segment)))
      .join('/');
  return `^(?:${paths.map(one).join('|')})/?$`;
}
/** The operations' x-amz-target values as a regex over the lower-cased header. */
export function targetPattern(operations: readonly string[]): string {
  return `^${escapeRegex(COGNITO_TARGET_PREFIX.toLowerCase())}(?:${operations.map((op) => escapeRegex(op.toLowerCase())).join('|')})$`;
}

/** Which requests a group's rule counts (its scope-down statement). */
function scopeOf(group: RateLimitGroup): CfnWebACL.StatementProperty {
  if (isCognitoGroup(group)) {
    return {
      regexMatchStatement: {
        fieldToMatch: { singleHeader: { Name: 'x-amz-target' } },
        regexString: targetPattern(group.requests.flatMap((r) => (isCognitoRequest(r) ? [r.cognito] : []))),
        textTransformations: [{ priority: 0, type: 'LOWERCASE' }],
      },
    };
  }
  const api = group.requests.filter((r): r is LimitedApiRequest => !isCognitoRequest(r));
  const byMethod = [...new Set(api.map((r) => r.method))].map((method): CfnWebACL.StatementProperty => ({
    andStatement: {
      statements: [
        {
          byteMatchStatement: {
            fieldToMatch: { method: {} },
            positionalConstraint: 'EXACTLY',
            searchString: method,
            textTransformations: [{ priority: 0, type: 'NONE' }],
          },
        },
        {
          regexMatchStatement: {
            fieldToMatch: { uriPath: {} },
            regexString: pathPattern(api.filter((r) => r.method === method).map((r) => r.path)),
            // As the API will see the path: percent-decoded, `//` and `/./` folded.
            textTransformations: [
              { priority: 0, type: 'URL_DECODE' },
              { priority: 1, type: 'NORMALIZE_PATH' },
            ],
          },
        },
      ],
    },
  }));
  return byMethod.length === 1 ? byMethod[0] : { orStatement: { statements: byMethod } };
}

/** One rate-based rule per group: per client IP, the group's window and limit; 429 with the message and Retry-After. */
export function rateBasedRules(groups: readonly RateLimitGroup[], scale: number): CfnWebACL.RuleProperty[] {
  return groups.map((group, priority) => ({
    name: ruleName(group),
    priority,
    statement: {
      rateBasedStatement: {
        aggregateKeyType: 'IP',
        limit: wafLimit(group, scale),
        evaluationWindowSec: group.windowSeconds,
        scopeDownStatement: scopeOf(group),
      },
    },
    action: {
      block: {
        customResponse: {
          responseCode: 429,
          customResponseBodyKey: group.id,
          // WAF answers the same header every time: the whole window, the longest a client may have to wait.
          responseHeaders: [{ name: 'Retry-After', value: String(group.windowSeconds) }],
        },
      },
    },
    visibilityConfig: {
      cloudWatchMetricsEnabled: true,
      sampledRequestsEnabled: true,
      metricName: ruleMetricName(group),
    },
  }));
}

/**
 * AWS's managed rule groups a stage may add (context `managedRules`, docs/decisions/0067): no subscription fee,
 * each one rule of its web ACL (about $1 a month) and within the 1,500 WCU the web ACL price includes.
 * `where`: the web ACLs it goes into (the user pool's sees only Cognito's JSON API: bad-input signatures are
 * for the API and the pages).
 */
export const MANAGED_RULE_GROUPS = [
  {
    name: 'AWSManagedRulesAmazonIpReputationList',
    metricName: 'aws-ip-reputation',
    wcu: 25,
    where: ['CLOUDFRONT', 'REGIONAL'],
  },
  { name: 'AWSManagedRulesKnownBadInputsRuleSet', metricName: 'aws-known-bad-inputs', wcu: 200, where: ['CLOUDFRONT'] },
] as const;

/** The managed rule groups of one web ACL, after its rate-based rules (which keep their priorities). */
export function managedRules(scope: 'CLOUDFRONT' | 'REGIONAL', firstPriority: number): CfnWebACL.RuleProperty[] {
  return MANAGED_RULE_GROUPS.filter((group) => (group.where as readonly string[]).includes(scope)).map(
    (group, index) => ({
      name: group.metricName,
      priority: firstPriority + index,
      statement: { managedRuleGroupStatement: { vendorName: 'AWS', name: group.name } },
      // The group's own actions (block) apply: "none" overrides nothing.
      overrideAction: { none: {} },
      visibilityConfig: { cloudWatchMetricsEnabled: true, sampledRequestsEnabled: true, metricName: group.metricName },
    }),
  );
}

/** A web ACL that allows everything except what its groups' rate-based rules (and the managed groups) hold back. */
function rateLimitWebAcl(
  scope: Construct,
  id: string,
  props: {
    scope: 'CLOUDFRONT' | 'REGIONAL';
    groups: readonly RateLimitGroup[];
    scale: number;
    description: string;
    suffix: string;
    managedRules?: boolean;
  },
): CfnWebACL {
  const rules = rateBasedRules(props.groups, props.scale);
  return new CfnWebACL(scope, id, {
    // Named after the stack, so its metrics are easy to find (AWS/WAFV2, dimension WebACL).
    name: `${Aws.STACK_NAME}-${props.suffix}`,
    scope: props.scope,
    description: props.description,
    defaultAction: { allow: {} },
    rules: props.managedRules ? [...rules, ...managedRules(props.scope, rules.length)] : rules,
    customResponseBodies: Object.fromEntries(
      props.groups.map((group) => [
        group.id,
        { contentType: 'APPLICATION_JSON', content: JSON.stringify(rateLimitedBody(group)) },
      ]),
    ),
    visibilityConfig: {
      cloudWatchMetricsEnabled: true,
      sampledRequestsEnabled: true,
      metricName: `${Aws.STACK_NAME}-${props.suffix}`,
    },
  });
}

export interface ShopEdgeStackProps extends StackProps {
  stage: string;
  /** Multiplies every limit (context `rateLimits`). */
  scale: number;
  /** AWS's managed rule groups too (context `managedRules`). */
  managedRules?: boolean;
  groups?: readonly RateLimitGroup[];
}

/** `ShopEdge-<stage>` in us-east-1: the distribution's web ACL (API groups). Deployed before the shop stack. */
export class ShopEdgeStack extends Stack {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: ShopEdgeStackProps) {
    super(scope, id, { ...props, env: { ...props.env, region: EDGE_REGION } });
    const groups = (props.groups ?? RATE_LIMIT_GROUPS).filter((group) => !isCognitoGroup(group));
    this.webAcl = rateLimitWebAcl(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      groups,
      scale: props.scale,
      description: `Shop ${props.stage}, per-client rate limits of the API, shared/rate-limits.ts`,
      suffix: WEB_ACL_SUFFIX.edge,
      managedRules: props.managedRules,
    });
    new CfnOutput(this, WEB_ACL_ARN_OUTPUT, {
      value: this.webAcl.attrArn,
      description: `The web ACL of the distribution of Shop-${props.stage}`,
    });
  }
}

export interface ShopRateLimitsProps {
  stage: string;
  scale: number;
  userPool: IUserPool;
  api: HttpApi;
  apiStage: HttpStage;
  /** AWS's managed rule groups too (context `managedRules`). */
  managedRules?: boolean;
  groups?: readonly RateLimitGroup[];
}

/** In the shop stack: the user pool's web ACL (Cognito groups) and the per-route ceilings of the limited routes. */
export class ShopRateLimits extends Construct {
  readonly userPoolWebAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: ShopRateLimitsProps) {
    super(scope, id);
    const groups = props.groups ?? RATE_LIMIT_GROUPS;
    this.userPoolWebAcl = rateLimitWebAcl(this, 'UserPoolWebAcl', {
      scope: 'REGIONAL',
      groups: groups.filter(isCognitoGroup),
      scale: props.scale,
      description: `Shop ${props.stage}, per-client rate limits of sign-up and password reset`,
      suffix: WEB_ACL_SUFFIX.userPool,
      managedRules: props.managedRules,
    });
    new CfnWebACLAssociation(this, 'UserPoolWebAclAssociation', {
      resourceArn: props.userPool.userPoolArn,
      webAclArn: this.userPoolWebAcl.attrArn,
    });

    // The API's execute-api URL skips CloudFront's web ACL. Its functions refuse what did not come through CloudFront
    // (the origin header, 0066), but each refusal is still an invocation: a ceiling per limited route bounds them.
    const limited = new Set(
      groups.flatMap((g) => g.requests.flatMap((r) => (isCognitoRequest(r) ? [] : [`${r.method} ${r.path}`]))),
    );
    const routes = props.api.node
      .findAll()
      .filter((c): c is CfnRoute => c instanceof CfnRoute && limited.has(String(c.routeKey)));
    if (routes.length === 0) return;
    const stage = props.apiStage.node.defaultChild as CfnStage;
    stage.addPropertyOverride(
      'RouteSettings',
      Object.fromEntries(
        routes.map((route) => [
          route.routeKey,
          {
            ThrottlingRateLimit: LIMITED_ROUTE_THROTTLE.rateLimit,
            ThrottlingBurstLimit: LIMITED_ROUTE_THROTTLE.burstLimit,
          },
        ]),
      ),
    );
    // Route settings name routes that must exist first.
    for (const route of routes) stage.addResourceDependency(route);
  }
}
