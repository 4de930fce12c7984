import {
  promoCheckBodySchema,
  promoCheckResultSchema,
  promoCodeSchema,
  promoDeletedSchema,
  promoInputSchema,
  promoListSchema,
  promoUpdateSchema,
  promoViewSchema,
} from '../schemas/promo';
import { CART_RULES } from './checkout';
import type { RouteDef } from './types';

const NO_CODE = 'No promo code is this one';

/**
 * Promo codes (issue 13): the shopper's check of a code against their cart, and the owner's four routes, each its own
 * function (docs/decisions/0072).
 */
export const PROMO_ROUTES = [
  {
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
      404:
        'The shop has no such code (`promo_unknown`); counted against the client’s one budget of wrong promo ' +
        'codes (10 in 10 minutes, wherever typed: here, the card step, a wallet’s sheet), ' +
        'after which 429 `too_many_promo_codes` with Retry-After',
      409:
        'The code is not usable for this cart now: not yet valid, expired, used up, already used by you, ' +
        'inactive, minimum not met, a cart of gift cards only (`promo_<reason>`, one plain message)',
    },
    summary:
      '{code, cart} -> {code, discount, description}, or 404/409 with one plain message (unknown, ' +
      'not yet valid, expired, used up, already used by you, minimum not met); rate-limited',
  },
  {
    method: 'GET',
    path: '/api/admin/promo-codes',
    handler: 'admin/list-promo-codes',
    access: 'admin',
    table: 'read',
    answer: promoListSchema,
    summary: 'Every promo code with its uses',
  },
  {
    method: 'POST',
    path: '/api/admin/promo-codes',
    handler: 'admin/create-promo-code',
    access: 'admin',
    table: 'readwrite',
    body: promoInputSchema,
    answer: promoViewSchema,
    success: [201],
    refusals: { 409: 'A code with these letters exists already (codes are case-insensitive)' },
    summary: 'Makes a promo code (409 if the code exists, case-insensitive)',
  },
  {
    method: 'PUT',
    path: '/api/admin/promo-codes/{code}',
    handler: 'admin/update-promo-code',
    access: 'admin',
    table: 'readwrite',
    params: { code: promoCodeSchema },
    body: promoUpdateSchema,
    answer: promoViewSchema,
    refusals: { 404: NO_CODE, 409: 'The code changed since the version read' },
    summary: 'Changes a promo code (its counts stay); 409 at another version',
  },
  {
    method: 'DELETE',
    path: '/api/admin/promo-codes/{code}',
    handler: 'admin/delete-promo-code',
    access: 'admin',
    table: 'readwrite',
    params: { code: promoCodeSchema },
    answer: promoDeletedSchema,
    refusals: { 404: NO_CODE, 409: 'The code has been used (deactivate it instead)' },
    summary: 'Deletes a promo code nobody used (409 once used: deactivate it instead)',
  },
] as const satisfies readonly RouteDef[];
