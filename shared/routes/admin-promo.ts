import {
  promoCodeSchema,
  promoDeletedSchema,
  promoInputSchema,
  promoListSchema,
  promoUpdateSchema,
  promoViewSchema,
} from '../schemas/promo';
import type { RouteDef } from './types';

const NO_CODE = 'No promo code is this one';

/**
 * The owner's four promo code routes (a part of PROMO_ROUTES, shared/routes/promo.ts), apart from the public check:
 * that one names the checkout's cart rules, and importing them would put the checkout's route table and schemas in
 * every owner's promo function (cold start, issue 39).
 */
export const ADMIN_PROMO_ROUTES = [
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
