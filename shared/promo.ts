import { canonicalEmail } from './email';
import { PROMO_FORM_MESSAGES } from './messages';
import { formatPrice, toCents } from './money';

export { promoDiscount } from './money';

/**
 * Promo codes (design section 4 "Promo codes", issue 13): the kinds, how a code is written, what it takes off and
 * why one is refused. One definition for the cart (web), the card step, the take and the admin pages.
 */
export const PROMO_KINDS = ['percent', 'amount', 'shipping'] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];

/** 3-32 letters, digits or dashes; compared and stored upper-case. */
export const PROMO_CODE_PATTERN = /^[A-Za-z0-9-]{3,32}$/;
export const normalizeCode = (code: string) => code.trim().toUpperCase();

/** The most a promo code's amounts (amount off, minimum subtotal) may be, in cents: $100,000.00. */
export const PROMO_MAX_CENTS = 10_000_000;

/**
 * A dollar field of the owner's form ("12.50", "$40") as cents, or the sentence that says in dollars what to
 * type: an amount off is at least a cent, a minimum subtotal may be 0, both at most PROMO_MAX_CENTS.
 */
export function centsFromDollars(
  text: string,
  field: 'amountOff' | 'minSubtotal',
): { cents: number } | { problem: string } {
  const cents = toCents(text);
  if (Number.isNaN(cents) || cents < (field === 'amountOff' ? 1 : 0) || cents > PROMO_MAX_CENTS)
    return { problem: PROMO_FORM_MESSAGES[field] };
  return { cents };
}

/** What the money rules need of a code. */
export interface PromoTerms {
  code: string;
  kind: PromoKind;
  /** percent: 1-100; amount: cents; shipping: 0 (unused). */
  value: number;
  minSubtotal?: number;
  /**
   * The code combines with an order's sale without a code (issue 54, shared/sales.ts); false or missing: the one that
   * takes more is given. A free-shipping code combines with any sale whatever this says.
   */
  combinesWithSales?: boolean;
}

/** The code's rules and counts, as stored. */
export interface PromoRules extends PromoTerms {
  startsAt?: string;
  endsAt?: string;
  maxRedemptions?: number;
  maxPerCustomer?: number;
  active: boolean;
  redemptions: number;
}

/** "10% off", "$5.00 off", "Free shipping", with the minimum when there is one. */
export function describePromo(terms: PromoTerms): string {
  const what =
    terms.kind === 'percent'
      ? `${terms.value}% off`
      : terms.kind === 'amount'
        ? `${formatPrice(terms.value)} off`
        : 'Free shipping';
  if (terms.minSubtotal)
    return `${what}${terms.kind === 'shipping' ? ' on' : ''} orders of ${formatPrice(terms.minSubtotal)} or more`;
  return terms.kind === 'shipping' ? what : `${what} your order`;
}

/** Why a code cannot be used (each has one plain message, PROMO_MESSAGES). */
export type PromoRefusal =
  'unknown' | 'inactive' | 'not_started' | 'expired' | 'used_up' | 'used_by_you' | 'minimum' | 'gift_cards_only';

export const PROMO_MESSAGES = {
  unknown: 'We do not know that promo code. Please check how it is spelled.',
  /** The owner deactivated the code (it may be turned on again; it has not expired). */
  inactive: 'This promo code is no longer active.',
  not_started: 'This promo code is not valid yet.',
  expired: 'This promo code has expired.',
  used_up: 'This promo code has been used up.',
  used_by_you: 'You have already used this promo code.',
  minimum: (minSubtotal: number) => `This promo code needs a subtotal of at least ${formatPrice(minSubtotal)}.`,
  /** A cart of gift cards only (docs/decisions/0127): a code's discount is on the shop's goods. */
  gift_cards_only: 'Promo codes are for the goods in the shop, not for gift cards: add something else to use one.',
  /** The code's limit was reached while the shopper was paying: the authorization is cancelled. */
  usedUpWhilePaying: (code: string) =>
    `Sorry, promo code ${code} was used up while you were paying. Your card was not charged. Please check out again.`,
  usedByYouWhilePaying: (code: string) =>
    `You have already used promo code ${code}. Your card was not charged. Please check out again.`,
  /** The owner deactivated or deleted the code while the shopper was paying: the authorization is cancelled. */
  noLongerValidWhilePaying: (code: string) =>
    `Sorry, promo code ${code} is no longer valid. Your card was not charged. Please check out again.`,
  /** Too many codes the shop does not know, from one client (PROMO_GUESSES): 429 until its window ends. */
  tooManyWrong: 'Too many promo codes tried. Please wait a few minutes and try again.',
} as const;

