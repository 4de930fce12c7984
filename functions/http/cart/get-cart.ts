import { getCart } from '../../domain/cart/cart';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler('cart/get-cart', async ({ caller }) => getCart(caller.userId));
