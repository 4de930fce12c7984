import { createPaymentIntent } from '../../domain/checkout/checkout';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler('checkout/create-payment-intent', async ({ body, caller }) =>
  createPaymentIntent({ ...body, customer: caller.userId }),
);
