import { lineKey, replacementDeadline, trackingUrl } from '#shared/aftersale';
import { goodsLines } from '#shared/gift-card-lines';
import { shownImage } from '#shared/images';
import { withDiscount } from '#shared/money';
import type {
  OrderPage,
  OrderView,
  ParcelTrackingView,
  RefundView,
  ReplacementView,
} from '#shared/schemas/order-views';
import type { RefundRecord } from '../../db/entities/refund';
import type { OrderRecord } from '../../db/entities/order';
import type { ReplacementRecord } from '../../db/entities/replacement';

/** The parcel's tracking as the customer and the owner read it. */
const trackingView = (tracking: NonNullable<OrderRecord['tracking']>): ParcelTrackingView => ({
  status: tracking.status,
  at: tracking.statusAt,
  estimatedDelivery: tracking.status === 'delivered' ? null : (tracking.estDeliveryDate ?? null),
  steps: tracking.steps.map(({ status, at }) => ({ status, at })),
});

/** What a customer sees of an order: lines, amounts, address, status, and where the parcel is. */
export function publicOrder(order: OrderRecord): OrderView {
  return {
    orderNumber: order.orderNumber,
    status: order.status,
    createdAt: order.createdAt,
    shippingAddress: order.shippingAddress,
    lines: order.lines.map(({ id, name, image, price, size, quantity, giftCard }) => ({
      id,
      name,
      image: shownImage(image),
      price,
      size,
      quantity,
      // A gift card's line: the card as bought (docs/decisions/0127); no code is ever on an order.
      ...(giftCard ? { giftCard } : {}),
    })),
    amounts: withDiscount(order.amounts),
    promoCode: order.promo?.code ?? null,
    carrier: order.carrier ?? null,
    trackingNumber: order.trackingNumber ?? null,
    trackingUrl: trackingUrl(order.carrier, order.trackingNumber),
    shippedAt: order.status === 'completed' ? (order.completedAt ?? null) : null,
    tracking: order.status === 'completed' && order.tracking ? trackingView(order.tracking) : null,
    cancelledAt: order.cancelledAt ?? null,
    refund:
      order.status === 'cancelled' && order.refund
        ? order.refund.status === 'refunded'
          ? 'refunded'
          : 'under-way'
        : null,
    replacementOf: order.replacementOf ?? null,
    refunded: order.refunded ?? 0,
    refundedUnits: order.refundedUnits ?? {},
    quote: order.quote
      ? {
          number: order.quote.number,
          ships: order.quote.ships,
          productionStartedAt: order.productionStartedAt ?? null,
        }
      : null,
  };
}

/** A refund in part as its customer sees it (docs/decisions/0116). */
export const refundView = (refund: RefundRecord): RefundView => ({
  refundId: refund.refundId,
  status: refund.status,
  at: refund.refundedAt ?? refund.createdAt,
  total: refund.total,
  reason: refund.reason,
  lines: refund.lines.map(({ id, name, size, quantity, total }) => ({ id, name, size, quantity, total })),
  shipping: refund.shipping !== null,
  toCard: refund.toCard ?? refund.total,
  toGiftCard: refund.toGiftCard ?? 0,
  storeCredit: Boolean(refund.storeCreditCardId),
});

/** The replacement order of a request as the original's page follows it (null before approval). */
const shipmentOf = (order: OrderRecord | undefined): ReplacementView['shipment'] =>
  order
    ? {
        status: order.status,
        carrier: order.carrier ?? null,
        trackingNumber: order.trackingNumber ?? null,
        trackingUrl: trackingUrl(order.carrier, order.trackingNumber),
        shippedAt: order.status === 'completed' ? (order.completedAt ?? null) : null,
      }
    : null;

/** A request as its customer and the admin see it; `replacementOrder` (the order with its id) when it has one. */
export function replacementView(request: ReplacementRecord, replacementOrder?: OrderRecord): ReplacementView {
  return {
    id: request.id,
    orderNumber: request.orderNumber,
    status: request.status,
    lines: request.lines.map((line) => ({ ...line, image: shownImage(line.image) })),
    reason: request.reason,
    message: request.message ?? null,
    createdAt: request.createdAt,
    decidedAt: request.decidedAt ?? null,
    cancelledAt: request.cancelledAt ?? null,
    shipment: shipmentOf(replacementOrder),
  };
}

/** Requests that have a replacement order (approved, or approved and then cancelled). */
export const hasReplacementOrder = (request: ReplacementRecord) =>
  request.status === 'approved' || request.status === 'cancelled';

/**
 * Units of each line that can still be asked for now: bought minus what open or approved requests hold, and
 * nothing unless the order shipped within the last REPLACEMENT_DAYS days.
 */
export function replaceableUnits(
  order: OrderRecord,
  now = new Date(),
): { units: Record<string, number>; until: string | null } {
  const until = order.status === 'completed' ? replacementDeadline(order.completedAt) : null;
  if (!until || now.toISOString() > until) return { units: {}, until };
  const units: Record<string, number> = {};
  // A gift card is emailed, not shipped: nothing of it can be replaced (docs/decisions/0127).
  for (const line of goodsLines(order.lines)) {
    const left = line.quantity - (order.replaced?.[lineKey(line)] ?? 0);
    if (left > 0) units[lineKey(line)] = left;
  }
  return { units, until };
}

/** The order page of a customer or a guest: with each request, where its replacement order stands. */
export function orderPage(
  order: OrderRecord,
  requests: ReplacementRecord[],
  replacementOrders: readonly OrderRecord[] = [],
  now = new Date(),
  refunds: readonly RefundRecord[] = [],
): OrderPage {
  const { units, until } = replaceableUnits(order, now);
  const byNumber = new Map(replacementOrders.map((replacement) => [replacement.orderNumber, replacement]));
  return {
    // A refused refund gave nothing back: the customer is not told about it.
    order: { ...publicOrder(order), refunds: refunds.filter((r) => r.status !== 'failed').map(refundView) },
    replacements: requests.map((request) => replacementView(request, byNumber.get(request.id))),
    replaceable: units,
    replaceableUntil: until,
  };
}
