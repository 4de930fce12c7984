import { CHECKOUT_ROUTES } from '#shared/routes/checkout';
import { createPaymentIntent } from '../../domain/checkout/checkout';
import { clientOf } from '../../domain/guessing/budget';
import { defineHandler } from '../../lib/http';
import { accountEmail } from '../../lib/user-pool';

export const handler = defineHandler(
  CHECKOUT_ROUTES,
  'checkout/create-payment-intent',
  async ({ body, caller, event }) =>
    createPaymentIntent({
      ...body,
      customer: caller.userId,
      accountEmail: () => accountEmail(caller.userId),
      client: clientOf(event),
    }),
);
