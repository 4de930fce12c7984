/**
 * The payment provider behind checkout: Stripe PaymentIntents when STRIPE_SECRET_KEY is set, otherwise the
 * built-in test card processor. Both speak this interface; amounts are integer cents.
 */
export type IntentStatus = 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'requires_capture' | 'succeeded' | 'canceled';

export interface Intent {
  id: string;
  clientSecret: string;
  amount: number;
  currency: string;
  status: IntentStatus;
  metadata: { checkoutId?: string; customer?: string };
}

export interface IntentInput {
  amount: number;
  currency: string;
  metadata: { checkoutId: string; customer: string };
  receiptEmail?: string;
  /** The same key returns the same intent (Stripe idempotency keys). */
  idempotencyKey: string;
}

export interface PaymentEvent {
  type: string;
  intent: Intent;
}

export interface PaymentProvider {
  readonly mode: 'stripe' | 'test';
  createIntent(input: IntentInput): Promise<Intent>;
  updateIntent(id: string, input: Pick<IntentInput, 'amount' | 'receiptEmail'>): Promise<Intent>;
  retrieveIntent(id: string): Promise<Intent | null>;
  /** Cancels an intent that was not paid; returns the intent as it is afterwards (a succeeded one stays so). */
  cancelIntent(id: string): Promise<Intent | null>;
  /** Checks a webhook's signature and returns its event; throws when the signature is wrong. */
  verifyWebhook(rawBody: string, signature: string | undefined): PaymentEvent;
}
