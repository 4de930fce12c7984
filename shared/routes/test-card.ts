import { testConfirmBodySchema, testPaymentConfirmedSchema } from '../schemas/checkout';
import type { RouteDef } from './types';

/** The built-in test processor's card step. A part of CHECKOUT_ROUTES. */
export const checkoutTestCard = {
  method: 'POST',
  path: '/api/test-payments/confirm',
  handler: 'checkout/confirm-test-payment',
  access: 'public',
  rateLimit: 'card-confirmations',
  table: 'readwrite',
  uses: ['stripe'],
  body: testConfirmBodySchema,
  answer: testPaymentConfirmedSchema,
  refusals: {
    400: 'The card of this payment is already authorized or captured',
    402: 'The card is declined, or its 3-D Secure step failed, or the payment was cancelled (too many failed attempts: `card_attempts_exceeded`)',
    404: 'No payment has this client secret, or the shop uses Stripe (test payments are off)',
    409: 'The payment changed meanwhile',
  },
  summary: 'Card step (and 3-D Secure answer) of the built-in test processor (404 when Stripe is configured)',
} as const satisfies RouteDef;
