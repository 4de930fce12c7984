import { createPaymentIntent } from '../../domain/checkout/checkout';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler('checkout/create-guest-payment-intent', async ({ body }) =>
  createPaymentIntent({ ...body, customer: 'guest' }),
);
