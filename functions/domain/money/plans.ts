import { lineKey } from '#shared/aftersale';
import { orderParts, partOf, refundParts, restOf, type LedgerLineParts, type PartsOrder } from '#shared/ledger-parts';
import { refundPlan, type RefundPlan } from '#shared/refunds';
import type { LedgerEntryRecord } from '../../db/entities/ledger';
import type { OrderRecord } from '../../db/entities/order';
import { cardPaymentOf } from './paid-by';

/**
 * The money decisions of a refund in part and of a cancel as pure plans (issue 52 item 3, docs/decisions/0155): what
 * goes back to the card, to the gift card that paid part, or as store credit; what goes back to stock; which entries
 * the ledger gets; and how the order's running totals change. No reads, no writes: `refundOrder` and `cancelOrder`
 * (functions/domain/orders) read the order, ask for a plan and apply it in one transaction, and the unit tests
 * (plans.test.ts) try plans on generated orders.
 */

// ---- What an order has paid and given back (its running totals, docs/decisions/0117, 0126) --------------------------

/** An order as the money reads it. */
export type MoneyOrder = Pick<
  OrderRecord,
  | 'orderNumber'
  | 'lines'
  | 'amounts'
  | 'promo'
  | 'payments'
  | 'replacementOf'
  | 'paymentStatus'
  | 'captured'
  | 'refunded'
  | 'giftCardPaid'
  | 'giftCardReturned'
  | 'storeCredited'
  | 'refundedUnits'
  | 'restocked'
  | 'shippingRefunded'
>;

/**
 * What the card captured, as the order's records say: its `captured` total once the ledger has one; else (an order
 * from before the ledger) the card's amount when the payment is captured (or was paid in one step), 0 otherwise.
 */
export function capturedOf(order: MoneyOrder): number {
  if (order.captured !== undefined) return order.captured;
  const card = cardPaymentOf(order as OrderRecord);
  if (!card || order.replacementOf) return 0;
  return order.paymentStatus === 'captured' || order.paymentStatus === undefined ? card.amount : 0;
}

/** What of the gift card's part has not gone back yet. */
export const giftCardLeft = (order: MoneyOrder) => (order.giftCardPaid ?? 0) - (order.giftCardReturned ?? 0);

/** What an order was paid in all (the card's capture and a gift card's part), and what it gave back in all. */
export const paidInAll = (order: MoneyOrder) => capturedOf(order) + (order.giftCardPaid ?? 0);
export const givenBackInAll = (order: MoneyOrder) =>
  (order.refunded ?? 0) + (order.giftCardReturned ?? 0) + (order.storeCredited ?? 0);

/**
 * How `amount` given back as money goes back (docs/decisions/0126): to the card first, up to what is left of its
 * capture, then to the gift card that paid part, up to what is left of its part; never more in all than was paid
 * less what went back already (store credit included). Null when it does not fit.
 */
export function splitBack(order: MoneyOrder, amount: number): { card: number; giftCard: number } | null {
  if (amount > paidInAll(order) - givenBackInAll(order)) return null;
  const card = Math.min(amount, capturedOf(order) - (order.refunded ?? 0));
  const giftCard = amount - card;
  return giftCard <= giftCardLeft(order) ? { card, giftCard } : null;
}

/** What a cancellation gives back: all that is left, split as splitBack splits it. */
export function restOfOrder(order: MoneyOrder): { card: number; giftCard: number } {
  const left = paidInAll(order) - givenBackInAll(order);
  const card = Math.max(0, Math.min(left, capturedOf(order) - (order.refunded ?? 0)));
  return { card, giftCard: Math.max(0, Math.min(giftCardLeft(order), left - card)) };
}

/** What the refund rule (shared/refunds.ts) and the parts (shared/ledger-parts.ts) read of an order. */
export const refundable = (order: MoneyOrder): PartsOrder & { discountOnShipping: boolean } => ({
  lines: order.lines,
  amounts: order.amounts,
  discountOnShipping: order.promo?.kind === 'shipping',
});

// ---- The plans ------------------------------------------------------------------------------------------------------

/** An entry the plan writes on the order's ledger (the apply step adds the shop day, ship-to state and parts). */
export interface PlannedEntry {
  entryId: string;
  kind: LedgerEntryRecord['kind'];
  amount: number;
  /** What its parts are taken from (orderEntry, functions/domain/money/ledger.ts). */
  basis: LedgerLineParts[];
}

/** How the order's running totals change: added in the apply step's update, on its conditions. */
export interface TotalsChange {
  refunded: number;
  giftCardReturned: number;
  storeCredited: number;
}

export interface RefundAsk {
  refundId: string;
  lines: readonly { id: string; size: string; quantity: number }[];
  shipping: boolean;
  amount?: number;
  to: 'payment' | 'store_credit';
  restock: boolean;
}

export interface PlannedRefund {
  /** What the rule gives back (lines, shipping, an amount, the total). */
  refund: RefundPlan;
  /** Where it goes: the card, the gift card that paid part, store credit; they sum to `refund.total`. */
  to: { card: number; giftCard: number; storeCredit: number };
  /** The units back to stock (when asked and lines were refunded). */
  restock: { id: string; size: string; quantity: number }[];
  /** The order's refunded units per line and restocked units after it; whether its shipping is refunded. */
  refundedUnits: Record<string, number>;
  restocked: Record<string, number>;
  shippingRefunded: boolean;
  add: TotalsChange;
  /** The order's entries: the card's part (always, 0 too: the refund's own entry), the gift card's, store credit's. */
  entries: PlannedEntry[];
}

