import { giftCardLineText, goodsLines } from './gift-card-lines';
import { giftCardsBoughtOf } from './gift-cards';
import type { GiftCardDetails } from './schemas/gift-cards';

/**
 * After the sale (issue 14): carriers and their tracking pages, the replacement promise, order and request
 * states as people read them. One definition, used by the functions (mails, views, CSV) and the SPA.
 */

export const CARRIERS = ['USPS', 'UPS', 'FedEx', 'other'] as const;
export type Carrier = (typeof CARRIERS)[number];

/** The carrier's public tracking page for a tracking number; null when the carrier is "other" or there is no number. */
export function trackingUrl(
  carrier: Carrier | undefined | null,
  trackingNumber: string | undefined | null,
): string | null {
  if (!carrier || !trackingNumber) return null;
  const number = encodeURIComponent(trackingNumber);
  switch (carrier) {
    case 'USPS':
      return `https://tools.usps.com/go/TrackConfirmAction?tLabels=${number}`;
    case 'UPS':
      return `https://www.ups.com/track?tracknum=${number}`;
    case 'FedEx':
      return `https://www.fedex.com/fedextrack/?trknbr=${number}`;
    default:
      return null;
  }
}

/**
 * What a parcel went with, as a sentence part: "UPS, tracking 1Z999", "USPS, no tracking number", "no carrier or
 * tracking number".
 */
export function shipmentText(carrier: Carrier | undefined | null, trackingNumber: string | undefined | null): string {
  const by = carrier === 'other' ? 'another carrier' : carrier;
  if (by && trackingNumber) return `${by}, tracking ${trackingNumber}`;
  if (by) return `${by}, no tracking number`;
  if (trackingNumber) return `tracking ${trackingNumber}`;
  return 'no carrier or tracking number';
}

/** The shop's policy: a replacement within 30 days of shipping, no refunds (spec section 1). */
export const REPLACEMENT_DAYS = 30;

/** The last moment a shipped order can have a replacement asked for (ISO), or null while it is not shipped. */
export function replacementDeadline(shippedAt: string | null | undefined): string | null {
  if (!shippedAt) return null;
  return new Date(new Date(shippedAt).getTime() + REPLACEMENT_DAYS * 24 * 3600 * 1000).toISOString();
}

/** Low stock on the dashboard: counts at or under this (per product size and stock-item size). */
export const LOW_STOCK_THRESHOLD = 3;

export type OrderStatus = 'pending' | 'completed' | 'cancelled';

/**
 * A sale, as the dashboard counts it and the archive's Sales view lists it: an order paid for, shipped or not yet, that
 * sold goods. Cancelled orders were refunded; $0 replacements are not sales. A gift card sold is money owed, not a
 * sale, until it is spent (docs/decisions/0146): an order of gift cards only is no sale, and an order's sale is what
 * it sold less the gift cards it bought (saleValue), whatever paid for it (a card, a gift card, store credit). The
 * statuses newest-first views read, in order.
 */
export const SALE_STATUSES = ['completed', 'pending'] as const satisfies readonly OrderStatus[];
export const isSale = (order: {
  status: OrderStatus;
  replacementOf?: string | null;
  lines: readonly { id: string }[];
}) =>
  (SALE_STATUSES as readonly OrderStatus[]).includes(order.status) &&
  !order.replacementOf &&
  goodsLines(order.lines).length > 0;
/** What an order sold, in cents: its total (goods, shipping, tax, less the discount) less the gift cards it bought. */
export const saleValue = (order: {
  amounts: { total: number };
  lines: readonly { id: string; price: number; quantity: number }[];
}) => order.amounts.total - giftCardsBoughtOf(order.lines);
/** What a customer and the admin read for an order's state. "completed" is the spec's word for shipped. */
export const ORDER_STATUS_LABEL: Record<OrderStatus, string> = {
  pending: 'Processing',
  completed: 'Shipped',
  cancelled: 'Cancelled',
};

/**
 * `cancelled`: approved, then its replacement order was cancelled before it shipped (its units can be asked for again).
 */
export const REPLACEMENT_STATUSES = ['open', 'approved', 'declined', 'cancelled'] as const;
export type ReplacementStatus = (typeof REPLACEMENT_STATUSES)[number];
export const REPLACEMENT_STATUS_LABEL: Record<ReplacementStatus, string> = {
  open: 'Waiting for review',
  approved: 'Approved',
  declined: 'Declined',
  cancelled: 'Cancelled',
};

/** A line as people read it: its name and, unless it comes in one size, the size ("Tee (M)", "Candle"). */
export const lineLabel = (line: {
  name: string;
  size: string;
  giftCard?: Pick<GiftCardDetails, 'recipientName' | 'deliverOn'>;
}) =>
  line.giftCard ? giftCardLineText(line.giftCard) : line.size === 'CANDLE' ? line.name : `${line.name} (${line.size})`;

/** A line of an order, as replacements count it: product id and size. */
export const lineKey = (line: { id: string; size: string }) => `${line.id}|${line.size}`;

/** The guest order-status page (linked from the confirmation page and the mails). */
export const ORDER_STATUS_PATH = '/order-status';
