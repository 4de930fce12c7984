import type { CheckoutQuote } from '../../db/entities/checkout';
import type { OrderRecord } from '../../db/entities/order';
import { quotes, type QuoteRecord } from '../../db/entities/quote';
import type { TransactItem } from '../../db/table';

/**
 * The quote's part of the take (functions/domain/checkout/take.ts, docs/decisions/0113): offer_sent -> paid with the
 * order's number and total, on the condition that the quote still holds this offer open. A new offer, a decline or
 * an expiry written first fails it, and the take then writes nothing: one order per offer, and never one for a
 * replaced offer.
 */
export function offerTaken(quote: CheckoutQuote, order: OrderRecord, now: Date): TransactItem {
  return quotes.transact.update(
    { quoteId: quote.quoteId },
    {
      set: {
        status: 'paid',
        orderNumber: order.orderNumber,
        paidTotal: order.amounts.total,
        paidAt: now.toISOString(),
        statusAt: now.toISOString(),
      },
      add: { version: 1 },
    },
    {
      when: { equals: { status: 'offer_sent', offerNo: quote.offerNo } },
      // What its place in the status index is built from (it moves from offer_sent to paid).
      current: { quoteId: quote.quoteId, createdAt: quote.quoteCreatedAt } as QuoteRecord,
    },
  );
}
