import { CART_ROUTES } from '#shared/routes/cart';
import { saveCart } from '../../domain/cart/cart';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(CART_ROUTES, 'cart/save-cart', async ({ body, caller }) =>
  saveCart(caller.userId, body.cart),
);
