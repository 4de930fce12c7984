import { SHOP_TIME_ZONE } from './format';

/**
 * Gift cards and store credit (issue 36, docs/decisions/0126): the one definition of their rules, read by the
 * storefront's forms, the server's checks and the owner's pages.
 */
export const GIFT_CARD_RULES = {
  /** The amounts offered as buttons, in cents. */
  presets: [2500, 5000, 10000] as const,
  /** An amount of the buyer's own choosing: whole dollars or cents, from $10 to $500. */
  minCents: 1000,
  maxCents: 50000,
  /** A card is mailed today or on a day up to this many days ahead (the shop's time zone). */
  maxDaysAhead: 90,
  /** A message to the recipient: plain text, at most this long. */
  maxMessage: 300,
  /** Gift cards one order may buy (each is made, with its mail, in the capture's one transaction). */
  maxPerOrder: 10,
  /** Store credit the owner issues by hand: from 1 cent to $5,000. */
  maxStoreCreditCents: 500000,
  /** Wrong codes one client may type in `wrongCodeWindowMinutes` (card testing); the next answer is 429. */
  wrongCodesAllowed: 10,
  wrongCodeWindowMinutes: 10,
} as const;

/**
 * The code: 20 characters in five groups of four (`XXXX-XXXX-XXXX-XXXX-XXXX`), drawn from 30 characters with no
 * look-alikes (no 0/O, 1/I/L, U/V pairs read as each other: U is left out): log2(30) x 20 = 98 bits of randomness.
 */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTVWXYZ23456789';
export const CODE_LENGTH = 20;
export const CODE_GROUP = 4;

/** What a person typed, read as a code: upper case, without spaces or dashes (null when it cannot be one). */
export function canonicalCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, '');
  if (code.length !== CODE_LENGTH) return null;
  for (const letter of code) if (!CODE_ALPHABET.includes(letter)) return null;
  return code;
}

/** A code as shown and mailed: groups of four joined by dashes. */
export const formatCode = (code: string) => code.match(new RegExp(`.{1,${CODE_GROUP}}`, 'g'))!.join('-');

/** The last four characters, all the owner and later mails ever show of a code. */
export const lastFour = (code: string) => code.slice(-4);

/** How a card is named where only its last four are shown: "Gift card ending 7KQ2". */
export const cardLabel = (last4: string | undefined) =>
  last4 ? `Gift card ending ${last4}` : 'Gift card (not sent yet)';

/** A day (YYYY-MM-DD) in the shop's time zone. */
export function shopDay(at: Date): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: SHOP_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** The day `days` after `day` (both YYYY-MM-DD; calendar days, whatever the clocks do). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The first and last day a card bought at `now` may be mailed on. */
export function deliveryWindow(now: Date): { first: string; last: string } {
  const first = shopDay(now);
  return { first, last: addDays(first, GIFT_CARD_RULES.maxDaysAhead) };
}

/** Why a delivery day cannot be used (null when it can). */
export function deliveryDayProblem(day: string, now: Date): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`)) || addDays(day, 0) !== day)
    return 'Please choose a delivery date.';
  const { first, last } = deliveryWindow(now);
  if (day < first) return 'The delivery date cannot be in the past.';
  if (day > last) return `The delivery date can be at most ${GIFT_CARD_RULES.maxDaysAhead} days ahead.`;
  return null;
}

/**
 * The moment a card for `day` is mailed: the start of that day in the shop's time zone (midnight in New York), as
 * an ISO instant. Found by trying the two offsets New York has (EST -05:00, EDT -04:00).
 */
export function startOfShopDay(day: string): string {
  for (const offset of ['-05:00', '-04:00']) {
    const instant = new Date(`${day}T00:00:00${offset}`);
    if (shopDay(instant) === day && shopDay(new Date(instant.getTime() - 1)) !== day) return instant.toISOString();
  }
  return new Date(`${day}T05:00:00Z`).toISOString();
}

/** Why an amount cannot be a gift card's (null when it can). */
export function amountProblem(cents: number): string | null {
  if (!Number.isInteger(cents)) return 'Please choose an amount in dollars and cents.';
  if (cents < GIFT_CARD_RULES.minCents || cents > GIFT_CARD_RULES.maxCents)
    return 'A gift card can be from $10 to $500.';
  return null;
}

/** The least a card can be charged (Stripe's minimum for USD): a gift card leaves at least this to the card, or 0. */
export const MIN_CARD_CHARGE_CENTS = 50;

/**
 * What a gift card may pay of an order (docs/decisions/0126): the total after the discount, shipping and tax, less
 * the gift cards the order buys (a gift card cannot buy a gift card); at most the card's balance. When the rest
 * would be less than a card can be charged (1 to 49 cents), the gift card pays that much less.
 */
export function giftCardShare(balance: number, total: number, giftCardsBought: number): number {
  const share = Math.max(0, Math.min(balance, total - giftCardsBought));
  const rest = total - share;
  return rest > 0 && rest < MIN_CARD_CHARGE_CENTS ? Math.max(0, total - MIN_CARD_CHARGE_CENTS) : share;
}

/** The product id of a gift card line in a cart (its details ride on the line). */
export const GIFT_CARD_PRODUCT_ID = 'gift-card';

/** Cents of gift cards a cart or order buys (its gift card lines). */
export const giftCardsBoughtOf = (lines: readonly { id: string; price: number; quantity: number }[]) =>
  lines.filter((line) => line.id === GIFT_CARD_PRODUCT_ID).reduce((sum, line) => sum + line.price * line.quantity, 0);
