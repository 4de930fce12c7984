import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { MESSAGES } from '#shared/messages';
import { checkouts, type CheckoutRecord } from '../../db/entities/checkout';
import { isConditionFailure, type TransactItem } from '../../db/table';
import { conflict, HttpError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { recordMetric } from '../../lib/metrics';
import { whilePayingMessage } from '../promo/redeem';
import { SALE_MESSAGES } from '#shared/sales';
import { paymentProvider } from '../money/payments';
import type { Intent } from '../money/payments/provider';
import { OutOfStockError } from '../stock/counts';

/**
 * A checkout: its record and moves, voiding one (its authorization cancelled), the card attempts it allows, and why a
 * finished one cannot be paid. The card step that makes one is checkout.ts; the take that turns one into an order,
 * take.ts and orders.ts.
 */

export type Checkout = CheckoutRecord;

/** Timing rules of checkouts (docs/decisions/0022). */
export const CHECKOUT_RULES = {
  /** The settle job looks at an unfinished checkout this long after its last change. */
  graceMinutes: 2,
  /** Between its later looks at a checkout whose card is still not authorized. */
  recheckMinutes: 10,
  /** A checkout whose card was never authorized is given up (its intent cancelled) this long after its last change. */
  abandonMinutes: 60,
  /** Failed card attempts a checkout allows (card testing) before its payment is cancelled. */
  maxCardAttempts: 5,
  /** Finished checkouts stay this long, then DynamoDB's TTL removes them. */
  keepFinishedSeconds: 7 * 24 * 3600,
} as const;

/**
 * A checkout a gift card pays in full has no card payment (docs/decisions/0126): its `intentId` is this prefix and its
 * checkout id without dashes, which the browser names when it places the order, as it names a card's intent.
 */
export const GIFT_ONLY_PREFIX = 'pi_giftcard_';
export const giftOnlyIntentId = (checkoutId: string) => `${GIFT_ONLY_PREFIX}${checkoutId.replace(/-/g, '')}`;
export const isGiftOnly = (intentId: string) => intentId.startsWith(GIFT_ONLY_PREFIX);
/** The checkout id a gift-only id names (null when it is not one). */
export function checkoutIdOfGiftOnly(intentId: string): string | null {
  const hex = intentId.slice(GIFT_ONLY_PREFIX.length);
  if (!isGiftOnly(intentId) || !/^[0-9a-f]{32}$/.test(hex)) return null;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const FINISHED: readonly Checkout['state'][] = ['captured', 'closed', 'failed'];
export const minutesFrom = (from: Date, minutes: number) => new Date(from.getTime() + minutes * 60_000).toISOString();

/**
 * A guest checkout's secret (docs/decisions/0062): 256 random bits, given once to the browser that made the
 * checkout; the checkout keeps only its SHA-256 (a random secret of that size needs no slow hash).
 */
export function issueSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: hashOf(secret) };
}
const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** Whether `secret` is the one the checkout was made with (compared in constant time). */
export function holdsSecret(checkout: Checkout, secret: string | undefined): boolean {
  if (!checkout.secretHash || !secret) return false;
  const stored = Buffer.from(checkout.secretHash, 'hex');
  const given = Buffer.from(hashOf(secret), 'hex');
  return stored.length === given.length && timingSafeEqual(stored, given);
}

export async function getCheckout(checkoutId: string): Promise<Checkout | null> {
  return checkouts.get({ checkoutId }, { consistent: true });
}

/** The checkout an intent belongs to (by its metadata), or null when it is not one of ours. */
export async function checkoutOf(intent: Intent): Promise<Checkout | null> {
  const checkout = intent.metadata.checkoutId ? await getCheckout(intent.metadata.checkoutId) : null;
  return checkout?.intentId === intent.id ? checkout : null;
}

/** The record after a change: a new version; a finished one leaves the settle job's index and gets its TTL. */
function next(current: Checkout, changes: Partial<Checkout>): Checkout {
  const record: Checkout = {
    ...current,
    ...changes,
    version: current.version + 1,
    updatedAt: new Date().toISOString(),
  };
  if (FINISHED.includes(record.state)) {
    delete record.sweepAt;
    record.expiresAt = Math.floor(Date.now() / 1000) + CHECKOUT_RULES.keepFinishedSeconds;
  }
  return record;
}

