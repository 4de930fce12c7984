import type Stripe from 'stripe';
import { orderLabel } from '#shared/order-number';
import { PAYMENT_METHOD_TYPES } from '#shared/wallet';
import { conflict, HttpError } from '../../../lib/errors';
import { stripeSdk } from '../../../lib/stripe-sdk';
import {
  CaptureError,
  type Intent,
  type IntentInput,
  type IntentStatus,
  type PaymentEvent,
  type PaymentProvider,
  type Refund,
} from './provider';

function toIntent(intent: Stripe.PaymentIntent): Intent {
  const error = intent.last_payment_error;
  // Present when the latest charge was expanded (retrieveIntent asks for it): a drop's per-card limit.
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  const fingerprint = charge?.payment_method_details?.card?.fingerprint;
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    amount: intent.amount,
    currency: intent.currency,
    status: intent.status as IntentStatus,
    metadata: { checkoutId: intent.metadata?.checkoutId, customer: intent.metadata?.customer },
    ...(error ? { lastPaymentError: { code: error.code ?? error.type, message: error.message ?? '' } } : {}),
    ...(fingerprint ? { cardFingerprint: fingerprint } : {}),
  };
}

/**
 * What the Stripe package throws: its errors carry a `type` (StripeInvalidRequestError, StripeAPIError, ...) and an
 * API `code`.
 */
type StripeFailure = {
  type?: string;
  code?: string;
  statusCode?: number;
  message?: string;
  raw?: { payment_intent?: Stripe.PaymentIntent };
};
const failure = (error: unknown): StripeFailure => (typeof error === 'object' && error !== null ? error : {});
const isInvalidRequest = (error: unknown) => failure(error).type === 'StripeInvalidRequestError';
/**
 * Errors that another try may cure: no answer, Stripe's own trouble, rate limits, a concurrent request with the same
 * key, a key being rolled.
 */
const TRANSIENT = new Set([
  'StripeConnectionError',
  'StripeAPIError',
  'StripeRateLimitError',
  'StripeIdempotencyError',
  'StripeAuthenticationError',
  'StripePermissionError',
]);

function refundStatus(status: string | null): Refund['status'] {
  if (status === 'succeeded') return 'succeeded';
  if (status === 'failed' || status === 'canceled') return 'failed';
  return 'pending';
}

/** The payment methods of the shop's intents (shared/wallet.ts). */
export { PAYMENT_METHOD_TYPES };

