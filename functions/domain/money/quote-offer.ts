import type { CheckoutQuote, OfferEnd } from '../../db/entities/checkout';
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

/**
 * Why the quote no longer held the offer a take was for (its part failed): declined or expired as the quote now
 * stands, else replaced by a newer offer. What the payer is told (docs/decisions/0138).
 */
export async function whyOfferEnded(quote: CheckoutQuote): Promise<OfferEnd> {
  const now = await quotes.get({ quoteId: quote.quoteId }, { consistent: true });
  if (!now || now.offerNo !== quote.offerNo) return 'offer_replaced';
  if (now.status === 'declined') return 'offer_declined';
  if (now.status === 'expired') return 'offer_expired';
  return 'offer_replaced';
}
