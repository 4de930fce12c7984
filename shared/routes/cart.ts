import { cartBodySchema, savedCartSchema } from '../schemas/cart';
import type { RouteDef } from './types';

export const CART_ROUTES = [
  {
    method: 'GET',
    path: '/auth/cart',
    handler: 'cart/get-cart',
    access: 'user',
    table: 'read',
    answer: savedCartSchema,
    summary: "The signed-in customer's saved cart: {cart: {cart: [lines]}}",
  },
  {
    method: 'POST',
    path: '/auth/cart',
    handler: 'cart/save-cart',
    access: 'user',
    table: 'readwrite',
    body: cartBodySchema,
    answer: savedCartSchema,
    summary: 'Saves the cart (lines re-priced from the table); an empty list empties it',
  },
] as const satisfies readonly RouteDef[];