/**
 * The write of a change, on the condition that nobody changed the checkout since `current` was read (for transactions).
 */
export function checkoutChange(current: Checkout, changes: Partial<Checkout>): TransactItem {
  return checkouts.transact.put(next(current, changes), {
    when: { equals: { version: current.version, state: current.state } },
  });
}

/** Writes a new checkout, or a change of `previous` if nobody changed it since; null when someone did. */
export async function saveCheckout(record: Checkout, previous: Checkout | null): Promise<Checkout | null> {
  try {
    if (!previous) return await checkouts.put(record, { ifNew: true });
    const changed = next(previous, record);
    await checkouts.put(changed, { when: { equals: { version: previous.version, state: previous.state } } });
    return changed;
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

/** Moves a checkout on (a change of `current` as read); null when someone else changed it first. */
export function moveCheckout(current: Checkout, changes: Partial<Checkout>): Promise<Checkout | null> {
  return saveCheckout({ ...current, ...changes }, current);
}

/** Sets when the settle job looks next, without a new version (so a shopper's concurrent change still goes through). */
export async function sweepLater(current: Checkout, sweepAt: string): Promise<void> {
  try {
    await checkouts.update(
      { checkoutId: current.checkoutId },
      { set: { sweepAt } },
      { when: { equals: { version: current.version, state: current.state } }, current },
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** Unfinished checkouts in `state` whose time to be looked at has come (the settle job). */
export function dueCheckouts(state: 'open' | 'taken' | 'voiding', now: Date): Promise<Checkout[]> {
  return checkouts.query('byState', { state }, { skAtMost: now.toISOString() });
}

/**
 * The first half of voidCheckout: marks the checkout `voiding`, so no taker can take it any more (false when someone
 * moved it first). Its authorization is cancelled by voidCheckout right after, or, where a function has no payment
 * provider (it reads a quote whose offer expired), by the settle job at `sweepAt` (default: at once).
 */
export async function markVoiding(
  current: Checkout,
  reason: NonNullable<Checkout['closedReason']>,
  changes: Partial<Checkout> = {},
  sweepAt = new Date().toISOString(),
): Promise<Checkout | null> {
  return moveCheckout(current, { ...changes, state: 'voiding', closedReason: reason, sweepAt });
}

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

/** A checkout closed because of its promo code, and what failed. */
const PROMO_CLOSED_REASONS = {
  promo_used_up: 'used_up',
  promo_used_by_you: 'used_by_you',
  promo_no_longer_valid: 'no_longer_valid',
} as const;

/** Why a checkout that is not open cannot be paid (any more). */
export function finishedCheckoutError(checkout: Checkout): HttpError {
  if (checkout.closedReason === 'out_of_stock') return new OutOfStockError(checkout.shortNames ?? []);
  if (checkout.closedReason === 'drop_limit')
    return new HttpError(409, 'drop_limit', [MESSAGES.dropLimitReached, ...(checkout.shortNames ?? [])].join('\n'));
  if (checkout.closedReason === 'drop_not_started')
    return new HttpError(409, 'drop_not_started', MESSAGES.dropNotStartedYet);
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
  if (checkout.closedReason === 'sale_used_up')
    return new HttpError(409, 'sale_used_up', SALE_MESSAGES.usedUpWhilePaying(limitedSaleName(checkout)));
  if (checkout.closedReason === 'gift_card_spent')
    return new HttpError(409, 'gift_card_spent', MESSAGES.giftCardSpentMeanwhile);
  if (checkout.closedReason === 'card_attempts')
    return new HttpError(409, 'checkout_closed', MESSAGES.tooManyCardAttempts);
  if (checkout.state === 'failed') return new HttpError(409, 'payment_failed', MESSAGES.paymentNotCaptured);
  if (checkout.state === 'closed' || checkout.state === 'voiding')
    return new HttpError(409, 'checkout_closed', MESSAGES.checkoutClosed);
  return conflict('This checkout has already been paid.');
}

/** The limited sale a checkout was refused for (the first it holds; one name is enough for the sentence). */
const limitedSaleName = (checkout: Checkout) => checkout.sales?.find((sale) => sale.limited)?.name ?? '';
