import { checkoutValidateCart } from '#shared/routes/checkout-cart';
import { validateCart } from '../../domain/checkout/pricing';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler([checkoutValidateCart], 'checkout/validate-cart', async ({ body }) =>
  validateCart(body.cart),
);
