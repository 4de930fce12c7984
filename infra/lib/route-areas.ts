import { NestedStack, Stack } from 'aws-cdk-lib';
import {
  HttpIntegration,
  HttpIntegrationType,
  HttpRouteIntegration,
  PayloadFormatVersion,
  type HttpApi,
  type HttpRouteIntegrationBindOptions,
  type HttpRouteIntegrationConfig,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import { routeId, type RouteDef } from '#shared/routes';
import { acknowledgeGuard } from './guard';
import type { ShopFunctions } from './route-functions';
import type { ShopFunction } from './shop-function';

/**
 * At most this many functions in one area's nested stack. Each brings five or six resources there (the function,
 * its log group, its integration, a permission per route, its alarm; a mail-failure filter when it sends mail):
 * 50 functions stay under 350 of CloudFormation's 500 resources, the house limit (docs/decisions/0094).
 */
export const FUNCTIONS_PER_AREA_STACK = 50;

/** The area of a route: the folder of its handler (`admin/list-orders` -> `admin`), as shared/routes/<area>.ts. */
export const areaOf = (route: Pick<RouteDef, 'handler'>): string => route.handler.split('/')[0];

/** `email-preferences` -> `EmailPreferences`. */
const pascal = (text: string) =>
  text
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('');

/** One nested stack's share of the route table: an area's functions in route-table order, at most `limit` of them. */
export interface AreaPart {
  /** Construct id of the nested stack: `Routes<Area>`, then `Routes<Area>2`, ... when an area has more functions. */
  id: string;
  area: string;
  /** Each handler module of the part with its routes (the page routes share one function). */
  handlers: { handler: string; routes: RouteDef[] }[];
}

/**
 * Splits the route table into nested stacks: one per area, and a further one for each `limit` functions beyond the
 * first `limit` (an area's handlers keep their route-table order, so a route added at the end of an area joins its
 * last stack and nothing moves).
 */
export function areaParts(routes: readonly RouteDef[], limit = FUNCTIONS_PER_AREA_STACK): AreaPart[] {
  const byArea = new Map<string, Map<string, RouteDef[]>>();
  for (const route of routes) {
    const handlers = byArea.get(areaOf(route)) ?? new Map<string, RouteDef[]>();
    byArea.set(areaOf(route), handlers);
    handlers.set(route.handler, [...(handlers.get(route.handler) ?? []), route]);
  }
  const parts: AreaPart[] = [];
  for (const [area, handlers] of byArea) {
    const all = [...handlers].map(([handler, handlerRoutes]) => ({ handler, routes: handlerRoutes }));
    for (let start = 0, n = 1; start < all.length; start += limit, n++) {
      parts.push({ id: `Routes${pascal(area)}${n > 1 ? n : ''}`, area, handlers: all.slice(start, start + limit) });
    }
  }
  return parts;
}

/**
 * The nested stack of one area's routes (docs/decisions/0094): their functions with their log groups, each
 * function's integration with the API and the permissions API Gateway invokes it with, and (added by the alarms,
 * observability.ts) each function's alarm. The routes themselves stay in the shop stack, where they were made
 * before: a route moved to another stack would be created there before it is deleted here, and API Gateway refuses
 * a second route with the same key.
 */
export class RouteAreaStack extends NestedStack {
  /** The function of each handler module of this part, by route id. */
  readonly functions = new Map<string, ShopFunction>();
  /** The integration of each function, by route id: the shop stack's routes target it. */
  readonly integrations = new Map<string, HttpIntegration>();

  constructor(
    scope: Construct,
    part: AreaPart,
    props: { stage: string; api: HttpApi; functions: ShopFunctions; entryOf: (route: RouteDef) => string },
  ) {
    super(scope, part.id, {
      description: `Seasonal shop (${props.stage}): the functions of the ${part.area} routes`,
    });
    const apiGateway = new ServicePrincipal('apigateway.amazonaws.com');
    for (const { routes } of part.handlers) {
      const id = routeId(routes[0]);
      const purpose = sharedLabel(routes, `pages: ${routes.map((route) => route.path).join(' ')}`);
      const fn = props.functions.create(`${id}Function`, props.entryOf(routes[0]), purpose, routes[0], this);
      props.functions.guardFrontDoor(fn);
      const integration = new HttpIntegration(this, `${id}Integration`, {
        httpApi: props.api,
        integrationType: HttpIntegrationType.AWS_PROXY,
        integrationUri: fn.functionArn,
        payloadFormatVersion: PayloadFormatVersion.VERSION_2_0,
      });
      // API Gateway may invoke the function for this API and these routes only, as HttpLambdaIntegration does.
      for (const route of routes) {
        const permissionId = `${routeId(route)}${route.method}${pascal(route.path)}Invoke`;
        fn.addPermission(permissionId, {
          scope: this,
          principal: apiGateway,
          sourceArn: Stack.of(this).formatArn({
            service: 'execute-api',
            resource: props.api.apiId,
            resourceName: `*/*${route.path}`,
          }),
        });
        acknowledgeGuard(
          this.node.findChild(permissionId),
          'CT.LAMBDA.PR.2',
          'API Gateway may invoke the function only for this API (SourceArn names the API id); the rule accepts only a literal or a Ref there, not the ARN built with Fn::Join.',
        );
      }
      this.functions.set(id, fn);
      this.integrations.set(id, integration);
    }
  }
}

/**
 * A route's target when its integration was made elsewhere (in its area's nested stack): the route only names the
 * integration's id. CDK's own integrations make the integration and the permission in the route's stack.
 */
export class ExistingIntegration extends HttpRouteIntegration {
  private readonly made: HttpIntegration;

  constructor(made: HttpIntegration) {
    super(made.node.id);
    this.made = made;
  }

  override _bindToRoute(_options: HttpRouteIntegrationBindOptions): { readonly integrationId: string } {
    return { integrationId: this.made.integrationId };
  }

  bind(_options: HttpRouteIntegrationBindOptions): HttpRouteIntegrationConfig {
    throw new Error('ExistingIntegration binds through _bindToRoute only');
  }
}

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