/**
 * Guessing promo codes (docs/decisions/0139): one budget per client (its address), kept in the table, for codes the
 * shop does not know, wherever they are typed: the promo check, the card step, a wallet's sheet. A try is reserved
 * before a code is looked up and given back when the code exists, so only wrong codes use it; the next code after
 * `wrongCodesAllowed` wrong ones in a window of `windowMinutes` is answered 429 until the window ends. Gift card codes
 * have their own (GIFT_CARD_RULES).
 */
export const PROMO_GUESSES = { wrongCodesAllowed: 10, windowMinutes: 10 } as const;

export const promoMessage = (refusal: PromoRefusal, rules?: Pick<PromoTerms, 'minSubtotal'> | null) =>
  refusal === 'minimum' ? PROMO_MESSAGES.minimum(rules?.minSubtotal ?? 0) : PROMO_MESSAGES[refusal];

/**
 * Whether `rules` may be used now on this subtotal by a customer who used it `customerUses` times (null when the
 * code is usable). A deactivated code says so, whatever its window. Limits are checked again, atomically, when the
 * order is taken (functions/domain/promo).
 */
export function promoRefusal(
  rules: PromoRules | null,
  input: { subtotal: number; now: Date; customerUses?: number; giftCardsOnly?: boolean },
): PromoRefusal | null {
  if (!rules) return 'unknown';
  if (input.giftCardsOnly) return 'gift_cards_only';
  if (!rules.active) return 'inactive';
  const now = input.now.toISOString();
  if (rules.startsAt && now < rules.startsAt) return 'not_started';
  if (rules.endsAt && now >= rules.endsAt) return 'expired';
  if (rules.maxRedemptions !== undefined && rules.redemptions >= rules.maxRedemptions) return 'used_up';
  if (rules.maxPerCustomer !== undefined && (input.customerUses ?? 0) >= rules.maxPerCustomer) return 'used_by_you';
  if (rules.minSubtotal && input.subtotal < rules.minSubtotal) return 'minimum';
  return null;
}

/**
 * Who a per-customer limit counts (docs/decisions/0063): a guest by the canonical shipping email; a signed-in
 * shopper by the canonical email of their account (the same count as a guest with that email) and by the account
 * itself (so a changed account email does not give the code back; `null`: the pool has no email for it). `keys`
 * are counted by each order with the code, and none may be at the limit. `legacy` are the keys of the same
 * shopper from before canonical emails (the exact lower-cased email): still counted, never added to.
 */
export function promoCustomerKeys(customer: { guestEmail: string } | { userId: string; accountEmail: string | null }): {
  keys: string[];
  legacy: string[];
} {
  const email = 'guestEmail' in customer ? customer.guestEmail : customer.accountEmail;
  const byEmail = email === null ? [] : [`email:${canonicalEmail(email)}`];
  const before = email === null ? [] : [`email:${email.trim().toLowerCase()}`].filter((key) => key !== byEmail[0]);
  return { keys: 'userId' in customer ? [...byEmail, `user:${customer.userId}`] : byEmail, legacy: before };
}

/** After the last change to the cart, how long the cart waits before asking again what an applied code takes off. */
export const PROMO_RECHECK_DELAY_MS = 1000;
