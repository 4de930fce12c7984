import { CHECKOUT_ROUTES } from '#shared/routes/checkout';
import { validateCart } from '../../domain/stock/counts';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(CHECKOUT_ROUTES, 'checkout/validate-cart', async ({ body }) =>
  validateCart(body.cart),
);
