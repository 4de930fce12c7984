import { cartBodySchema } from '../schemas/cart';
import type { RouteDef } from './types';

export const CART_ROUTES = [
  { method: 'GET', path: '/auth/cart', handler: 'cart/get-cart', access: 'user', table: 'read', summary: "The signed-in customer's saved cart: {cart: {cart: [lines]}}" },
  {
    method: 'POST',
    path: '/auth/cart',
    handler: 'cart/save-cart',
    access: 'user',
    table: 'readwrite',
    body: cartBodySchema,
    summary: 'Saves the cart (lines re-priced from the table); an empty list empties it',
  },
] as const satisfies readonly RouteDef[];
