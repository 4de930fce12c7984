import { ADMIN_CATALOG_ROUTES } from './admin-catalog';
import { ADMIN_ORDER_ROUTES } from './admin-orders';
import { ADMIN_UPLOAD_ROUTES } from './admin-uploads';
import type { RouteDef } from './types';

/**
 * The owner's routes, in the order of the API document. Each part lives in its own file, and a handler is defined
 * against its part (`defineHandler(ADMIN_ORDER_ROUTES, ...)`), so its bundle carries only that part's entries and
 * schemas; the whole table (infra, the local gateway, the API document) is assembled here (issue 39, decision 0130).
 */
export const ADMIN_ROUTES = [
  ...ADMIN_CATALOG_ROUTES,
  ...ADMIN_ORDER_ROUTES,
  ...ADMIN_UPLOAD_ROUTES,
] as const satisfies readonly RouteDef[];
