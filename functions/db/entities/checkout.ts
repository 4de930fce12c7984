import type { GivenSale } from '#shared/sales';
import type { ShippingRate } from '#shared/shipping';
import type { Amounts } from '#shared/money';
import type { OrderAddress } from '#shared/order-address';
import type { TaxProviderName } from '#shared/tax-codes';
import { model, type Timestamps } from '../table';
import type { CheckoutQuote, OrderLine, OrderPromo, StripeTaxRecord } from './order';

export type { CheckoutQuote };

/**
 * A line as checkout priced it, with the stock count it draws from ("stockItem|<id>|<size>" or "product|<id>|<size>"),
 * its tax code and its shares of the amounts (the card step sets them; copied onto the order).
 */
export type CheckoutLine = OrderLine & { cell: string | null };

/**
 * Why a quote's offer can no longer be paid, as its payer is told (docs/decisions/0138): a newer offer replaced it, it
 * was declined (by the shopper or the owner), or its date passed.
 */
export type OfferEnd = 'offer_replaced' | 'offer_declined' | 'offer_expired';

/**
 * One checkout of a browser (its `checkoutId`, given by the server; a guest's is bound to a secret): the server-priced
 * lines, amounts, address and customer, and the payment intent they are paid with. It holds no stock. Its state
 * (docs/decisions/0022):
 * - `open`: the intent waits for a card; `taken`: the stock is taken and the order written, the capture (or the
 *   confirmation mail) is still to come; `voiding`: it will not be taken (stock short, too many failed cards,
 *   abandoned), the authorization is being cancelled;
 * - finished: `captured`, `closed` (nothing taken, nothing charged), `failed` (the capture failed for good; the
 *   stock went back).
 * Unfinished ones carry `sweepAt`, when the settle job looks at them next (index byState); finished ones drop it
 * and carry a TTL.
 */
export interface CheckoutRecord extends Timestamps {
  checkoutId: string;
  /** The user id from the verified token, or "guest". */
  customer: string;
  /** A guest checkout: the SHA-256 (hex) of the secret its browser was given when it was made (docs/decisions/0062). */
  secretHash?: string;
  intentId: string;
  /** The number of the order it became, set in the take's transaction (docs/decisions/0102). */
  orderNumber?: string;
  state: 'open' | 'taken' | 'voiding' | 'captured' | 'closed' | 'failed';
  /** Why a checkout was not taken. */
  closedReason?:
    | 'out_of_stock'
    | 'drop_limit'
    | 'drop_not_started'
    | 'card_attempts'
    | 'abandoned'
    | 'amount_changed'
    | 'canceled'
    | 'promo_used_up'
    | 'promo_used_by_you'
    | 'promo_no_longer_valid'
    | OfferEnd
    | 'gift_card_spent'
    /** A limited sale ran out while the shopper paid (issue 54, docs/decisions/0179). */
    | 'sale_used_up';
  /** The names that were short when it was not taken for stock. */
  shortNames?: string[];
  lines: CheckoutLine[];
  amounts: Amounts;
  /** The promo code the amounts include: redeemed when the order is taken (functions/domain/promo/redeem.ts). */
  promo?: OrderPromo;
  /** The sales the amounts include (issue 54): a limited one is counted when the order is taken. */
  sales?: GivenSale[];
  /** Who computed amounts.tax at the card step (functions/domain/money/tax; missing on older checkouts). */
  taxProvider?: TaxProviderName;
  /** Why the table computed amounts.tax although the stage uses Stripe Tax (it did not answer). */
  taxFallback?: string;
  /** The shipping rate chosen and priced by the server (issue 53; shared/shipping.ts); missing: the flat rate. */
  shippingRate?: ShippingRate;
  /** Why the flat rate took the place of the chosen one: the provider did not answer in time. */
  shippingFallback?: string;
  /** The Stripe Tax calculation of the amounts, when Stripe Tax computed them. */
  stripeTax?: StripeTaxRecord;
  /** Where it ships; the buyer alone (name, email) when nothing ships: gift cards only (issue 50 item 9). */
  shippingAddress: OrderAddress;
  /**
   * A quote's offer this checkout pays (docs/decisions/0113): its id is `quote-<quoteId>-<offerNo>`, so every tab and
   * retry paying the offer shares it, and the take also needs the quote to still hold this offer.
   */
  quote?: CheckoutQuote;
  /**
   * The gift card that pays part of it (or all: then `intentId` is a gift-only id, GIFT_ONLY_PREFIX, and no card is
   * asked for): its part is taken off its balance in the take's transaction (docs/decisions/0126).
   */
  giftCard?: { cardId: string; last4: string; amount: number };
  /** The marketing box ticked (docs/decisions/0166): its words and when; recorded for the order's email at the take. */
  marketingConsent?: { words: string; at: string };
  /** Ids of failed card attempts (Stripe event ids, or the test processor's): counted once each. */
  failedAttempts?: string[];
  sweepAt?: string;
  /** When a checkout whose card was never authorized is given up (ISO). */
  abandonAt: string;
  /** TTL (epoch seconds) of a finished checkout. */
  expiresAt?: number;
  /**
   * The correlation id of the request that made (or last re-priced) it: the settle job's lines about it, and the
   * confirmation mail of an order the job records, carry it (docs/decisions/0100).
   */
  correlationId?: string;
  version: number;
}

export const checkouts = model<CheckoutRecord, 'checkoutId'>({
  entity: 'checkout',
  pk: ['checkoutId'],
  indexes: { byState: { index: 'gsi2', pk: ['state'], sk: ['sweepAt'] } },
});
