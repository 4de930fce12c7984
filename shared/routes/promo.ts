import { promoCheckBodySchema, promoCheckResultSchema } from '../schemas/promo';
import { ADMIN_PROMO_ROUTES } from './admin-promo';
import { CART_RULES } from './checkout';
import type { RouteDef } from './types';

/** Promo codes (issue 13): a public check, and the admin's four routes, each its own function (docs/decisions/0072). */
export const PROMO_ROUTES = [
  {
    method: 'POST',
    path: '/api/promo-codes/check',
    handler: 'checkout/check-promo-code',
    access: 'public',
    rateLimit: 'promo-code-checks',
    table: 'read',
    // A signed-in shopper's account email (asked of the user pool by the token's sub) counts their uses as a guest's.
    uses: ['cognito'],
    body: promoCheckBodySchema,
    answer: promoCheckResultSchema,
    refusals: {
      400: CART_RULES,
      404: 'The shop has no such code (`promo_unknown`)',
      409: 'The code is not usable for this cart now: not yet valid, expired, used up, already used by you, inactive, minimum not met, a cart of gift cards only (`promo_<reason>`, one plain message)',
    },
    summary:
      '{code, cart} -> {code, discount, description}, or 404/409 with one plain message (unknown, not yet valid, expired, used up, already used by you, minimum not met); rate-limited',
  },
  ...ADMIN_PROMO_ROUTES,
] as const satisfies readonly RouteDef[];
