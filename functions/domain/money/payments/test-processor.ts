import { createHash, randomBytes } from 'node:crypto';
import { orderLabel } from '#shared/order-number';
import { testPaymentIntents, type TestIntentRecord } from '../../../db/entities/test-payment-intent';
import { isConditionFailure } from '../../../db/table';
import { conflict, HttpError, notFound } from '../../../lib/errors';
import { CaptureError, type Intent, type IntentInput, type PaymentProvider, type Refund } from './provider';

/**
 * The built-in test card processor: PaymentIntents kept in the table, cards that behave like Stripe's test
 * cards (https://docs.stripe.com/testing). Used when no Stripe keys are set; the SPA says it is in test mode.
 */
type Outcome = { ok: true; threeDSecure?: true } | { ok: false; code: string; declineCode?: string; message: string };

export const TEST_CARDS: Record<string, Outcome> = {
  '4242424242424242': { ok: true },
  '4000056655665556': { ok: true },
  '5555555555554444': { ok: true },
  // 3-D Secure: the bank asks the shopper to authenticate before the amount is authorized.
  '4000002500003155': { ok: true, threeDSecure: true },
  '4000002760003184': { ok: true, threeDSecure: true },
  '4000000000000002': {
    ok: false,
    code: 'card_declined',
    declineCode: 'generic_decline',
    message: 'Your card was declined.',
  },
  '4000000000009995': {
    ok: false,
    code: 'card_declined',
    declineCode: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  '4000000000009987': {
    ok: false,
    code: 'card_declined',
    declineCode: 'lost_card',
    message: 'Your card was declined.',
  },
  '4000000000000069': { ok: false, code: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': { ok: false, code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
  '4000000000000119': {
    ok: false,
    code: 'processing_error',
    message: 'An error occurred while processing your card. Try again in a little bit.',
  },
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
  if (!/^\d{12,19}$/.test(number) || !luhn(number))
    return { ok: false, code: 'incorrect_number', message: 'Your card number is incorrect.' };
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  if (card.expMonth < 1 || card.expMonth > 12)
    return { ok: false, code: 'invalid_expiry_month', message: "Your card's expiration month is invalid." };
  if (year < now.getFullYear() || (year === now.getFullYear() && card.expMonth < now.getMonth() + 1)) {
    return { ok: false, code: 'invalid_expiry_year', message: "Your card's expiration year is invalid." };
  }
  if (!/^\d{3,4}$/.test(card.cvc))
    return { ok: false, code: 'incorrect_cvc', message: "Your card's security code is incorrect." };
  return (
    TEST_CARDS[number] ?? {
      ok: false,
      code: 'card_declined',
      message:
        'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://docs.stripe.com/testing.',
    }
  );
}

function toIntent(record: TestIntentRecord): Intent {
  return {
    id: record.id,
    clientSecret: record.clientSecret,
    amount: record.amount,
    currency: record.currency,
    status: record.status,
    metadata: { checkoutId: record.metadata?.checkoutId, customer: record.metadata?.customer },
    ...(record.lastPaymentError && record.status === 'requires_payment_method'
      ? { lastPaymentError: record.lastPaymentError }
      : {}),
  };
}

/** A card error as the payment step shows it: 402 with the provider's message. */
export class CardError extends HttpError {
  constructor(
    code: string,
    message: string,
    readonly declineCode?: string,
  ) {
    super(402, code, message);
  }
}

const AUTHENTICATION_FAILED = {
  code: 'payment_intent_authentication_failure',
  message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
};
const cancelledError = () =>
  new CardError('payment_intent_unexpected_state', 'This payment was cancelled. Please start the checkout again.');
/**
 * Stripe's 400 for confirming an intent whose card is already authorized or captured, whatever card is sent
 * (the card is never looked at, and no failed attempt is counted).
 */
const alreadyConfirmedError = (status: string) =>
  new HttpError(
    400,
    'payment_intent_unexpected_state',
    `You cannot confirm this PaymentIntent because it has a status of ${status}. Only a PaymentIntent with one of the following statuses may be confirmed: requires_confirmation, requires_action, requires_payment_method.`,
  );
/** Stripe's states from which an intent can still be cancelled (not succeeded, not canceled, not processing). */
const CANCELABLE = ['requires_payment_method', 'requires_action', 'requires_capture'] as const;

/** The answer of the card step: the intent, and for a 3-D Secure card the step the shopper must complete. */
export type ThreeDSecureAnswer = 'complete' | 'fail';

export class TestPaymentProvider implements PaymentProvider {
  readonly mode = 'test' as const;

  async createIntent(input: IntentInput): Promise<Intent> {
    // Same idempotency key, same intent: the id is derived from the key.
    const id = `pi_test_${createHash('sha256').update(input.idempotencyKey).digest('base64url').replace(/[-_]/g, '').slice(0, 24)}`;
    const existing = await testPaymentIntents.get({ id });
    if (existing) return toIntent(existing);
    const record = {
      id,
      clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      amount: input.amount,
      currency: input.currency,
      status: 'requires_payment_method' as const,
      captureMethod: 'manual' as const,
      metadata: input.metadata,
      idempotencyKey: input.idempotencyKey,
      ...(input.receiptEmail ? { receiptEmail: input.receiptEmail } : {}),
    };
    try {
      return toIntent(await testPaymentIntents.create(record));
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      // The same key at the same moment: the first one is the intent.
      return toIntent((await testPaymentIntents.get({ id }, { consistent: true }))!);
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

  /** Moves an intent from one state to another if it is still in `from`; false when it was not. */
  private async move(id: string, from: TestIntentRecord['status'], set: Partial<TestIntentRecord>): Promise<boolean> {
    try {
      await testPaymentIntents.update({ id }, { set }, { when: { equals: { status: from } } });
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  async cancelIntent(id: string): Promise<Intent | null> {
    for (const from of CANCELABLE)
      await this.move(id, from, { status: 'canceled', canceledAt: new Date().toISOString() });
    return this.retrieveIntent(id);
  }

  async captureIntent(id: string, _options: { idempotencyKey: string }): Promise<Intent> {
    const intent = await this.retrieveIntent(id);
    if (intent?.status === 'requires_capture')
      await this.move(id, 'requires_capture', { status: 'succeeded', amountCaptured: intent.amount });
    const after = await this.retrieveIntent(id);
    if (after?.status === 'succeeded') return after;
    // As Stripe answers (payment_intent_unexpected_state): only an authorized intent can be captured, and a
    // cancelled or expired authorization never will be.
    throw new CaptureError(
      `This PaymentIntent could not be captured because it has a status of ${after?.status ?? 'missing'}.`,
      true,
    );
  }

  async labelIntent(id: string, orderNumber: string): Promise<void> {
    await testPaymentIntents.update({ id }, { set: { description: `Order ${orderLabel(orderNumber)}`, orderNumber } });
  }

  async refund(intentId: string, options: { idempotencyKey: string; amount?: number }): Promise<Refund> {
    const record = await testPaymentIntents.get({ id: intentId }, { consistent: true });
    if (!record) throw notFound('No such payment.');
    const earlier = record.refunds?.find((refund) => refund.idempotencyKey === options.idempotencyKey);
    if (earlier) return { id: earlier.id, status: earlier.status };
    if (record.status !== 'succeeded') {
      // Nothing was captured: the authorization is released instead.
      const after = await this.cancelIntent(intentId);
      if (after?.status === 'succeeded') return this.refund(intentId, options);
      return { id: intentId, status: after?.status === 'canceled' ? 'succeeded' : 'failed' };
    }
    // As Stripe: refunds by amount (all that is left when none is given), never more than captured less refunded.
    const captured = record.amountCaptured ?? record.amount;
    const left = captured - (record.refunds ?? []).reduce((sum, refund) => sum + refund.amount, 0);
    if (left <= 0)
      throw new HttpError(409, 'charge_already_refunded', `Charge for ${intentId} has already been refunded.`);
    const amount = options.amount ?? left;
    if (!Number.isSafeInteger(amount) || amount <= 0 || amount > left)
      return { id: options.idempotencyKey, status: 'failed' };
    const refund = {
      id: `re_test_${createHash('sha256').update(options.idempotencyKey).digest('hex').slice(0, 24)}`,
      amount,
      status: 'succeeded' as const,
      idempotencyKey: options.idempotencyKey,
    };
    try {
      await testPaymentIntents.update(
        { id: intentId },
        { set: { refunds: [...(record.refunds ?? []), refund] } },
        { when: { equals: { updatedAt: record.updatedAt } } },
      );
    } catch (error) {
      // Another refund at the same moment: read again (the same key answers the same refund).
      if (isConditionFailure(error)) return this.refund(intentId, options);
      throw error;
    }
    return { id: refund.id, status: refund.status };
  }

  /**
   * The browser's card step in test mode, as Stripe's confirmCardPayment with manual capture: a good card
   * authorizes the amount (requires_capture); a 3-D Secure card first asks to authenticate (requires_action),
   * answered by `threeDSecure`; a declined card leaves the intent waiting for another card, with the reason.
   */
  async confirm(
    clientSecret: string,
    card: TestCard,
    billing: { name: string; email: string },
    threeDSecure?: ThreeDSecureAnswer,
  ): Promise<Intent> {
    const id = clientSecret.split('_secret_')[0];
    const intent = await this.retrieveIntent(id);
    if (!intent || intent.clientSecret !== clientSecret) throw notFound('No such payment.');
    if (intent.status === 'canceled') throw cancelledError();
    if (intent.status === 'requires_action') {
      if (!threeDSecure) return intent;
      const moved =
        threeDSecure === 'complete'
          ? await this.move(id, 'requires_action', { status: 'requires_capture' })
          : await this.move(id, 'requires_action', {
              status: 'requires_payment_method',
              lastPaymentError: AUTHENTICATION_FAILED,
            });
      if (moved && threeDSecure === 'fail')
        throw new CardError(AUTHENTICATION_FAILED.code, AUTHENTICATION_FAILED.message);
      return this.answer(id);
    }
    if (intent.status === 'requires_capture' || intent.status === 'succeeded')
      throw alreadyConfirmedError(intent.status);
    if (intent.status !== 'requires_payment_method') return intent;
    const outcome = cardOutcome(card);
    if (!outcome.ok) {
      await this.move(id, 'requires_payment_method', {
        lastPaymentError: { code: outcome.declineCode ?? outcome.code, message: outcome.message },
      });
      throw new CardError(outcome.code, outcome.message, outcome.declineCode);
    }
    await this.move(id, 'requires_payment_method', {
      status: outcome.threeDSecure ? 'requires_action' : 'requires_capture',
      billingName: billing.name,
      receiptEmail: billing.email,
    });
    return this.answer(id);
  }

  /** The intent after a confirm step; a cancel that won the race answers as Stripe does. */
  private async answer(id: string): Promise<Intent> {
    const after = (await this.retrieveIntent(id))!;
    if (after.status === 'canceled') throw cancelledError();
    return after;
  }

  async verifyWebhook(): Promise<never> {
    throw notFound('Webhooks are only used with Stripe.');
  }
}
