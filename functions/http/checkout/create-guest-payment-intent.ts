import { checkoutCreateGuestIntent } from '#shared/routes/checkout-intents';
import { createPaymentIntent } from '../../domain/checkout/checkout';
import { clientOf } from '../../domain/guessing/budget';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(
  [checkoutCreateGuestIntent],
  'checkout/create-guest-payment-intent',
  async ({ body, event }) => createPaymentIntent({ ...body, customer: 'guest', client: clientOf(event) }),
);
