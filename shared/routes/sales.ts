import {
  cartSalesAnswerSchema,
  cartSalesBodySchema,
  saleDeletedSchema,
  saleIdSchema,
  saleInputSchema,
  saleListSchema,
  saleUpdateSchema,
  saleViewSchema,
} from '../schemas/sales';
import { CART_RULES } from './checkout';
import type { RouteDef } from './types';

const NO_SALE = 'No sale has this id';

/**
 * Sales without a code (issue 54, docs/decisions/0178): the cart's question of what the sales give it, and the owner's
 * four routes (the admin's Sales tab), each its own function (docs/decisions/0072).
 */
export const SALE_ROUTES = [
  {
    method: 'POST',
    path: '/api/cart/sales',
    handler: 'cart/cart-sales',
    access: 'public',
    rateLimit: { none: 'Reads products and sales and stores nothing; the API stage throttle bounds it' },
    table: 'read',
    body: cartSalesBodySchema,
    answer: cartSalesAnswerSchema,
    refusals: { 400: CART_RULES },
    summary:
      '{cart} -> {discounts, lines, nearly, total}: what the sales on now take off the cart without a code, and ' +
      'what is nearly reached ("Add one more candle: the third is free"); the card step prices it again',
  },
  {
    method: 'GET',
    path: '/api/admin/sales',
    handler: 'admin/list-sales',
    access: 'admin',
    table: 'read',
    answer: saleListSchema,
    summary: 'Every sale with its uses and its state now',
  },
  {
    method: 'POST',
    path: '/api/admin/sales',
    handler: 'admin/create-sale',
    access: 'admin',
    table: 'readwrite',
    body: saleInputSchema,
    answer: saleViewSchema,
    success: [201],
    summary: 'Makes a sale (start and end in the shop’s time zone)',
  },
  {
    method: 'PUT',
    path: '/api/admin/sales/{saleId}',
    handler: 'admin/update-sale',
    access: 'admin',
    table: 'readwrite',
    params: { saleId: saleIdSchema },
    body: saleUpdateSchema,
    answer: saleViewSchema,
    refusals: { 404: NO_SALE, 409: 'The sale changed since the version read' },
    summary: 'Changes a sale (its uses stay); 409 at another version',
  },
  {
    method: 'DELETE',
    path: '/api/admin/sales/{saleId}',
    handler: 'admin/delete-sale',
    access: 'admin',
    table: 'readwrite',
    params: { saleId: saleIdSchema },
    answer: saleDeletedSchema,
    refusals: { 404: NO_SALE, 409: 'The sale has been used (turn it off instead)' },
    summary: 'Deletes a sale nobody used (409 once used: turn it off instead)',
  },
] as const satisfies readonly RouteDef[];
