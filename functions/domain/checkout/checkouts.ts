import { logger } from '../../lib/logger';
import { recordMetric } from '../../lib/metrics';
import {
  CHECKOUT_RULES,
  checkoutOf,
  isGiftOnly,
  markVoiding,
  minutesFrom,
  moveCheckout,
  type Checkout,
} from './checkout-records';
import { paymentProvider } from './payments';
import type { Intent } from './payments/provider';

/** Checkouts with the payment provider: voiding one cancels its authorization. The record's moves: checkout-records. */
export * from './checkout-records';

/**
 * A checkout that will not be taken (stock short, too many failed cards, abandoned, amounts changed) is first
 * marked `voiding`, so no taker can take it any more, then its authorization is cancelled (the customer is not
 * charged) and it is closed. False when someone moved it first (e.g. it was just taken).
 */
export async function voidCheckout(
  current: Checkout,
  reason: NonNullable<Checkout['closedReason']>,
  changes: Partial<Checkout> = {},
): Promise<boolean> {
  const voiding = await markVoiding(current, reason, changes, minutesFrom(new Date(), CHECKOUT_RULES.graceMinutes));
  if (!voiding) return false;
  await closeVoided(voiding).catch((error: Error) =>
    logger.warn('authorization not cancelled yet; the settle job retries', { checkoutId: current.checkoutId, error }),
  );
  return true;
}

/** Cancels the intent of a `voiding` checkout and closes it; a payment captured elsewhere meanwhile is refunded. */
export async function closeVoided(voiding: Checkout): Promise<void> {
  // A gift-only checkout has no authorization to cancel (its card part was never debited: only a take debits it).
  if (isGiftOnly(voiding.intentId)) {
    await moveCheckout(voiding, { state: 'closed' });
    return;
  }
  const provider = await paymentProvider();
  const intent = await provider.cancelIntent(voiding.intentId);
  if (intent?.status === 'succeeded')
    await provider.refund(voiding.intentId, { idempotencyKey: `void-${voiding.intentId}` });
  else if (intent && intent.status !== 'canceled') throw new Error(`intent is ${intent.status}`);
  if (await moveCheckout(voiding, { state: 'closed' })) recordMetric('paymentsCancelled');
}

/**
 * Counts a failed card attempt against the checkout of `intent`, once per attempt id (a webhook delivered twice
 * counts once). At CHECKOUT_RULES.maxCardAttempts the payment is cancelled and the checkout closed (card testing).
 */
export async function recordFailedCardAttempt(intent: Intent, attemptId: string): Promise<{ closed: boolean }> {
  for (let round = 0; round < 8; round++) {
    const checkout = await checkoutOf(intent);
    if (!checkout) return { closed: false };
    if (checkout.state !== 'open') return { closed: checkout.closedReason === 'card_attempts' };
    if (checkout.failedAttempts?.includes(attemptId)) return { closed: false };
    const failedAttempts = [...(checkout.failedAttempts ?? []), attemptId];
    if (failedAttempts.length >= CHECKOUT_RULES.maxCardAttempts) {
      if (await voidCheckout(checkout, 'card_attempts', { failedAttempts })) {
        recordMetric('paymentsFailed');
        return { closed: true };
      }
    } else if (await moveCheckout(checkout, { failedAttempts })) {
      recordMetric('paymentsFailed');
      return { closed: false };
    }
  }
  throw new Error('checkout kept changing while counting a failed card attempt');
}
