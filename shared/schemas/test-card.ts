import { whole } from './refs';
import { typedText } from './text';
import * as z from './zod';

/** POST /api/test-payments/confirm: the payment intent after the card step (what Stripe.js reports). */
export const testPaymentConfirmedSchema = z.object({
  paymentIntent: z.object({ id: z.string(), status: z.string(), amount: z.number() }),
});

/** POST /api/test-payments/confirm: the built-in test processor's card step (test mode only). */
export const testConfirmBodySchema = z.object({
  clientSecret: z.string().check(z.minLength(10), z.maxLength(200)),
  card: z.object({
    number: z.string().check(z.maxLength(30)),
    expMonth: whole(),
    expYear: whole(),
    cvc: z.string().check(z.maxLength(4)),
  }),
  billingName: typedText({ max: 200 }),
  receiptEmail: z.email().check(z.maxLength(200)),
  /** The answer to the 3-D Secure step (test card 4000 0025 0000 3155), sent again with the same card. */
  threeDSecure: z.optional(z.enum(['complete', 'fail'])),
});
