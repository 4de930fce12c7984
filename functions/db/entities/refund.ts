import type { RefundLinePart, RefundReason } from '#shared/refunds';
import { model, type Timestamps } from '../table';

/**
 * A refund in part of an order (docs/decisions/0116), keyed by the id the admin's form made once: the same id is the
 * same refund, whoever sends it and however often. `pending` from the moment its money is reserved on the order's
 * ledger until the payment provider answered (idempotency key refundProviderKey); then `refunded`, or `failed` (the
 * reservation given back). The customer's mail is the `order-refund` delivery of `<orderNumber>|<refundId>`.
 */
export interface RefundRecord extends Timestamps {
  orderNumber: string;
  refundId: string;
  status: 'pending' | 'refunded' | 'failed';
  lines: RefundLinePart[];
  shipping: { amount: number; tax: number } | null;
  /** An amount refunded as such (no lines). */
  amount: number | null;
  total: number;
  reason: RefundReason;
  note?: string;
  /**
   * Where its total went (docs/decisions/0126): to the card (through the provider), back to the gift card that paid
   * part, or as store credit (a new card, `storeCreditCardId`). Missing on refunds from before: all to the card.
   */
  toCard?: number;
  toGiftCard?: number;
  storeCreditCardId?: string;
  /** The units went back to stock (in the reserving transaction). */
  restock: boolean;
  /** The provider's refund id, once it answered. */
  providerRefundId?: string;
  refundedAt?: string;
  failedAt?: string;
  error?: string;
  /** Stripe Tax: the partial reversal of the refunded lines, or why it is not made yet. */
  taxReversal?: { id: string; at: string };
  taxReversalError?: string;
  taxReversalAttempts?: number;
}

export const refunds = model<RefundRecord, 'orderNumber' | 'refundId'>({
  entity: 'refund',
  pk: ['orderNumber'],
  sk: ['refundId'],
  indexes: {
    byOrder: { index: 'table', pk: ['orderNumber'], sk: ['refundId'] },
    // The pending ones (normally none) for the settle job; all, by time, for the dashboard.
    byStatus: { index: 'gsi1', pk: ['status'], sk: ['createdAt'] },
    byTime: { index: 'gsi2', pk: [], sk: ['createdAt'] },
  },
});
