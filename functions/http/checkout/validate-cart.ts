import { validateCart } from '../../domain/checkout/pricing';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler('checkout/validate-cart', async ({ body }) => validateCart(body.cart));
