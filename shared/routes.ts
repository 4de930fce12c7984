import { ACCOUNT_ROUTES } from './routes/accounts';
import { ADMIN_ROUTES } from './routes/admin';
import { CART_ROUTES } from './routes/cart';
import { CATALOG_ROUTES } from './routes/catalog';
import { CATALOG_SHEET_ROUTES } from './routes/catalog-sheets';
import { CHECKOUT_ROUTES } from './routes/checkout';
import { DROP_ROUTES } from './routes/drops';
import { EMAIL_PREFERENCE_ROUTES } from './routes/email-preferences';
import { FEED_ROUTES } from './routes/feeds';
import { FORMS_ROUTES } from './routes/forms';
import { GIFT_CARD_ROUTES } from './routes/gift-cards';
import { ORDER_ROUTES } from './routes/orders';
import { PAGE_ROUTES } from './routes/pages';
import { PROMO_ROUTES } from './routes/promo';
import { QUOTE_ROUTES } from './routes/quotes';
import { SALE_ROUTES } from './routes/sales';
import { REMINDER_ROUTES } from './routes/reminders';
import { STOCK_ALERT_ROUTES } from './routes/stock-alerts';
import { SYSTEM_ROUTES } from './routes/system';
import type { RouteDef } from './routes/types';

export type { Access, Method, RouteDef } from './routes/types';

/**
 * The route table: the one list of every endpoint, kept per area in shared/routes/<area>.ts. It alone drives
 * the CDK routes and functions (infra/), the local gateway (functions/local/) and the generated contract
 * tests (functions/http/contract.test.ts). A route's handler module is `functions/http/<handler>.ts` and
 * exports `handler`.
 */
export const ROUTES = [
  ...SYSTEM_ROUTES,
  ...CATALOG_ROUTES,
  ...CART_ROUTES,
  ...CHECKOUT_ROUTES,
  ...ACCOUNT_ROUTES,
  ...ADMIN_ROUTES,
  ...FORMS_ROUTES,
  ...ORDER_ROUTES,
  ...PROMO_ROUTES,
  ...SALE_ROUTES,
  ...EMAIL_PREFERENCE_ROUTES,
  ...REMINDER_ROUTES,
  ...STOCK_ALERT_ROUTES,
  ...DROP_ROUTES,
  ...QUOTE_ROUTES,
  ...GIFT_CARD_ROUTES,
  ...PAGE_ROUTES,
  ...FEED_ROUTES,
  ...CATALOG_SHEET_ROUTES,
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

/** The route table widened to RouteDef, for code that loops over every route (infra, gateway, tests). */
export const ROUTE_LIST: readonly RouteDef[] = ROUTES;
