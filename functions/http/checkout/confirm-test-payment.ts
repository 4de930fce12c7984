import { CHECKOUT_ROUTES } from '../../../shared/routes/checkout';
import { paymentProvider } from '../../domain/checkout/payments';
import { TestPaymentProvider } from '../../domain/checkout/payments/test-processor';
import { notFound } from '../../lib/errors';
import { defineHandler } from '../../lib/http';

/** The test processor's card confirmation (what Stripe.js does in Stripe mode). */
export const handler = defineHandler(CHECKOUT_ROUTES, 'checkout/confirm-test-payment', async ({ body }) => {
  const provider = await paymentProvider();
  if (!(provider instanceof TestPaymentProvider)) throw notFound('Test payments are off: this shop uses Stripe.');
  const intent = await provider.confirm(body.clientSecret, body.card, { name: body.billingName, email: body.receiptEmail });
  return { paymentIntent: { id: intent.id, status: intent.status, amount: intent.amount } };
});
