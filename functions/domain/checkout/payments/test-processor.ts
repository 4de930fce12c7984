import { randomBytes } from 'node:crypto';
import { testPaymentIntents, type TestIntentRecord } from '../../../db/entities/test-payment-intent';
import { isConditionFailure } from '../../../db/table';
import { conflict, HttpError, notFound } from '../../../lib/errors';
import type { Intent, IntentInput, PaymentProvider } from './provider';

/**
 * The built-in test card processor: PaymentIntents kept in the table, cards that behave like Stripe's test
 * cards (https://docs.stripe.com/testing). Used when no Stripe keys are set; the SPA says it is in test mode.
 */
type Outcome = { ok: true } | { ok: false; code: string; declineCode?: string; message: string };

export const TEST_CARDS: Record<string, Outcome> = {
  '4242424242424242': { ok: true },
  '4000056655665556': { ok: true },
  '5555555555554444': { ok: true },
  '4000000000000002': { ok: false, code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' },
  '4000000000009995': { ok: false, code: 'card_declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  '4000000000009987': { ok: false, code: 'card_declined', declineCode: 'lost_card', message: 'Your card was declined.' },
  '4000000000000069': { ok: false, code: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': { ok: false, code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
  '4000000000000119': { ok: false, code: 'processing_error', message: 'An error occurred while processing your card. Try again in a little bit.' },
};

function luhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export interface TestCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** What a card does, as Stripe's test mode would answer. */
export function cardOutcome(card: TestCard, now = new Date()): Outcome {
  const number = card.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number) || !luhn(number)) return { ok: false, code: 'incorrect_number', message: 'Your card number is incorrect.' };
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  if (card.expMonth < 1 || card.expMonth > 12) return { ok: false, code: 'invalid_expiry_month', message: "Your card's expiration month is invalid." };
  if (year < now.getFullYear() || (year === now.getFullYear() && card.expMonth < now.getMonth() + 1)) {
    return { ok: false, code: 'invalid_expiry_year', message: "Your card's expiration year is invalid." };
  }
  if (!/^\d{3,4}$/.test(card.cvc)) return { ok: false, code: 'incorrect_cvc', message: "Your card's security code is incorrect." };
  return TEST_CARDS[number] ?? { ok: false, code: 'card_declined', message: 'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://docs.stripe.com/testing.' };
}

function toIntent(record: TestIntentRecord): Intent {
  return {
    id: record.id,
    clientSecret: record.clientSecret,
    amount: record.amount,
    currency: record.currency,
    status: record.status,
    metadata: { checkoutId: record.metadata?.checkoutId, customer: record.metadata?.customer },
  };
}

/** A card error as the payment step shows it: 402 with the provider's message. */
export class CardError extends HttpError {
  constructor(code: string, message: string, readonly declineCode?: string) {
    super(402, code, message);
  }
}

export class TestPaymentProvider implements PaymentProvider {
  readonly mode = 'test' as const;

  async createIntent(input: IntentInput): Promise<Intent> {
    // Same idempotency key, same intent: the id is derived from the key.
    const id = `pi_test_${Buffer.from(input.idempotencyKey).toString('base64url').slice(0, 40)}`;
    const existing = await testPaymentIntents.get({ id });
    if (existing) return toIntent(existing);
    const record = {
      id,
      clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      amount: input.amount,
      currency: input.currency,
      status: 'requires_payment_method' as const,
      metadata: input.metadata,
      idempotencyKey: input.idempotencyKey,
      ...(input.receiptEmail ? { receiptEmail: input.receiptEmail } : {}),
    };
    try {
      return toIntent(await testPaymentIntents.create(record));
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      // The same key at the same moment: the first one is the intent.
      return toIntent((await testPaymentIntents.get({ id, }, { consistent: true }))!);
    }
  }

  async updateIntent(id: string, input: Pick<IntentInput, 'amount' | 'receiptEmail'>): Promise<Intent> {
    try {
      await testPaymentIntents.update(
        { id },
        { set: { amount: input.amount, ...(input.receiptEmail ? { receiptEmail: input.receiptEmail } : {}) } },
        { when: { equals: { status: 'requires_payment_method' } } },
      );
    } catch (error) {
      if (isConditionFailure(error)) throw conflict('This payment can no longer be changed.');
      throw error;
    }
    return (await this.retrieveIntent(id))!;
  }

  async retrieveIntent(id: string): Promise<Intent | null> {
    const record = await testPaymentIntents.get({ id }, { consistent: true });
    return record ? toIntent(record) : null;
  }

  async cancelIntent(id: string): Promise<Intent | null> {
    try {
      await testPaymentIntents.update({ id }, { set: { status: 'canceled' } }, { when: { equals: { status: 'requires_payment_method' } } });
    } catch (error) {
      // Already succeeded or cancelled (or missing): report it as it is.
      if (!isConditionFailure(error)) throw error;
    }
    return this.retrieveIntent(id);
  }

  /** The browser's card step in test mode: Stripe's confirmCardPayment, with Stripe's test-card outcomes. */
  async confirm(clientSecret: string, card: TestCard, billing: { name: string; email: string }): Promise<Intent> {
    const id = clientSecret.split('_secret_')[0];
    const intent = await this.retrieveIntent(id);
    if (!intent || intent.clientSecret !== clientSecret) throw notFound('No such payment.');
    if (intent.status === 'succeeded') return intent;
    if (intent.status === 'canceled') throw new CardError('payment_intent_unexpected_state', 'This payment was cancelled. Please start the checkout again.');
    const outcome = cardOutcome(card);
    if (!outcome.ok) {
      await testPaymentIntents.update({ id }, { set: { lastError: outcome.code } });
      throw new CardError(outcome.code, outcome.message, outcome.declineCode);
    }
    try {
      await testPaymentIntents.update(
        { id },
        { set: { status: 'succeeded', billingName: billing.name, receiptEmail: billing.email } },
        { when: { equals: { status: 'requires_payment_method' } } },
      );
    } catch (error) {
      // A concurrent confirm or a cancel won; answer with the intent as it is now.
      if (!isConditionFailure(error)) throw error;
    }
    const after = (await this.retrieveIntent(id))!;
    if (after.status !== 'succeeded') throw new CardError('payment_intent_unexpected_state', 'This payment was cancelled. Please start the checkout again.');
    return after;
  }

  verifyWebhook(): never {
    throw notFound('Webhooks are only used with Stripe.');
  }
}
