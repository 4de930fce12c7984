import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { checkouts, type CheckoutRecord } from '../../db/entities/checkout';
import { isConditionFailure, type TransactItem } from '../../db/table';
import type { Intent } from './payments/provider';

/**
 * A checkout's record and its moves: the table only, no payment provider (so a function that only reads or ends a
 * checkout, a quote's page for one, carries no Stripe SDK: issue 39). What calls the provider is checkouts.ts, which
 * exports all of this too.
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
