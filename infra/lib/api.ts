import { HttpApi, HttpMethod, HttpStage, LogGroupLogDestination, type HttpRoute } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { Construct } from 'constructs';
import { routeId, type RouteDef } from '#shared/routes';
import { acknowledgeGuard } from './guard';
import type { ShopFunctions } from './route-functions';
import type { ThrottleSettings } from './settings';
import type { ShopFunction } from './shop-function';
import { shopLogGroup } from './shop-function';
import { suppressPublicRoute } from './suppressions';

/**
 * What a function is called in descriptions, alarms and the dashboard: its route, or the routes of a module that
 * serves several ("GET, POST /x"; the page function's many paths go by `many`).
 */
export function sharedLabel(shared: readonly Pick<RouteDef, 'method' | 'path'>[], many: string): string {
  if (shared.length === 1) return `${shared[0].method} ${shared[0].path}`;
  return new Set(shared.map((route) => route.path)).size === 1
    ? `${shared.map((route) => route.method).join(', ')} ${shared[0].path}`
    : many;
}

export interface ShopApiProps {
  stage: string;
  throttle: ThrottleSettings;
  logRetentionDays: number;
  /** The issuer and the client whose access tokens the JWT authorizer accepts. */
  issuer: string;
  webClient: UserPoolClient;
  routes: readonly RouteDef[];
  functions: ShopFunctions;
}

/**
 * The HTTP API: throttled, access-logged, a JWT authorizer on the user pool for user and admin routes, and one
 * function and one route per entry of the route table (the page routes share the page function: one handler
 * module, one function). Made in the stack's own scope (docs/decisions/0071).
 */
export class ShopApi {
  readonly api: HttpApi;
  readonly apiStage: HttpStage;
  /** The function of each route, by route id (`routeId(route)`). */
  readonly routeFunctions = new Map<string, ShopFunction>();

  constructor(scope: Construct, props: ShopApiProps) {
    this.api = new HttpApi(scope, 'HttpApi', { description: `Shop API (${props.stage})`, createDefaultStage: false });
    this.apiStage = new HttpStage(scope, 'HttpApiDefaultStage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: props.throttle.rateLimit, burstLimit: props.throttle.burstLimit },
      accessLogSettings: {
        destination: new LogGroupLogDestination(shopLogGroup(scope, 'HttpApiAccessLogs', props.logRetentionDays)),
      },
    });
    const authorizer = new HttpJwtAuthorizer('CognitoAuthorizer', props.issuer, {
      // Access tokens have no `aud`; API Gateway then matches their `client_id` against this list.
      jwtAudience: [props.webClient.userPoolClientId],
    });

    const { routes } = props;
    const integrations = new Map<string, HttpLambdaIntegration>();
    for (const route of routes) {
      const id = routeId(route);
      let integration = integrations.get(id);
      if (!integration) {
        const shared = routes.filter((other) => other.handler === route.handler);
        const purpose = sharedLabel(shared, `pages: ${shared.map((other) => other.path).join(' ')}`);
        const fn = props.functions.create(`${id}Function`, `functions/http/${route.handler}.ts`, purpose, route);
        props.functions.guardFrontDoor(fn);
        this.routeFunctions.set(id, fn);
        integration = new HttpLambdaIntegration(`${id}Integration`, fn);
        integrations.set(id, integration);
      }
      const [httpRoute]: HttpRoute[] = this.api.addRoutes({
        path: route.path,
        methods: [HttpMethod[route.method]],
        integration,
        authorizer: route.access === 'public' ? undefined : authorizer,
      });
      acknowledgeGuard(
        httpRoute,
        'CT.LAMBDA.PR.2',
        'API Gateway may invoke the function only for this API (SourceArn names the API id); the rule accepts only a literal or a Ref there, not the ARN built with Fn::Join.',
      );
      if (route.access === 'public') suppressPublicRoute(httpRoute, route);
    }
  }
}
