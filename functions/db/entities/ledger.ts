import type { LedgerLineParts, LedgerParts } from '#shared/ledger-parts';
import { model, type Timestamps } from '../table';

/**
 * One movement of an order's money (docs/decisions/0117, design's "money has one ledger"), written in the same
 * transaction as the change it records and keyed so each movement is written once:
 * - `captured` (`capture`): the card's payment captured; sets the order's `captured`;
 * - `refunded` (`refund-<refundId>`): a refund in part, reserved before the payment provider is asked; adds to the
 *   order's `refunded`;
 * - `refund_failed` (`refund-<refundId>-failed`): the provider refused that refund: its amount comes off again
 *   (`amount` is negative);
 * - `cancelled` (`cancel`): a cancellation gives back what is left (captured less refunded; 0 when nothing was
 *   captured and the authorization was released); adds to `refunded`.
 * - `gift_card_paid` (`gift-card`): a gift card's part, taken off its balance in the take's transaction; sets the
 *   order's `giftCardPaid`;
 * - `gift_card_returned` (`gift-card-<refundId|cancel|capture-failed>`): given back to that card; adds to
 *   `giftCardReturned`;
 * - `store_credit` (`store-credit-<refundId>`): a refund made as store credit (a new card) instead of money; adds to
 *   `storeCredited` (docs/decisions/0126).
 * The order's running totals change only beside an entry, by a conditional update in the same transaction.
 * What the owner's reports read (docs/decisions/0154): the entry's shop day, the order's ship-to state, and its
 * amount in parts (goods, discount, shipping, tax, gift cards sold; shared/ledger-parts.ts), in all and per line.
 * Entries written before 0154 carry none of these and are in no day's partition.
 */
export interface LedgerEntryRecord extends Timestamps {
  orderNumber: string;
  entryId: string;
  kind:
    'captured' | 'refunded' | 'refund_failed' | 'cancelled' | 'gift_card_paid' | 'gift_card_returned' | 'store_credit';
  /** Cents: what it adds to `captured` (captured) or to `refunded` (the others; negative for refund_failed). */
  amount: number;
  refundId?: string;
  /** The gift card the money came from or went to. */
  cardId?: string;
  at: string;
  /** The shop's day of `at` (YYYY-MM-DD, the shop's time zone): the day a report counts it on. */
  shopDay?: string;
  /** Which of the day's partitions it is in (LEDGER_DAY_SHARDS, decision 0154: no one hot partition in a sale). */
  dayShard?: number;
  /** The order's ship-to state ('' for an order that ships nothing). */
  shipTo?: string;
  /** `amount` in parts (goods - discount + shipping + tax + giftCard = amount). */
  parts?: LedgerParts;
  /** The same per line of the order (a refund's shipping charge as a line `shipping`). */
  lines?: LedgerLineParts[];
}

/**
 * A day's entries are spread over this many partitions of the day index, by order number: a busy sale's writes go to
 * several partitions, and a report of a day reads them all (decision 0154).
 */
export const LEDGER_DAY_SHARDS = 4;

export const ledgerEntries = model<LedgerEntryRecord, 'orderNumber' | 'entryId'>({
  entity: 'ledger',
  pk: ['orderNumber'],
  sk: ['entryId'],
  indexes: {
    byOrder: { index: 'table', pk: ['orderNumber'], sk: ['entryId'] },
    // A day's entries, in time order (the owner's reports): one partition per day and shard.
    byDay: { index: 'gsi1', pk: ['shopDay', 'dayShard'], sk: ['at', 'orderNumber', 'entryId'] },
  },
});
