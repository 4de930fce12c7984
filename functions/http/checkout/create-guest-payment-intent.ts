import { CHECKOUT_ROUTES } from '#shared/routes/checkout';
import { createPaymentIntent } from '../../domain/checkout/checkout';
import { clientOf } from '../../domain/guessing/budget';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(CHECKOUT_ROUTES, 'checkout/create-guest-payment-intent', async ({ body, event }) =>
  createPaymentIntent({ ...body, customer: 'guest', client: clientOf(event) }),
);
