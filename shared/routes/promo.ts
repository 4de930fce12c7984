import { promoCheckBodySchema, promoInputSchema, promoUpdateSchema } from '../schemas/promo';
import type { RouteDef } from './types';

/**
 * Promo codes (issue 13). The admin's four routes are served by two functions (one per handler module: list and
 * create, change and delete), to keep the stack's resources down; routes of one module share access, table
 * rights and services.
 */
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
  { method: 'GET', path: '/api/admin/promo-codes', handler: 'admin/promo-codes', access: 'admin', table: 'readwrite', summary: 'Every promo code with its uses' },
  {
    method: 'POST',
    path: '/api/admin/promo-codes',
    handler: 'admin/promo-codes',
    access: 'admin',
    table: 'readwrite',
    body: promoInputSchema,
    summary: 'Makes a promo code (409 if the code exists, case-insensitive)',
  },
  {
    method: 'PUT',
    path: '/api/admin/promo-codes/{code}',
    handler: 'admin/promo-code',
    access: 'admin',
    table: 'readwrite',
    body: promoUpdateSchema,
    summary: 'Changes a promo code (its counts stay); 409 at another version',
  },
  {
    method: 'DELETE',
    path: '/api/admin/promo-codes/{code}',
    handler: 'admin/promo-code',
    access: 'admin',
    table: 'readwrite',
    summary: 'Deletes a promo code nobody used (409 once used: deactivate it instead)',
  },
] as const satisfies readonly RouteDef[];
