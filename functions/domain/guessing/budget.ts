import { GIFT_CARD_RULES } from '#shared/gift-cards';
import { MESSAGES } from '#shared/messages';
import { PROMO_GUESSES, PROMO_MESSAGES } from '#shared/promo';
import { codeTries, type CodeTryRecord } from '../../db/entities/code-try';
import { isConditionFailure } from '../../db/table';
import { HttpError } from '../../lib/errors';
import { logger } from '../../lib/logger';

/**
 * Budgets for guessing codes (docs/decisions/0126, 0139): how many wrong codes of a kind one client may type in a
 * window, counted in the table (the same count for every function and every door the code is typed at). A try is
 * reserved first, in one conditional write (the count +1 while it is below the budget), then the code is looked up,
 * and the try is given back when the code was right: a burst of wrong codes gets exactly the budget's answers, and a
 * shopper typing their right code uses none of it.
 */
export type CodeKind = CodeTryRecord['kind'];

const BUDGETS: Record<CodeKind, { allowed: number; windowMinutes: number; code: string; message: string }> = {
  'gift-card': {
    allowed: GIFT_CARD_RULES.wrongCodesAllowed,
    windowMinutes: GIFT_CARD_RULES.wrongCodeWindowMinutes,
    code: 'too_many_gift_card_codes',
    message: MESSAGES.giftCardTooManyCodes,
  },
  promo: {
    allowed: PROMO_GUESSES.wrongCodesAllowed,
    windowMinutes: PROMO_GUESSES.windowMinutes,
    code: 'too_many_promo_codes',
    message: PROMO_MESSAGES.tooManyWrong,
  },
};

/** A try reserved: the count it was added to. */
type ReservedTry = Pick<CodeTryRecord, 'kind' | 'client' | 'window'>;

/**
 * Adds one try to the client's count of `kind` in the current window, on the condition that it is below the budget;
 * when it is not, 429 with the kind's plain message and Retry-After (until the window ends), and nothing is looked up.
 */
export async function reserveTry(kind: CodeKind, client: string, now = new Date()): Promise<ReservedTry> {
  const budget = BUDGETS[kind];
  const windowMs = budget.windowMinutes * 60_000;
  const number = Math.floor(now.getTime() / windowMs);
  const reserved = { kind, client, window: String(number) };
  try {
    await codeTries.update(
      reserved,
      { add: { wrong: 1 }, set: { expiresAt: ((number + 1) * windowMs) / 1000 + 60 } },
      { upsert: true, when: { below: { wrong: budget.allowed } } },
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const retryAfter = Math.max(1, Math.ceil(((number + 1) * windowMs - now.getTime()) / 1000));
    throw new HttpError(429, budget.code, budget.message, undefined, { 'Retry-After': String(retryAfter) });
  }
  return reserved;
}

/** Gives a try back (the code was right, or its look-up failed for another reason). */
export async function giveBack(reserved: ReservedTry): Promise<void> {
  try {
    await codeTries.update(reserved, { add: { wrong: -1 } }, { when: { atLeast: { wrong: 1 } } });
  } catch (error) {
    // Gone with its window (TTL): nothing to give back.
    if (!isConditionFailure(error))
      logger.warn('a try was not given back', { kind: reserved.kind, error: error as Error });
  }
}

/**
 * Looks a code up on one reserved try: `lookUp` answers what the code is, or throws. An error `isWrong` says is a
 * wrong code keeps the try; an answer, or any other error (a code that exists but cannot be used now, the table
 * failing), gives it back.
 */
export async function onOneTry<T>(
  kind: CodeKind,
  client: string,
  lookUp: () => Promise<T>,
  isWrong: (error: unknown) => boolean,
): Promise<T> {
  const reserved = await reserveTry(kind, client);
  let found: T;
  try {
    found = await lookUp();
  } catch (error) {
    if (!isWrong(error)) await giveBack(reserved);
    throw error;
  }
  await giveBack(reserved);
  return found;
}

/**
 * The client whose wrong codes are counted: the viewer's address CloudFront reports (CloudFront-Viewer-Address,
 * `ip:port`), else the connection's (the local gateway's socket). A header a client could set itself
 * (X-Forwarded-For) is never read.
 */
export function clientOf(event: {
  headers?: Record<string, string | undefined>;
  requestContext?: { http?: { sourceIp?: string } };
}): string {
  const viewer = event.headers?.['cloudfront-viewer-address'];
  if (viewer) return viewer.replace(/:\d+$/, '');
  return event.requestContext?.http?.sourceIp ?? 'unknown';
}
