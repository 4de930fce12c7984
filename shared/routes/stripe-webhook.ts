import { webhookReceivedSchema } from '../schemas/checkout';
import type { RouteDef } from './types';

/** Stripe's signed events (a part of CHECKOUT_ROUTES): apart from the order answers, which it does not give. */
export const checkoutStripeWebhook = {
  method: 'POST',
  path: '/api/webhooks/stripe',
  handler: 'checkout/stripe-webhook',
  access: 'public',
  rateLimit: { none: "Stripe's own servers, signature-checked; a limit would drop Stripe's retries" },
  table: 'readwrite',
  uses: ['ses', 'stripe'],
  bodyType: 'raw',
  rawBody: { description: 'A Stripe event, as Stripe sends it', signatureHeader: 'Stripe-Signature' },
  answer: webhookReceivedSchema,
  refusals: {
    400: 'The Stripe-Signature header does not sign this body',
    404: 'The shop does not use Stripe (the built-in test processor takes no webhooks)',
  },
  summary: 'Signature-checked Stripe events: authorized -> take and capture; payment_failed counted; canceled settled',
} as const satisfies RouteDef;
