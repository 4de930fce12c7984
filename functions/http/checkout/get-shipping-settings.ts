import { CHECKOUT_ROUTES } from '#shared/routes/checkout';
import { getShippingSettings } from '../../domain/checkout/shipping';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(CHECKOUT_ROUTES, 'checkout/get-shipping-settings', async () =>
  getShippingSettings(),
);