/**
 * Stripe PaymentIntents (test or live keys) with manual capture, idempotency keys and signed webhooks, through the
 * `stripe` package (../../../lib/stripe-sdk.ts).
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly mode = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(
    secretKey: string,
    private readonly webhookSecret: string | undefined,
    options: Stripe.StripeConfig = {},
  ) {
    this.stripe = stripeSdk(secretKey, options);
  }

  async createIntent(input: IntentInput): Promise<Intent> {
    const intent = await this.stripe.paymentIntents.create(
      {
        amount: input.amount,
        currency: input.currency,
        capture_method: 'manual',
        metadata: input.metadata,
        // What the Payment Element offers (decision 0125): a card, which includes Apple Pay and Google Pay where the
        // phone has them, and Link. All three authorize now and capture later, and none redirects the shopper.
        allowed_payment_method_types: [...PAYMENT_METHOD_TYPES],
        ...(input.receiptEmail ? { receipt_email: input.receiptEmail } : {}),
      },
      { idempotencyKey: input.idempotencyKey },
    );
    return toIntent(intent);
  }

  async updateIntent(id: string, input: Pick<IntentInput, 'amount' | 'receiptEmail'>): Promise<Intent> {
    try {
      return toIntent(
        await this.stripe.paymentIntents.update(id, {
          amount: input.amount,
          ...(input.receiptEmail ? { receipt_email: input.receiptEmail } : {}),
        }),
      );
    } catch (error) {
      if (isInvalidRequest(error)) throw conflict('This payment can no longer be changed.');
      throw error;
    }
  }

  async retrieveIntent(id: string): Promise<Intent | null> {
    try {
      return toIntent(await this.stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] }));
    } catch (error) {
      if (isInvalidRequest(error) && failure(error).statusCode === 404) return null;
      throw error;
    }
  }

  async cancelIntent(id: string): Promise<Intent | null> {
    try {
      return toIntent(await this.stripe.paymentIntents.cancel(id));
    } catch (error) {
      // Already cancelled or succeeded (or missing): report it as it is.
      if (isInvalidRequest(error)) return this.retrieveIntent(id);
      throw error;
    }
  }

  async captureIntent(id: string, options: { idempotencyKey: string }): Promise<Intent> {
    try {
      return toIntent(await this.stripe.paymentIntents.capture(id, {}, { idempotencyKey: options.idempotencyKey }));
    } catch (error) {
      const { type, code, message } = failure(error);
      if (type && TRANSIENT.has(type)) throw new CaptureError(message ?? 'Stripe did not answer.', false);
      if (code === 'payment_intent_unexpected_state') {
        // Captured already (another caller won) is success; cancelled or expired is final.
        const now = failure(error).raw?.payment_intent
          ? toIntent(failure(error).raw!.payment_intent!)
          : await this.retrieveIntent(id);
        if (now?.status === 'succeeded') return now;
        throw new CaptureError(
          message ?? `The payment is ${now?.status ?? 'missing'}.`,
          now?.status !== 'requires_capture',
        );
      }
      if (type === 'StripeInvalidRequestError' || type === 'StripeCardError')
        throw new CaptureError(message ?? 'The payment cannot be captured.', true);
      throw new CaptureError(message ?? 'The capture failed.', false);
    }
  }

  async labelIntent(id: string, orderNumber: string): Promise<void> {
    // Description and metadata may be changed whatever the intent's state; other metadata keys are kept.
    await this.stripe.paymentIntents.update(id, {
      description: `Order ${orderLabel(orderNumber)}`,
      metadata: { order_number: orderNumber },
    });
  }

  async refund(intentId: string, options: { idempotencyKey: string; amount?: number }): Promise<Refund> {
    const intent = await this.retrieveIntent(intentId);
    if (!intent) throw new HttpError(404, 'not_found', 'No such payment.');
    if (intent.status !== 'succeeded') {
      // Nothing was captured: releasing the authorization is the refund.
      const after = await this.cancelIntent(intentId);
      if (after?.status === 'succeeded') return this.refund(intentId, options);
      return { id: intentId, status: after?.status === 'canceled' ? 'succeeded' : 'failed' };
    }
    let refund: Stripe.Refund;
    try {
      refund = await this.stripe.refunds.create(
        { payment_intent: intentId, ...(options.amount === undefined ? {} : { amount: options.amount }) },
        { idempotencyKey: options.idempotencyKey },
      );
    } catch (error) {
      // Stripe refused this refund (more than is left, already refunded): it never will be made under this key.
      const seen = error as { type?: string; statusCode?: number };
      if (seen.type === 'StripeInvalidRequestError' && seen.statusCode === 400)
        return { id: options.idempotencyKey, status: 'failed' };
      throw error;
    }
    return { id: refund.id, status: refundStatus(refund.status) };
  }

  async verifyWebhook(rawBody: string, signature: string | undefined): Promise<PaymentEvent> {
    // Without the signing secret no event can be trusted: a 503 (Stripe retries; the 5xx alarm tells the operator).
    if (!this.webhookSecret)
      throw new HttpError(503, 'payments_not_configured', 'The webhook signing secret is not set.');
    const event = this.stripe.webhooks.constructEvent(rawBody, signature ?? '', this.webhookSecret);
    return { id: event.id, type: event.type, intent: toIntent(event.data.object as Stripe.PaymentIntent) };
  }
}
