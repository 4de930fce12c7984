import { CHECKOUT_ROUTES } from '#shared/routes/checkout';
import { createPaymentIntent } from '../../domain/checkout/checkout';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(CHECKOUT_ROUTES, 'checkout/create-guest-payment-intent', async ({ body }) =>
  createPaymentIntent({ ...body, customer: 'guest' }),
);
