import { ACCOUNT_GUEST_ORDER_ROUTES } from './account-guest-orders';
import { ACCOUNT_ORDER_ROUTES } from './account-orders';
import { ACCOUNT_PROFILE_ROUTES } from './account-profiles';
import { ACCOUNT_RATING_ROUTES } from './account-ratings';
import type { RouteDef } from './types';

/**
 * The signed-in customer's routes, in the order of the API document. Each part lives in its own file, and a handler
 * is defined against its part, so its bundle builds only that part's schemas when it loads: a profile's function
 * no order views, an order's no address rules (issue 39, as ADMIN_ROUTES); the whole table is assembled here.
 */
export const ACCOUNT_ROUTES = [
  ...ACCOUNT_PROFILE_ROUTES,
  ...ACCOUNT_ORDER_ROUTES,
  ...ACCOUNT_GUEST_ORDER_ROUTES,
  ...ACCOUNT_RATING_ROUTES,
] as const satisfies readonly RouteDef[];
