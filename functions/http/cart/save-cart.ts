import { saveCart } from '../../domain/cart/cart';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler('cart/save-cart', async ({ body, caller }) => saveCart(caller.userId, body.cart));
