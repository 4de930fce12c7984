import { giftCardEntries, giftCards, type GiftCardEntryRecord, type GiftCardRecord } from '../../db/entities/gift-card';
import { shopDay } from '#shared/gift-cards';
import { hasShipTo } from '#shared/order-address';
import {
  orderParts,
  partOf,
  partsTotal,
  restOf,
  sumParts,
  type LedgerLineParts,
  type PartsOrder,
} from '#shared/ledger-parts';
import { LEDGER_DAY_SHARDS, ledgerEntries, type LedgerEntryRecord } from '../../db/entities/ledger';
import { orders, type OrderRecord } from '../../db/entities/order';
import { refunds } from '../../db/entities/refund';
import type { TransactItem } from '../../db/table';
import { giftCardPaymentsOf } from './paid-by';
import { capturedOf, givenBackInAll, paidInAll } from './plans';

export { capturedOf, giftCardLeft, givenBackInAll, paidInAll, restOfOrder, splitBack } from './plans';

/**
 * The one ledger (docs/decisions/0117, 0126, 0153; design's "money has one ledger"): the movements of an order's money
 * and of a gift card's balance. Every movement is an entry written in the same transaction as the change it records,
 * beside a running total that changes only there, by a conditional update:
 * - an order's entries (db/entities/ledger.ts) beside its `captured`, `refunded`, `giftCardPaid`, `giftCardReturned`
 *   and `storeCredited`: a refund adds to `refunded` only while `refunded + amount <= captured` (DynamoDB cannot
 *   check a sum, so the total is kept and conditioned);
 * - a gift card's entries (db/entities/gift-card.ts) beside its `balance`, which never goes below zero.
 * One check (checkLedger) proves both for an order: its entries agree with its totals, and each gift card that paid
 * it agrees with its own entries and with the order's.
 */

// ---- A gift card's balance ------------------------------------------------------------------------------------------

/** A card's ledger, in the order it was written. */
export async function cardEntries(cardId: string): Promise<GiftCardEntryRecord[]> {
  const entries = await giftCardEntries.query('byCard', { cardId }, { consistent: true });
  return entries.sort((a, b) => a.at.localeCompare(b.at) || a.entryId.localeCompare(b.entryId));
}

/** The writes that make a card (scheduled: its code is made when its mail is written) with its `issued` entry. */
export function issueItems(card: Omit<GiftCardRecord, 'createdAt' | 'updatedAt' | 'version'>): TransactItem[] {
  const at = new Date().toISOString();
  return [
    giftCards.transact.put(card, { ifNew: true }),
    giftCardEntries.transact.put(
      { cardId: card.cardId, entryId: 'issued', kind: 'issued', amount: card.amount, at },
      { ifNew: true },
    ),
  ];
}

/**
 * The writes that take `amount` off a card for an order: on the condition that the card is active and holds at
 * least that much (two checkouts racing on one card: the second transaction fails, never a balance below zero).
 */
export function debitItems(cardId: string, amount: number, orderNumber: string, at: string): TransactItem[] {
  return [
    giftCards.transact.update(
      { cardId },
      { add: { balance: -amount } },
      { when: { equals: { status: 'active' }, atLeast: { balance: amount } } },
    ),
    giftCardEntries.transact.put(
      { cardId, entryId: `order-${orderNumber}`, kind: 'debited', amount: -amount, orderNumber, at },
      { ifNew: true },
    ),
  ];
}

/**
 * The writes that give `amount` back to a card (a cancel, a refund in part), once per `entryId`. A voided card takes
 * it too (the owner sees it on its ledger and may void the rest).
 */
export function creditItems(
  cardId: string,
  amount: number,
  orderNumber: string,
  entryId: string,
  at: string,
): TransactItem[] {
  return [
    giftCards.transact.update({ cardId }, { add: { balance: amount } }, { when: { present: ['cardId'] } }),
    giftCardEntries.transact.put({ cardId, entryId, kind: 'credited', amount, orderNumber, at }, { ifNew: true }),
  ];
}

/** The balance check: a card's ledger sums to its balance, and no balance is below zero. */
export async function checkCard(cardId: string): Promise<{ ok: boolean; balance: number; fromEntries: number }> {
  const [card, entries] = await Promise.all([giftCards.get({ cardId }, { consistent: true }), cardEntries(cardId)]);
  const fromEntries = entries.reduce((total, entry) => total + entry.amount, 0);
  const balance = card?.balance ?? 0;
  return { ok: Boolean(card) && balance === fromEntries && balance >= 0, balance, fromEntries };
}

