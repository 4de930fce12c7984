import { CHECKOUT_ROUTES } from '#shared/routes/checkout';
import { shippingRates } from '../../domain/checkout/shipping';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(CHECKOUT_ROUTES, 'checkout/shipping-rates', async ({ body }) =>
  shippingRates(body),
);
