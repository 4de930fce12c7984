import { CART_ROUTES } from '#shared/routes/cart';
import { getCart } from '../../domain/cart/cart';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(CART_ROUTES, 'cart/get-cart', async ({ caller }) => getCart(caller.userId));
