import { model, type Timestamps } from '../table';

/** A payment intent of the built-in test card processor (used when no Stripe keys are set). */
export interface TestIntentRecord extends Timestamps {
  id: string;
  clientSecret: string;
  amount: number;
  currency: string;
  status: 'requires_payment_method' | 'succeeded' | 'canceled';
  metadata: { checkoutId?: string; customer?: string };
  idempotencyKey?: string;
  lastError?: string;
  receiptEmail?: string;
  billingName?: string;
}

export const testPaymentIntents = model<TestIntentRecord, 'id'>({
  entity: 'testPaymentIntent',
  pk: ['id'],
});
