import Stripe from 'stripe';
import { conflict, HttpError } from '../../../lib/errors';
import type { Intent, IntentInput, IntentStatus, PaymentEvent, PaymentProvider } from './provider';

function toIntent(intent: Stripe.PaymentIntent): Intent {
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    amount: intent.amount,
    currency: intent.currency,
    status: intent.status as IntentStatus,
    metadata: { checkoutId: intent.metadata?.checkoutId, customer: intent.metadata?.customer },
  };
}

/** Stripe PaymentIntents (test or live keys), with idempotency keys and signed webhooks. */
export class StripePaymentProvider implements PaymentProvider {
  readonly mode = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(secretKey: string, private readonly webhookSecret: string | undefined, options: Stripe.StripeConfig = {}) {
    this.stripe = new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 10_000, ...options });
  }

  async createIntent(input: IntentInput): Promise<Intent> {
    const intent = await this.stripe.paymentIntents.create(
      {
        amount: input.amount,
        currency: input.currency,
        metadata: input.metadata,
        automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
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
      if (error instanceof Stripe.errors.StripeInvalidRequestError) throw conflict('This payment can no longer be changed.');
      throw error;
    }
  }

  async retrieveIntent(id: string): Promise<Intent | null> {
    try {
      return toIntent(await this.stripe.paymentIntents.retrieve(id));
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw error;
    }
  }

  async cancelIntent(id: string): Promise<Intent | null> {
    try {
      return toIntent(await this.stripe.paymentIntents.cancel(id));
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError) return this.retrieveIntent(id);
      throw error;
    }
  }

  verifyWebhook(rawBody: string, signature: string | undefined): PaymentEvent {
    // Without the signing secret no event can be trusted: a 503 (Stripe retries; the 5xx alarm tells the operator).
    if (!this.webhookSecret) throw new HttpError(503, 'payments_not_configured', 'The webhook signing secret is not set.');
    const event = this.stripe.webhooks.constructEvent(rawBody, signature ?? '', this.webhookSecret);
    return { type: event.type, intent: toIntent(event.data.object as Stripe.PaymentIntent) };
  }
}
