import { createHash } from 'node:crypto';
import { isGiftCardLine } from '#shared/gift-card-lines';
import type { OrderRecord } from '../../db/entities/order';
import type { TransactItem } from '../../db/table';
import { issueItems } from '../money/ledger';
import type { GiftCard } from './cards';
import { cardMailItem } from './mails';

/**
 * Gift cards bought in an order (issue 36 item 1, docs/decisions/0127). They are made when the order's payment is
 * captured, in the capture's own transaction (functions/domain/checkout/orders.ts `capture`): the order marked captured,
 * its ledger entry, and for each gift card line its card (scheduled, its balance its amount), the card's `issued` entry
 * and its mail, due at the start of its delivery day in the shop's time zone (or at once when that has come: the
 * send-mails job, every minute). All of it or none: an order whose capture fails makes no card.
 */

/**
 * The card of an order's line: derived from the order's number and the line's place in it (the first 128 bits of a
 * SHA-256, as giftCardIdSchema's `gc_` + 32 hex), so whoever captures the order, and however often, names the same
 * card, and its write (if new) can never make a second.
 */
export function purchasedCardId(orderNumber: string, lineIndex: number): string {
  const digest = createHash('sha256').update(`gift-card-purchase|${orderNumber}|${lineIndex}`).digest('hex');
  return `gc_${digest.slice(0, 32)}`;
}

/** The cards an order's gift card lines become (not yet written), in the order's line order. */
export function purchasedCards(order: OrderRecord): Omit<GiftCard, 'createdAt' | 'updatedAt' | 'version'>[] {
  return order.lines.flatMap((line, index) => {
    const details = isGiftCardLine(line) ? line.giftCard : undefined;
    if (!details) return [];
    return [
      {
        cardId: purchasedCardId(order.orderNumber, index),
        kind: 'purchased' as const,
        status: 'scheduled' as const,
        amount: details.amount,
        balance: details.amount,
        buyer: {
          orderNumber: order.orderNumber,
          name: order.shippingAddress.name,
          email: order.shippingAddress.email,
        },
        sourceOrder: order.orderNumber,
        recipient: { name: details.recipientName, email: details.recipientEmail },
        ...(details.message ? { message: details.message } : {}),
        deliverOn: details.deliverOn,
      },
    ];
  });
}

/**
 * The writes that make an order's gift cards, for the capture's transaction: each card with its `issued` entry
 * (written if new) and its first mail (scheduled for the start of its day). Nothing for an order without gift cards.
 */
export function purchaseItems(order: OrderRecord, now = new Date()): TransactItem[] {
  return purchasedCards(order).flatMap((card) => [...issueItems(card), cardMailItem(card, 1, now)]);
}
