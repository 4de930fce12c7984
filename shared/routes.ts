import type { ZodType } from 'zod';

/**
 * The route table: the one list of every endpoint. It drives the CDK routes and functions (infra/),
 * the local gateway (functions/local/) and the generated contract tests (functions/http/contract.test.ts).
 * A route's handler module is `functions/http/<handler>.ts` and exports `handler`.
 */
export type Access = 'public' | 'user' | 'admin';
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteDef {
  method: Method;
  /** API Gateway path; `{name}` marks a path parameter. */
  path: string;
  /** Module under functions/http, without extension. */
  handler: string;
  access: Access;
  /** Request body schema, when the route takes a body. */
  body?: ZodType;
  /** What the function may do with the table: least privilege in AWS. */
  table: 'none' | 'read' | 'readwrite';
  /** Other AWS services the function calls. */
  uses?: readonly ('ses' | 's3' | 'cognito')[];
  summary: string;
}

export const ROUTES = [
  { method: 'GET', path: '/api/health', handler: 'system/get-health', access: 'public', table: 'none', summary: 'Liveness' },
  {
    method: 'GET',
    path: '/api/products',
    handler: 'catalog/list-products',
    access: 'public',
    table: 'read',
    summary: 'Listed products, optionally of one category (?category=slug)',
  },
  {
    method: 'GET',
    path: '/api/products/{id}',
    handler: 'catalog/get-product',
    access: 'public',
    table: 'read',
    summary: 'One listed product with sizes and per-size availability',
  },
  {
    method: 'GET',
    path: '/auth/validateAdmin',
    handler: 'accounts/validate-admin',
    access: 'user',
    table: 'none',
    summary: 'Whether the caller is in the admin group; 403 for a customer',
  },
] as const satisfies readonly RouteDef[];

export type RouteHandlerName = (typeof ROUTES)[number]['handler'];

/** A stable identifier for a route, e.g. "CatalogGetProduct" (used for CDK construct ids). */
export function routeId(route: Pick<RouteDef, 'handler'>): string {
  return route.handler
    .split(/[/-]/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('');
}

/** Matches a concrete path against a route path; returns the path parameters or null. */
export function matchPath(routePath: string, actual: string): Record<string, string> | null {
  const want = routePath.split('/').filter(Boolean);
  const got = actual.split('/').filter(Boolean);
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const segment = want[i];
    if (segment.startsWith('{') && segment.endsWith('}')) {
      try {
        params[segment.slice(1, -1)] = decodeURIComponent(got[i]);
      } catch {
        return null;
      }
    } else if (segment !== got[i]) {
      return null;
    }
  }
  return params;
}

/** Finds the route for a request; `methodAllowed` false means the path exists under another method. */
export function findRoute(
  routes: readonly RouteDef[],
  method: string,
  path: string,
): { route: RouteDef; params: Record<string, string> } | { route: null; pathExists: boolean } {
  let pathExists = false;
  // Literal segments win over parameters (e.g. /api/products/validate-cart over /api/products/{id}).
  const ordered = [...routes].sort((a, b) => a.path.split('{').length - b.path.split('{').length);
  for (const route of ordered) {
    const params = matchPath(route.path, path);
    if (!params) continue;
    if (route.method === method.toUpperCase()) return { route, params };
    pathExists = true;
  }
  return { route: null, pathExists };
}