// ---- An order's money -----------------------------------------------------------------------------------------------

/** Which of a day's partitions an order's entries are in: by its number, spread evenly (decision 0154). */
export function dayShardOf(orderNumber: string): number {
  let hash = 0;
  for (const char of orderNumber) hash = (hash * 31 + char.charCodeAt(0)) % 1_000_003;
  return hash % LEDGER_DAY_SHARDS;
}

/**
 * An order's entry with what the reports read (decision 0154): its shop day and that day's partition, the order's
 * ship-to state, and its amount in parts per line, taken from `basis` (the whole it is part of: the order's parts, or a
 * refund's). The parts always come to `amount` (partOf `basis` when `basis` comes to another amount).
 */
export function orderEntry(
  order: Pick<OrderRecord, 'orderNumber' | 'shippingAddress'>,
  entry: Pick<LedgerEntryRecord, 'entryId' | 'kind' | 'amount' | 'at' | 'refundId' | 'cardId'>,
  basis: readonly LedgerLineParts[],
): Omit<LedgerEntryRecord, 'createdAt' | 'updatedAt'> {
  const whole = basis.reduce((sum, line) => sum + partsTotal(line), 0);
  const lines = whole === entry.amount ? basis.map((line) => ({ ...line })) : partOf(basis, entry.amount);
  return {
    orderNumber: order.orderNumber,
    ...entry,
    shopDay: shopDay(new Date(entry.at)),
    dayShard: dayShardOf(order.orderNumber),
    // An order of gift cards only ships nowhere: no state (issue 50 item 9).
    shipTo: order.shippingAddress && hasShipTo(order.shippingAddress) ? order.shippingAddress.state : '',
    parts: sumParts(lines),
    lines,
  };
}

/** The sale's parts, split between a gift card's part (`giftCard` cents of it) and the card's (the rest). */
export function saleParts(
  order: PartsOrder,
  giftCard: number,
): { card: LedgerLineParts[]; giftCard: LedgerLineParts[] } {
  const sale = orderParts(order);
  const gift = partOf(sale, giftCard);
  return { card: restOf(sale, gift), giftCard: gift };
}

/**
 * The entries of the shop days `from` to `to` (YYYY-MM-DD, both included), in time order: each day's partitions of the
 * day index read by a query (never a scan; decision 0154). What the owner's reports read.
 */
