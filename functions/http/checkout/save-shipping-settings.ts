import { CHECKOUT_ROUTES } from '#shared/routes/checkout';
import { putShippingSettings } from '../../domain/checkout/shipping';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(CHECKOUT_ROUTES, 'checkout/save-shipping-settings', async ({ body }) =>
  putShippingSettings(body),
);
