import { promoCheckBodySchema, promoInputSchema, promoUpdateSchema } from '../schemas/promo';
import type { RouteDef } from './types';

/** Promo codes (issue 13): a public check, and the admin's four routes, each its own function (docs/decisions/0072). */
export const PROMO_ROUTES = [
  {
    method: 'POST',
    path: '/api/promo-codes/check',
    handler: 'checkout/check-promo-code',
    access: 'public',
    table: 'read',
    // A signed-in shopper's account email (asked of the user pool by the token's sub) counts their uses as a guest's.
    uses: ['cognito'],
    body: promoCheckBodySchema,
    summary: '{code, cart} -> {code, discount, description}, or 404/409 with one plain message (unknown, not yet valid, expired, used up, already used by you, minimum not met); rate-limited',
  },
  { method: 'GET', path: '/api/admin/promo-codes', handler: 'admin/list-promo-codes', access: 'admin', table: 'read', summary: 'Every promo code with its uses' },
  {
    method: 'POST',
    path: '/api/admin/promo-codes',
    handler: 'admin/create-promo-code',
    access: 'admin',
    table: 'readwrite',
    body: promoInputSchema,
    summary: 'Makes a promo code (409 if the code exists, case-insensitive)',
  },
  {
    method: 'PUT',
    path: '/api/admin/promo-codes/{code}',
    handler: 'admin/update-promo-code',
    access: 'admin',
    table: 'readwrite',
    body: promoUpdateSchema,
    summary: 'Changes a promo code (its counts stay); 409 at another version',
  },
  {
    method: 'DELETE',
    path: '/api/admin/promo-codes/{code}',
    handler: 'admin/delete-promo-code',
    access: 'admin',
    table: 'readwrite',
    summary: 'Deletes a promo code nobody used (409 once used: deactivate it instead)',
  },
] as const satisfies readonly RouteDef[];
