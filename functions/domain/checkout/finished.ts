import { MESSAGES } from '#shared/messages';
import { conflict, HttpError } from '../../lib/errors';
import { whilePayingMessage } from '../promo/redeem';
import { OutOfStockError } from './pricing';
import type { Checkout } from './checkouts';

// Why a checkout that is not open cannot be paid: apart from the card step's own module (checkout.ts), so a function
// that takes an order does not carry the card step (docs/decisions/0136).

/** A checkout closed because of its promo code, and what failed. */
const PROMO_CLOSED_REASONS = {
  promo_used_up: 'used_up',
  promo_used_by_you: 'used_by_you',
  promo_no_longer_valid: 'no_longer_valid',
} as const;

/** Why a checkout that is not open cannot be paid (any more). */
export function finishedCheckoutError(checkout: Checkout): HttpError {
  if (checkout.closedReason === 'out_of_stock') return new OutOfStockError(checkout.shortNames ?? []);
  if (
    checkout.closedReason === 'promo_used_up' ||
    checkout.closedReason === 'promo_used_by_you' ||
    checkout.closedReason === 'promo_no_longer_valid'
  ) {
    const refusal = PROMO_CLOSED_REASONS[checkout.closedReason];
    return new HttpError(409, `promo_${refusal}`, whilePayingMessage(refusal, checkout.promo?.code ?? ''));
  }
  if (checkout.closedReason === 'offer_replaced') return new HttpError(409, 'offer_replaced', MESSAGES.offerReplaced);
  if (checkout.closedReason === 'offer_declined') return new HttpError(409, 'offer_declined', MESSAGES.offerDeclined);
  if (checkout.closedReason === 'offer_expired') return new HttpError(409, 'offer_expired', MESSAGES.offerExpired);
  if (checkout.closedReason === 'gift_card_spent')
    return new HttpError(409, 'gift_card_spent', MESSAGES.giftCardSpentMeanwhile);
  if (checkout.closedReason === 'card_attempts')
    return new HttpError(409, 'checkout_closed', MESSAGES.tooManyCardAttempts);
  if (checkout.state === 'failed') return new HttpError(409, 'payment_failed', MESSAGES.paymentNotCaptured);
  if (checkout.state === 'closed' || checkout.state === 'voiding')
    return new HttpError(409, 'checkout_closed', MESSAGES.checkoutClosed);
  return conflict('This checkout has already been paid.');
}