export async function entriesOfDays(from: string, to: string): Promise<LedgerEntryRecord[]> {
  const days: string[] = [];
  for (let day = from; day <= to; day = nextDay(day)) days.push(day);
  const pages = await Promise.all(
    days.flatMap((shopDay) =>
      Array.from({ length: LEDGER_DAY_SHARDS }, (_, dayShard) => ledgerEntries.query('byDay', { shopDay, dayShard })),
    ),
  );
  return pages
    .flat()
    .sort(
      (a, b) =>
        a.at.localeCompare(b.at) || a.orderNumber.localeCompare(b.orderNumber) || a.entryId.localeCompare(b.entryId),
    );
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The capture's entry: written once per order (its key), in the capture's own transaction. */
export const captureEntry = (order: OrderRecord, amount: number, at: string): TransactItem =>
  ledgerEntries.transact.put(
    orderEntry(
      order,
      { entryId: 'capture', kind: 'captured', amount, at },
      saleParts(order, order.giftCardPaid ?? 0).card,
    ),
    { ifNew: true },
  );

/** A gift card's part of an order (docs/decisions/0126): written once, in the take's transaction. */
export const giftCardPaidEntry = (order: OrderRecord, amount: number, at: string): TransactItem =>
  ledgerEntries.transact.put(
    orderEntry(
      order,
      { entryId: 'gift-card', kind: 'gift_card_paid', amount, cardId: giftCardPaymentsOf(order)[0]?.cardId, at },
      saleParts(order, amount).giftCard,
    ),
    { ifNew: true },
  );

/**
 * What goes back to the gift card that paid part of an order (docs/decisions/0126), as one movement `entryId`
 * (`gift-card-<refundId|cancel|capture-failed>`): the card's credit and its entry, the order's entry, and the change of
 * `giftCardReturned` (on the condition that it stays at most `giftCardPaid`) for the caller's update of the order.
 * `basis`: the whole its parts are taken from (the order's, or a refund's that gives back part of it).
 */
export function giftCardReturn(
  order: OrderRecord,
  amount: number,
  movement: string,
  at: string,
  basis: readonly LedgerLineParts[] = orderParts(order),
): { items: TransactItem[]; add: { giftCardReturned: number }; when: { below: { giftCardReturned: number } } } {
  const card = giftCardPaymentsOf(order)[0];
  return {
    items: [
      ...creditItems(card.cardId, amount, order.orderNumber, `return-${order.orderNumber}-${movement}`, at),
      ledgerEntries.transact.put(
        orderEntry(
          order,
          { entryId: `gift-card-${movement}`, kind: 'gift_card_returned', amount, cardId: card.cardId, at },
          basis,
        ),
        { ifNew: true },
      ),
    ],
    add: { giftCardReturned: amount },
    when: { below: { giftCardReturned: (order.giftCardPaid ?? 0) - amount + 1 } },
  };
}

/**
 * For an order captured before the ledger: the capture's entry and `captured`, written by the first transaction that
 * moves its money (on the condition that it has no `captured` yet). Nothing for an order whose ledger is open.
 */
export function openLedger(order: OrderRecord, at: string): { items: TransactItem[]; set: Partial<OrderRecord> } {
  const captured = capturedOf(order);
  // Nothing captured (an authorization a cancel releases): no capture to record; a later capture records its own.
  if (order.captured !== undefined || captured === 0) return { items: [], set: {} };
  return { items: [captureEntry(order, captured, at)], set: { captured } };
}

/**
 * The condition and change of the running total for one movement that gives `amount` back: `refunded` grows by it
 * only while it stays at most `captured` (for an order whose ledger opens now, `captured` must still be absent).
 */
export function refundedChange(order: OrderRecord, amount: number) {
  const captured = capturedOf(order);
  return {
    add: { refunded: amount },
    when: {
      below: { refunded: captured - amount + 1 },
      ...(order.captured === undefined && captured > 0 ? { absent: ['captured'] as const } : {}),
    },
  };
}

export interface LedgerCheck {
  ok: boolean;
  /** The order's running totals. */
  captured: number;
  refunded: number;
  /** The same, summed from the entries. */
  entries: { captured: number; refunded: number; count: number };
  problems: string[];
}

const sum = (entries: LedgerEntryRecord[], kinds: LedgerEntryRecord['kind'][]) =>
  entries.filter((entry) => kinds.includes(entry.kind)).reduce((total, entry) => total + entry.amount, 0);

/**
 * The gift cards' half of the check: each card that paid the order, or that a refund made as store credit, agrees
 * with its own entries (its balance is their sum, never below zero), and its movements for the order agree with the
 * order's: the card's debit is the order's `gift_card_paid`, its credits for the order its `gift_card_returned`, and a
 * store credit's card was issued with its entry's amount.
 */
async function cardProblems(order: OrderRecord, entries: LedgerEntryRecord[]): Promise<string[]> {
  const problems: string[] = [];
  const paidBy = giftCardPaymentsOf(order).map((payment) => payment.cardId);
  const credits = entries.filter((entry) => entry.kind === 'store_credit' && entry.cardId);
  const cardIds = [...new Set([...paidBy, ...credits.map((entry) => entry.cardId!)])];
  const cards = await Promise.all(
    cardIds.map(async (cardId) => ({ cardId, check: await checkCard(cardId), entries: await cardEntries(cardId) })),
  );
  for (const card of cards) {
    if (!card.check.ok)
      problems.push(`gift card ${card.cardId} holds ${card.check.balance}, its entries ${card.check.fromEntries}`);
    const forOrder = card.entries.filter((entry) => entry.orderNumber === order.orderNumber);
    if (paidBy.includes(card.cardId)) {
      const debited = -sumCard(forOrder, 'debited');
      const orderPaid = sum(
        entries.filter((entry) => entry.cardId === card.cardId),
        ['gift_card_paid'],
      );
      if (debited !== orderPaid)
        problems.push(`gift card ${card.cardId} paid ${debited} on its ledger, ${orderPaid} on the order's`);
      const credited = sumCard(forOrder, 'credited');
      const returned = sum(
        entries.filter((entry) => entry.cardId === card.cardId),
        ['gift_card_returned'],
      );
      if (credited !== returned)
        problems.push(`gift card ${card.cardId} got back ${credited} on its ledger, ${returned} on the order's`);
    }
    for (const credit of credits.filter((entry) => entry.cardId === card.cardId)) {
      const issued = sumCard(card.entries, 'issued');
      if (issued !== credit.amount)
        problems.push(`store credit ${card.cardId} was issued with ${issued}, its entry says ${credit.amount}`);
    }
  }
  return problems;
}

const sumCard = (entries: GiftCardEntryRecord[], kind: GiftCardEntryRecord['kind']) =>
  entries.filter((entry) => entry.kind === kind).reduce((total, entry) => total + entry.amount, 0);

/**
 * The check that entries and totals agree (what the admin's order page shows, and what the tests prove): the entries
 * sum to the order's `captured` and `refunded`, nothing more was given back than captured, and every refund the
 * shop recorded has its entry (a refused one, its reversal too); and the gift cards' half (cardProblems). An order
 * whose ledger never opened (captured before it, nothing refunded since) has no entries and agrees when nothing was
 * given back.
 */
export async function checkLedger(orderNumber: string): Promise<LedgerCheck> {
  const [order, entries, made] = await Promise.all([
    orders.get({ orderNumber }, { consistent: true }),
    ledgerEntries.query('byOrder', { orderNumber }, { consistent: true }),
    refunds.query('byOrder', { orderNumber }, { consistent: true }),
  ]);
  const problems: string[] = [];
  if (!order) return { ok: false, captured: 0, refunded: 0, entries: { captured: 0, refunded: 0, count: 0 }, problems };
  const captured = order.captured ?? (entries.length ? NaN : 0);
  const refunded = order.refunded ?? 0;
  const fromEntries = {
    captured: sum(entries, ['captured']),
    refunded: sum(entries, ['refunded', 'refund_failed', 'cancelled']),
    count: entries.length,
  };
  if (order.captured !== undefined && fromEntries.captured !== order.captured)
    problems.push(`captured ${order.captured} on the order, ${fromEntries.captured} in the entries`);
  if (fromEntries.refunded !== refunded)
    problems.push(`refunded ${refunded} on the order, ${fromEntries.refunded} in the entries`);
  if (refunded > (order.captured ?? capturedOf(order)))
    problems.push(`refunded ${refunded} is more than captured ${order.captured ?? capturedOf(order)}`);
  // A gift card's part, what went back to it, and store credit (docs/decisions/0126).
  for (const [field, kind] of [
    ['giftCardPaid', 'gift_card_paid'],
    ['giftCardReturned', 'gift_card_returned'],
    ['storeCredited', 'store_credit'],
  ] as const) {
    const total = order[field] ?? 0;
    const fromTheEntries = sum(entries, [kind]);
    if (total !== fromTheEntries) problems.push(`${field} ${total} on the order, ${fromTheEntries} in the entries`);
  }
  if ((order.giftCardReturned ?? 0) > (order.giftCardPaid ?? 0))
    problems.push(`gave back ${order.giftCardReturned} to the gift card, which paid ${order.giftCardPaid ?? 0}`);
  if (givenBackInAll(order) > paidInAll(order))
    problems.push(`gave back ${givenBackInAll(order)} in all, more than the ${paidInAll(order)} paid`);
  const ids = new Set(entries.map((entry) => entry.entryId));
  for (const refund of made) {
    if (!ids.has(`refund-${refund.refundId}`)) problems.push(`refund ${refund.refundId} has no ledger entry`);
    if (refund.status === 'failed' && !ids.has(`refund-${refund.refundId}-failed`))
      problems.push(`refused refund ${refund.refundId} was not given back on the ledger`);
  }
  if (order.status === 'cancelled' && order.refund?.amount !== undefined && !ids.has('cancel'))
    problems.push('the cancellation has no ledger entry');
  // What the reports read (decision 0154): an entry's parts come to its amount, and its lines to its parts.
  for (const entry of entries) {
    if (!entry.parts) continue;
    if (partsTotal(entry.parts) !== entry.amount)
      problems.push(`entry ${entry.entryId} is ${entry.amount}, its parts come to ${partsTotal(entry.parts)}`);
    if (JSON.stringify(sumParts(entry.lines ?? [])) !== JSON.stringify(sumParts([entry.parts])))
      problems.push(`entry ${entry.entryId}: its lines do not add up to its parts`);
  }
  problems.push(...(await cardProblems(order, entries)));
  return {
    ok: problems.length === 0,
    captured: Number.isNaN(captured) ? fromEntries.captured : captured,
    refunded,
    entries: fromEntries,
    problems,
  };
}
