import { HttpApi, HttpMethod, HttpStage, LogGroupLogDestination, type HttpRoute } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import type { UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { Construct } from 'constructs';
import { routeId, type RouteDef } from '#shared/routes';
import { areaParts, ExistingIntegration, RouteAreaStack } from './route-areas';
import type { ShopFunctions } from './route-functions';
import type { ThrottleSettings } from './settings';
import type { ShopFunction } from './shop-function';
import { shopLogGroup } from './shop-function';
import { suppressPublicRoute } from './suppressions';

export interface ShopApiProps {
  stage: string;
  throttle: ThrottleSettings;
  logRetentionDays: number;
  /** The issuer and the client whose access tokens the JWT authorizer accepts. */
  issuer: string;
  webClient: UserPoolClient;
  routes: readonly RouteDef[];
  functions: ShopFunctions;
  /** A route's handler module, relative to the repository root; `functions/http/<handler>.ts` by default. */
  entryOf?: (route: RouteDef) => string;
}

/**
 * The HTTP API: throttled, access-logged, a JWT authorizer on the user pool for user and admin routes, and one
 * route per entry of the route table. The routes are the shop stack's; their functions, integrations and
 * permissions live in one nested stack per area of the route table (docs/decisions/0094), one function per handler
 * module (the page routes share the page function).
 */
export class ShopApi {
  readonly api: HttpApi;
  readonly apiStage: HttpStage;
  /** The function of each route, by route id (`routeId(route)`). */
  readonly routeFunctions = new Map<string, ShopFunction>();
  /** The nested stacks of the routes' functions, one per area (and more for an area past their size). */
  readonly areaStacks: RouteAreaStack[] = [];

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

    const entryOf = props.entryOf ?? ((route: RouteDef) => `functions/http/${route.handler}.ts`);
    const integrations = new Map<string, ExistingIntegration>();
    for (const part of areaParts(props.routes)) {
      const area = new RouteAreaStack(scope, part, {
        stage: props.stage,
        api: this.api,
        functions: props.functions,
        entryOf,
      });
      this.areaStacks.push(area);
      for (const [id, fn] of area.functions) this.routeFunctions.set(id, fn);
      for (const [id, integration] of area.integrations) integrations.set(id, new ExistingIntegration(integration));
    }
    for (const route of props.routes) {
      const [httpRoute]: HttpRoute[] = this.api.addRoutes({
        path: route.path,
        methods: [HttpMethod[route.method]],
        integration: integrations.get(routeId(route))!,
        authorizer: route.access === 'public' ? undefined : authorizer,
      });
      if (route.access === 'public') suppressPublicRoute(httpRoute, route);
    }
  }
}
