import type { CheckoutLine } from '../../db/entities/checkout';
import { orders, type OrderRecord } from '../../db/entities/order';
import { marketingConsents } from '../../db/entities/marketing-consent';
import { orderPayments } from '../../db/entities/order-payment';
import { canonicalEmail } from '#shared/email';
import { unescapeText } from '#shared/sanitize';
import type { TransactItem } from '../../db/table';
import { transactWriteOrFailures } from '../../db/transaction';
import { MESSAGES } from '#shared/messages';
import { conflict } from '../../lib/errors';
import { checkoutChange, CHECKOUT_RULES, minutesFrom, type Checkout } from './checkouts';
import { cellsOf } from '../stock/counts';
import { listedCheck, takeStock } from '../stock/writes';
import { dropTake, type DropPart, type DropTake } from '../stock/shards';
import { redeemParts, whyCodeFailed, type RedeemRefusal } from '../promo/redeem';
import { debitItems, giftCardPaidEntry } from '../money/ledger';
import { offerTaken } from '../money/quote-offer';
import { saleTakeItems } from '../money/sales';

/**
 * One conditional write of the take. When its condition fails, `short` names what ran out (the shopper is
 * told: product names, or, for a promo code, the code); without `short` a failed condition means someone else
 * moved the checkout or wrote the order first, and the caller reads again.
 */
export interface TakePart {
  item: TransactItem;
  short?: string[];
  /** A promo-code redemption: what failed when its condition fails (the code's limit, or the customer's). */
  promo?: 'used_up' | 'used_by_you';
  /** A limited sale's count (docs/decisions/0179): its condition fails when the sale ran out meanwhile. */
  sale?: string;
  /** A quote's offer: its condition fails when the quote no longer holds this offer open (replaced, declined). */
  offer?: true;
  /** A gift card's part: its condition fails when the card no longer holds it (spent by another order, voided). */
  giftCard?: true;
  /** A drop's shard (stock/shards.ts): its condition fails when the shard emptied since it was read. */
  shard?: true;
  /** A drop buyer's count (the drop's limit): its condition fails when the order would pass it. */
  dropLimit?: number;
}

/** A drop's planned writes (null: no line is in a drop that is on). */
type DropParts = { cells: Set<string>; parts: DropPart[] } | null;
const withoutCells = (cells: Record<string, number>, drop: DropParts) =>
  Object.fromEntries(Object.entries(cells).filter(([cell]) => !drop?.cells.has(cell)));

/** Lines whose stock lives on a stock item: their products are checked to be still listed. */
const stockItemProducts = (lines: readonly CheckoutLine[], drop: DropParts = null) => [
  ...new Map(
    lines
      .filter((line) => line.cell?.startsWith('stockItem|') && !drop?.cells.has(line.cell))
      .map((line) => [line.id, line.name]),
  ).entries(),
];

/** How many writes the take of these lines needs (TransactWriteItems allows 100). */
export function takeWriteCount(lines: readonly CheckoutLine[]): number {
  const records = new Set(lines.flatMap((line) => (line.cell ? [line.cell.split('|').slice(0, 2).join('|')] : [])));
  // + the order, the payment's pointer, the checkout, a quote's offer, a gift card's debit, its entry and the order's
  // entry, and a marketing yes; the promo code's counts are the room left below 100 (checkout.ts).
  return records.size + stockItemProducts(lines).length + 8;
}

/**
 * The parts of the take: a conditional decrement of every stock count of the checkout (lines sharing a count
 * are added up; a product's own counts also need it listed, and a product whose counts are on a stock item is
 * checked to be listed), the promo code's redemption (its count and the customer's, under their limits), the
 * order under its new number (written once), the payment's pointer to it (written once: one order per payment), the
 * checkout open -> taken with the order's number (one order per checkout; docs/decisions/0102), and for a quote's
 * offer the quote offer_sent -> paid while it still holds that offer (one order per offer; docs/decisions/0113).
 */
export function takeParts(checkout: Checkout, order: OrderRecord, now: Date, drop: DropParts = null): TakePart[] {
  const namesOf = (cells: string[]) => [
    ...new Set(checkout.lines.filter((line) => line.cell && cells.includes(line.cell)).map((line) => line.name)),
  ];
  return [
    ...takeStock(withoutCells(cellsOf(checkout.lines), drop), now.toISOString()).map((take) => ({
      item: take.item,
      short: namesOf(take.cells),
    })),
    // A drop's sizes come off its shards, and the buyer's counts stay within its limit (docs/decisions/0170).
    ...(drop?.parts ?? []),
    ...stockItemProducts(checkout.lines, drop).map(([id, name]) => ({ item: listedCheck(id), short: [name] })),
    ...(checkout.promo
      ? redeemParts(checkout.promo, now.toISOString()).map((part) => ({
          item: part.item,
          short: [],
          promo: part.refusal,
        }))
      : []),
    // Each limited sale's count, under its limit (issue 54, docs/decisions/0179).
    ...saleTakeItems(checkout.sales, now.toISOString()).map((item, index) => ({
      item,
      short: [],
      sale: checkout.sales!.filter((sale) => sale.limited)[index].name,
    })),
    ...(checkout.quote ? [{ item: offerTaken(checkout.quote, order, now), short: [], offer: true as const }] : []),
    // The gift card's part comes off its balance here, on the condition that it still holds it (two checkouts racing
    // on one card: one of them fails here, and nothing else of it is written); the order's ledger records it.
    ...(checkout.giftCard
      ? [
          ...debitItems(checkout.giftCard.cardId, checkout.giftCard.amount, order.orderNumber, now.toISOString()).map(
            (item) => ({ item, short: [], giftCard: true as const }),
          ),
          { item: giftCardPaidEntry(order, checkout.giftCard.amount, now.toISOString()) },
        ]
      : []),
    { item: orders.transact.put(order, { ifNew: true }) },
    // The marketing box ticked (docs/decisions/0166): the email's yes, with the box's words, once per order.
    ...(checkout.marketingConsent && order.shippingAddress?.email
      ? [{ item: consentItem(order, checkout.marketingConsent) }]
      : []),
    {
      item: orderPayments.transact.put(
        { intentId: checkout.intentId, orderNumber: order.orderNumber, checkoutId: checkout.checkoutId },
        { ifNew: true },
      ),
    },
    {
      item: checkoutChange(checkout, {
        state: 'taken',
        orderNumber: order.orderNumber,
        sweepAt: minutesFrom(now, CHECKOUT_RULES.graceMinutes),
      }),
    },
  ];
}

