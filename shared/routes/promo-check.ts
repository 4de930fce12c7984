import { promoCheckBodySchema, promoCheckResultSchema } from '../schemas/promo';
import { CART_RULES } from './refusals';
import type { RouteDef } from './types';

/** The shopper's check of a promo code (a part of PROMO_ROUTES), apart from the owner's routes and their schemas. */
export const promoCheck = {
  method: 'POST',
  path: '/api/promo-codes/check',
  handler: 'checkout/check-promo-code',
  access: 'public',
  rateLimit: 'promo-code-checks',
  // Writes the client's count of wrong promo codes (decision 0139).
  table: 'readwrite',
  // A signed-in shopper's account email (asked of the user pool by the token's sub) counts their uses as a guest's.
  uses: ['cognito'],
  body: promoCheckBodySchema,
  answer: promoCheckResultSchema,
  refusals: {
    400: CART_RULES,
    404: 'The shop has no such code (`promo_unknown`); counted against the client’s one budget of wrong promo codes (10 in 10 minutes, wherever typed: here, the card step, a wallet’s sheet), after which 429 `too_many_promo_codes` with Retry-After',
    409: 'The code is not usable for this cart now: not yet valid, expired, used up, already used by you, inactive, minimum not met, a cart of gift cards only (`promo_<reason>`, one plain message)',
  },
  summary:
    '{code, cart} -> {code, discount, description}, or 404/409 with one plain message (unknown, not yet valid, expired, used up, already used by you, minimum not met); rate-limited',
} as const satisfies RouteDef;
