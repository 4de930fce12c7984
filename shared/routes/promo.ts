import { ADMIN_PROMO_ROUTES } from './admin-promo';
import { promoCheck } from './promo-check';
import type { RouteDef } from './types';

/** Promo codes (issue 13): a public check, and the admin's four routes, each its own function (docs/decisions/0072). */
export const PROMO_ROUTES = [promoCheck, ...ADMIN_PROMO_ROUTES] as const satisfies readonly RouteDef[];