/**
 * A refund in part, planned (docs/decisions/0116, 0126, 0139): what the rule allows (shared/refunds.ts: never more
 * units than bought less refunded, never more than paid less given back), never more than `room` (what may go back
 * while gift cards the order bought can still be spent), and where it goes: back the way it was paid (the card
 * first, then the gift card) or all as store credit.
 */
export function planRefund(
  order: MoneyOrder,
  ask: RefundAsk,
  room: number,
): { plan: PlannedRefund } | { error: string } {
  const asked = {
    lines: ask.lines,
    shipping: ask.shipping,
    ...(ask.amount === undefined ? {} : { amount: ask.amount }),
  };
  const soFar = {
    captured: paidInAll(order),
    refunded: givenBackInAll(order),
    units: order.refundedUnits ?? {},
    shipping: order.shippingRefunded === true,
  };
  const result = refundPlan(refundable(order), soFar, asked);
  if ('error' in result) return result;
  const refund = result.plan;
  if (refund.total > room) return { error: 'room' };
  const credit = ask.to === 'store_credit';
  const split = credit ? { card: 0, giftCard: 0 } : splitBack(order, refund.total);
  if (!split) return { error: 'Nothing is left to refund that way on this order.' };
  const restock = ask.restock && refund.lines.length > 0;
  const refundedUnits = { ...(order.refundedUnits ?? {}) };
  const restocked = { ...(order.restocked ?? {}) };
  for (const line of refund.lines) {
    refundedUnits[lineKey(line)] = (refundedUnits[lineKey(line)] ?? 0) + line.quantity;
    if (restock) restocked[lineKey(line)] = (restocked[lineKey(line)] ?? 0) + line.quantity;
  }
  // What it gives back, per line: the card's part of it, the gift card's the rest (docs/decisions/0154).
  const given = refundParts(refund, refundable(order));
  const toCard = partOf(given, split.card);
  const storeCredit = credit ? refund.total : 0;
  return {
    plan: {
      refund,
      to: { card: split.card, giftCard: split.giftCard, storeCredit },
      restock: restock ? refund.lines.map(({ id, size, quantity }) => ({ id, size, quantity })) : [],
      refundedUnits,
      restocked,
      shippingRefunded: order.shippingRefunded === true || refund.shipping !== null,
      add: { refunded: split.card, giftCardReturned: split.giftCard, storeCredited: storeCredit },
      entries: [
        { entryId: `refund-${ask.refundId}`, kind: 'refunded', amount: split.card, basis: toCard },
        ...(split.giftCard > 0
          ? [
              {
                entryId: `gift-card-${ask.refundId}`,
                kind: 'gift_card_returned' as const,
                amount: split.giftCard,
                basis: restOf(given, toCard),
              },
            ]
          : []),
        ...(credit
          ? [
              {
                entryId: `store-credit-${ask.refundId}`,
                kind: 'store_credit' as const,
                amount: storeCredit,
                basis: given,
              },
            ]
          : []),
      ],
    },
  };
}

export interface PlannedCancel {
  /** What goes back: the rest of the card's capture (0: an authorization released) and of a gift card's part. */
  to: { card: number; giftCard: number };
  /** Whether the card is part of it (an order a gift card paid in full, or a replacement, has no card's entry). */
  byCard: boolean;
  /** Every unit back to stock (less what refunds put back already), and the order's restocked units after. */
  restock: { id: string; size: string; quantity: number }[];
  restocked: Record<string, number>;
  add: TotalsChange;
  entries: PlannedEntry[];
}

/**
 * A cancel, planned (docs/decisions/0040, 0117, 0126): all that is left goes back the way it was paid (store credit
 * and refunds given already count as given back), and every unit not yet back goes back to stock.
 */
export function planCancel(order: MoneyOrder): PlannedCancel {
  const byCard = !order.replacementOf && cardPaymentOf(order as OrderRecord) !== null;
  const owed = order.replacementOf ? { card: 0, giftCard: 0 } : restOfOrder(order);
  const card = byCard ? owed.card : 0;
  const sale = refundable(order);
  const giftPart = partOf(orderParts(sale), order.giftCardPaid ?? 0);
  const restock = order.lines
    .map((line) => ({
      id: line.id,
      size: line.size,
      quantity: line.quantity - (order.restocked?.[lineKey(line)] ?? 0),
    }))
    .filter((line) => line.quantity > 0);
  return {
    to: { card, giftCard: owed.giftCard },
    byCard,
    restock,
    restocked: Object.fromEntries(order.lines.map((line) => [lineKey(line), line.quantity])),
    add: { refunded: card, giftCardReturned: owed.giftCard, storeCredited: 0 },
    entries: [
      ...(byCard
        ? [{ entryId: 'cancel', kind: 'cancelled' as const, amount: card, basis: restOf(orderParts(sale), giftPart) }]
        : []),
      ...(owed.giftCard > 0
        ? [{ entryId: 'gift-card-cancel', kind: 'gift_card_returned' as const, amount: owed.giftCard, basis: giftPart }]
        : []),
    ],
  };
}
