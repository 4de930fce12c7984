import { calendarDay } from './format';
import { amountProblem, deliveryDayProblem, GIFT_CARD_PRODUCT_ID, GIFT_CARD_RULES } from './gift-cards';
import { unescapeText } from './sanitize';
import type { GiftCardDetails } from './schemas/gift-cards';
import { GIFT_CARD_SIZE } from './sizes';

/**
 * Gift cards in a cart (issue 36 item 1, docs/decisions/0127): a gift card is a cart line with the id
 * GIFT_CARD_PRODUCT_ID, the size GIFT_CARD_SIZE, a quantity of 1 and its card (`giftCard`); its price is its amount.
 * Each card is its own line, keyed by its details. A gift card ships nothing, is not taxed and takes no promo code:
 * the amounts (shared/money.ts) and each line's shares (shared/shares.ts) read the lines through the helpers here.
 */

/** What the storefront and the checkout say of gift cards to buy. */
export const GIFT_CARD_WORDS = {
  twice: 'The same gift card is in your cart twice. Please remove one.',
  tooMany: `At most ${GIFT_CARD_RULES.maxPerOrder} gift cards per order. Please split them into two orders.`,
  alreadyInCart: 'This gift card is in your cart already.',
  addAgain: 'Please remove it and add it again with a new date.',
  /** The details step of a cart of gift cards only: why it asks for a name and an email, and no address. */
  addressForCardsOnly:
    'Nothing in your cart ships: each gift card is emailed to its recipient on its day. We only need your name and ' +
    'email: your receipt goes there, and the card names you as its buyer.',
  /** The details step's heading for a cart of gift cards only (the spec's "Shipping Details" when anything ships). */
  buyerHeading: 'Your Details',
  /** The card step's box of the buyer, for a cart of gift cards only (where a parcel's address would be). */
  buyer: 'Your details',
  /** The Order Details panel of a cart of gift cards only, where the tax note would be: nothing is taxed. */
  notTaxed: 'Gift cards are not taxed.',
  /** The Order Details panel instead of the arrival date, for a cart of gift cards only. */
  emailedNotShipped: 'Nothing ships: each gift card is emailed to its recipient on its day.',
  emailedOnItsDay: 'Each gift card is emailed to its recipient on its day, with its code.',
  /** Where an order's address would be, for an order of gift cards only (no address is asked for: issue 50 item 9). */
  nothingShips: 'Nothing ships: gift cards only, each emailed to its recipient on its day.',
} as const;

/** What a gift card line shows where a product line shows its product (the cart, an order). */
export const GIFT_CARD_LINE = { name: 'Gift card', image: '/gift-card.svg' } as const;

/** A gift card's line, not a product's. */
export const isGiftCardLine = (line: { id: string }) => line.id === GIFT_CARD_PRODUCT_ID;

/** The cart line of a gift card to buy (the card's words as typed: the checkout sanitises them). */
export function giftCardLine(details: GiftCardDetails) {
  return {
    id: GIFT_CARD_PRODUCT_ID,
    name: GIFT_CARD_LINE.name,
    image: GIFT_CARD_LINE.image,
    price: details.amount,
    size: GIFT_CARD_SIZE,
    quantity: 1,
    giftCard: details,
  };
}

/**
 * A line's place in a cart: its product and size, and for a gift card its details too, so two cards (to two people,
 * or two days) are two lines that neither the cart nor the checkout merges. The same card twice is one key.
 */
export function cartLineKey(line: { id: string; size: string; giftCard?: GiftCardDetails }): string {
  const card = line.giftCard;
  if (!card) return `${line.id}|${line.size}`;
  const details = [
    card.amount,
    card.recipientName,
    card.recipientEmail.toLowerCase(),
    card.message ?? '',
    card.deliverOn,
  ];
  return `${line.id}|${line.size}|${JSON.stringify(details)}`;
}

/** The lines that are goods (they ship, are taxed and take a promo code's discount). */
export const goodsLines = <Line extends { id: string }>(lines: readonly Line[]): Line[] =>
  lines.filter((line) => !isGiftCardLine(line));

/**
 * A cart of gift cards only: nothing ships, nothing is taxed, no promo code applies, and its checkout asks only for
 * the buyer's name and email (issue 50 item 9).
 */
export const onlyGiftCards = (lines: readonly { id: string }[]): boolean =>
  lines.length > 0 && goodsLines(lines).length === 0;

/** How a gift card line is named on a receipt: "Gift card for Bea, mailed December 24, 2026" (words as given). */
export const giftCardLineText = (card: Pick<GiftCardDetails, 'recipientName' | 'deliverOn'>) =>
  `Gift card for ${card.recipientName}, mailed ${calendarDay(card.deliverOn)}`;

/** A card as stored (its words sanitised) back as typed, for a cart (a restored cart: the checkout sanitises again). */
export const typedGiftCard = (card: GiftCardDetails): GiftCardDetails => ({
  ...card,
  recipientName: unescapeText(card.recipientName),
  ...(card.message !== undefined ? { message: unescapeText(card.message) } : {}),
});

/** Why a gift card cannot be bought as it is now (its amount, or a delivery day that has passed), or null. */
export const giftCardProblem = (card: Pick<GiftCardDetails, 'amount' | 'deliverOn'>, now: Date): string | null =>
  amountProblem(card.amount) ?? deliveryDayProblem(card.deliverOn, now);

/**
 * Whether an order ships anything by its nature: not a quote's design work only (issue 37), and not gift cards only
 * (each is emailed on its day). What is still to send, refunds counted, is unitsToSend (shared/to-ship.ts).
 */
export const orderShips = (order: { quote?: { ships: boolean } | null; lines: readonly { id: string }[] }) =>
  order.quote?.ships !== false && goodsLines(order.lines).length > 0;
