import { validateCartBodySchema, validateCartResultSchema } from '../schemas/checkout';
import { CART_RULES } from './refusals';
import type { RouteDef } from './types';

/**
 * The cart's check before checkout (a part of CHECKOUT_ROUTES): apart from the payment's routes, so its function does
 * not build the address and payment schemas (issue 39).
 */
export const checkoutValidateCart = {
  method: 'POST',
  path: '/api/products/validate-cart',
  handler: 'checkout/validate-cart',
  access: 'public',
  rateLimit: { none: 'Reads stock and stores nothing; the API stage throttle bounds it' },
  table: 'read',
  body: validateCartBodySchema,
  answer: validateCartResultSchema,
  refusals: { 400: CART_RULES },
  summary: '{cart} -> {success, outOfStockItems: [names]} (nothing is held)',
} as const satisfies RouteDef;
