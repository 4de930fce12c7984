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
}

export const ledgerEntries = model<LedgerEntryRecord, 'orderNumber' | 'entryId'>({
  entity: 'ledger',
  pk: ['orderNumber'],
  sk: ['entryId'],
  indexes: { byOrder: { index: 'table', pk: ['orderNumber'], sk: ['entryId'] } },
});