/** The order's email's yes to marketing mail, written with the order (its own item: never a shared one). */
function consentItem(order: OrderRecord, consent: { words: string; at: string }): TransactItem {
  const typedEmail = unescapeText(order.shippingAddress.email);
  return marketingConsents.transact.put(
    {
      email: canonicalEmail(typedEmail),
      consentId: `checkout#${order.orderNumber}`,
      typedEmail,
      name: unescapeText(order.shippingAddress.name),
      via: 'checkout',
      words: consent.words,
      agreedAt: consent.at,
      orderNumber: order.orderNumber,
    },
    { ifNew: true },
  );
}

export type TakeOutcome =
  | { taken: true }
  | { taken: false; short: []; sale: string; giftCard?: undefined; offer?: undefined; promo?: undefined }
  | { taken: false; short: []; giftCard: true; offer?: undefined; promo?: undefined }
  | { taken: false; short: []; offer: true; promo?: undefined; giftCard?: undefined }
  | { taken: false; short: string[]; promo?: RedeemRefusal; offer?: undefined; giftCard?: undefined }
  | { taken: false; short: null; promo?: undefined; offer?: undefined; giftCard?: undefined }
  | { taken: false; short: []; drop: Exclude<DropTake, { refused: null }>; promo?: undefined; offer?: undefined };

/**
 * Takes the stock of an authorized checkout and writes its order, all in one TransactWriteItems: either every
 * count had the units and the order exists, or nothing changed. `short: null` when someone else moved first.
 */
export async function take(
  checkout: Checkout,
  order: OrderRecord,
  now = new Date(),
  cardFingerprint?: string,
): Promise<TakeOutcome> {
  const buyer = { customer: checkout.customer, email: checkout.shippingAddress.email, cardFingerprint };
  for (let round = 0; ; round++) {
    // A drop's shards are read and planned (again, as written, after a shard emptied under this take's plan).
    const drop = await dropTake(checkout.lines, buyer, checkout.checkoutId, now, round > 0);
    if (drop?.refused) return { taken: false, short: [], drop };
    const outcome = await takeOnce(checkout, order, now, drop);
    if (outcome !== 'shard_emptied') return outcome;
    if (round >= 8) throw conflict('The shop is busy. Please try again.');
  }
}

/** One transaction of the take; 'shard_emptied' when only drop shards failed (another take emptied them first). */
async function takeOnce(
  checkout: Checkout,
  order: OrderRecord,
  now: Date,
  drop: DropParts,
): Promise<TakeOutcome | 'shard_emptied'> {
  const parts = takeParts(checkout, order, now, drop);
  const failed = await transactWriteOrFailures(parts.map((part) => part.item));
  if (!failed.length) return { taken: true };
  if (failed.every((index) => parts[index].shard)) return 'shard_emptied';
  // The buyer's count would pass the drop's limit (another of their checkouts was taken first): refused as such.
  const overLimit = failed.find((index) => parts[index].dropLimit);
  if (overLimit !== undefined && failed.every((index) => parts[index].dropLimit || parts[index].shard)) {
    const names = parts[overLimit].short ?? [];
    const message = MESSAGES.dropLimit(names[0] ?? '', parts[overLimit].dropLimit ?? 0);
    return { taken: false, short: [], drop: { refused: 'limit', names, message } };
  }
  // The checkout or the order moved (another taker won): whatever the stock says, read again.
  if (failed.some((index) => !parts[index].short)) return { taken: false, short: null };
  // The quote no longer holds this offer open (a new offer replaced it, or it was declined): nothing is taken.
  if (failed.some((index) => parts[index].offer)) return { taken: false, short: [], offer: true };
  // The gift card no longer holds its part (another order spent it, or the owner voided it): nothing is taken.
  if (failed.some((index) => parts[index].giftCard)) return { taken: false, short: [], giftCard: true };
  const short = [...new Set(failed.flatMap((index) => parts[index].short!))];
  // A limited sale ran out while the shopper paid (and no stock was short): refused as such, nothing taken.
  const sale = failed.map((index) => parts[index].sale).find(Boolean);
  if (sale && !short.length) return { taken: false, short: [], sale };
  // Stock short is told first; otherwise the promo code's limit was reached while the shopper paid, or the owner
  // took the code away meanwhile.
  const promo = failed.map((index) => parts[index].promo).find(Boolean);
  if (short.length || !promo) return { taken: false, short };
  return {
    taken: false,
    short,
    promo: promo === 'used_up' && checkout.promo ? await whyCodeFailed(checkout.promo.code) : promo,
  };
}
