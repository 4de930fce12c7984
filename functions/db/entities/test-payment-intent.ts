import { model, type Timestamps } from '../table';

/** A payment intent of the built-in test card processor (used when no Stripe keys are set). */
export interface TestIntentRecord extends Timestamps {
  id: string;
  clientSecret: string;
  amount: number;
  currency: string;
  /** Stripe's states; intents made before manual capture (docs/decisions/0022) went straight to succeeded. */
  status: 'requires_payment_method' | 'requires_action' | 'requires_capture' | 'succeeded' | 'canceled';
  /** 'manual' for every intent since manual capture; missing on older ones (automatic). */
  captureMethod?: 'manual' | 'automatic';
  metadata: { checkoutId?: string; customer?: string };
  idempotencyKey?: string;
  /** Stripe's last_payment_error: why the last card attempt failed. */
  lastPaymentError?: { code: string; message: string };
  /** Before manual capture: the last error code only. */
  lastError?: string;
  receiptEmail?: string;
  /** The shop's order, put on the intent after the take (as the Stripe description and metadata.order_number). */
  description?: string;
  orderNumber?: string;
  billingName?: string;
  amountCaptured?: number;
  canceledAt?: string;
  /** Refunds of a captured intent, each once per idempotency key. */
  refunds?: { id: string; amount: number; status: 'succeeded'; idempotencyKey: string }[];
}

export const testPaymentIntents = model<TestIntentRecord, 'id'>({
  entity: 'testPaymentIntent',
  pk: ['id'],
});
