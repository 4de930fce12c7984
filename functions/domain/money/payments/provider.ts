/**
 * The payment provider behind checkout: Stripe PaymentIntents when Stripe keys are set, otherwise the built-in
 * test card processor. Both speak this interface and follow Stripe's manual-capture states
 * (docs/decisions/0022): requires_payment_method -> (card confirmed) requires_capture, or requires_action for a
 * card that asks for 3-D Secure -> requires_capture; capture -> succeeded; cancel -> canceled. Amounts are
 * integer cents.
 */
export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'succeeded'
  | 'canceled';

export interface Intent {
  id: string;
  clientSecret: string;
  amount: number;
  currency: string;
  status: IntentStatus;
  metadata: { checkoutId?: string; customer?: string };
  /** Why the last card attempt failed (Stripe's last_payment_error), while the intent waits for another card. */
  lastPaymentError?: { code: string; message: string };
  /** The authorized card's fingerprint (Stripe's, from the latest charge): one card, whoever holds it. */
  cardFingerprint?: string;
}

export interface IntentInput {
  amount: number;
  currency: string;
  metadata: { checkoutId: string; customer: string };
  receiptEmail?: string;
  /** The same key returns the same intent (Stripe idempotency keys). */
  idempotencyKey: string;
}

export interface Refund {
  /** The refund's id; the intent's id when nothing had been captured and the authorization was cancelled instead. */
  id: string;
  status: 'succeeded' | 'pending' | 'failed';
}

export interface PaymentEvent {
  /** The event's own id (Stripe's evt_...): the same event delivered twice has the same id. */
  id: string;
  type: string;
  intent: Intent;
}

/**
 * A capture that did not go through. `permanent`: it never will (the authorization was cancelled or expired),
 * so the stock goes back; otherwise (network, Stripe busy) the job tries again.
 */
export class CaptureError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'CaptureError';
  }
}

export interface PaymentProvider {
  readonly mode: 'stripe' | 'test';
  /** A new intent with capture_method 'manual': confirming the card only authorizes the amount. */
  createIntent(input: IntentInput): Promise<Intent>;
  /** Changes the amount while no card is confirmed; 409 afterwards. */
  updateIntent(id: string, input: Pick<IntentInput, 'amount' | 'receiptEmail'>): Promise<Intent>;
  retrieveIntent(id: string): Promise<Intent | null>;
  /**
   * Cancels an intent that was not captured (an authorization is released); returns the intent as it is afterwards (a
   * succeeded one stays so).
   */
  cancelIntent(id: string): Promise<Intent | null>;
  /** Captures an authorized intent in full; an intent already captured answers as it is. Throws CaptureError. */
  captureIntent(id: string, options: { idempotencyKey: string }): Promise<Intent>;
  /**
   * Puts the shop's order number on an intent (Stripe: description "Order #1042" and metadata.order_number), so the
   * owner finds the order from the provider's side; allowed in every state (docs/decisions/0102).
   */
  labelIntent(id: string, orderNumber: string): Promise<void>;
  /**
   * Refunds a captured payment: `amount` cents of it (refunds in parts, decision 0116), or all that is left of it; an
   * uncaptured one is cancelled instead (nothing was charged). The same key answers the same refund. A refund of more
   * than is left is refused (`failed`).
   */
  refund(intentId: string, options: { idempotencyKey: string; amount?: number }): Promise<Refund>;
  /** Checks a webhook's signature and returns its event; throws when the signature is wrong. */
  verifyWebhook(rawBody: string, signature: string | undefined): Promise<PaymentEvent>;
}
