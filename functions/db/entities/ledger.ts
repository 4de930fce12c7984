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
 * The order's running totals change only beside an entry, by a conditional update in the same transaction.
 */
export interface LedgerEntryRecord extends Timestamps {
  orderNumber: string;
  entryId: string;
  kind: 'captured' | 'refunded' | 'refund_failed' | 'cancelled';
  /** Cents: what it adds to `captured` (captured) or to `refunded` (the others; negative for refund_failed). */
  amount: number;
  refundId?: string;
  at: string;
}

export const ledgerEntries = model<LedgerEntryRecord, 'orderNumber' | 'entryId'>({
  entity: 'ledger',
  pk: ['orderNumber'],
  sk: ['entryId'],
  indexes: { byOrder: { index: 'table', pk: ['orderNumber'], sk: ['entryId'] } },
});
