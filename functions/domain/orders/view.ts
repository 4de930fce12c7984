import { lineKey, replacementDeadline, trackingUrl } from '../../../shared/aftersale';
import { shownImage } from '../../../shared/images';
import { withDiscount } from '../../../shared/money';
import type { OrderPage, OrderView, ReplacementView } from '../../../shared/schemas/order-views';
import type { OrderRecord } from '../../db/entities/order';
import type { ReplacementRecord } from '../../db/entities/replacement';

/** What a customer sees of an order: lines, amounts, address, status, and where the parcel is. */
export function publicOrder(order: OrderRecord): OrderView {
  return {
    orderNumber: order.orderNumber,
    status: order.status,
    createdAt: order.createdAt,
    shippingAddress: order.shippingAddress,
    lines: order.lines.map(({ id, name, image, price, size, quantity }) => ({ id, name, image: shownImage(image), price, size, quantity })),
    amounts: withDiscount(order.amounts),
    promoCode: order.promo?.code ?? null,
    carrier: order.carrier ?? null,
    trackingNumber: order.trackingNumber ?? null,
    trackingUrl: trackingUrl(order.carrier, order.trackingNumber),
    shippedAt: order.status === 'completed' ? (order.completedAt ?? null) : null,
    cancelledAt: order.cancelledAt ?? null,
    refund: order.status === 'cancelled' && order.refund ? (order.refund.status === 'refunded' ? 'refunded' : 'under-way') : null,
    replacementOf: order.replacementOf ?? null,
  };
}

export function replacementView(request: ReplacementRecord): ReplacementView {
  return {
    id: request.id,
    orderNumber: request.orderNumber,
    status: request.status,
    lines: request.lines.map((line) => ({ ...line, image: shownImage(line.image) })),
    reason: request.reason,
    message: request.message ?? null,
    createdAt: request.createdAt,
    decidedAt: request.decidedAt ?? null,
  };
}

/**
 * Units of each line that can still be asked for now: bought minus what open or approved requests hold, and
 * nothing unless the order shipped within the last REPLACEMENT_DAYS days.
 */
export function replaceableUnits(order: OrderRecord, now = new Date()): { units: Record<string, number>; until: string | null } {
  const until = order.status === 'completed' ? replacementDeadline(order.completedAt) : null;
  if (!until || now.toISOString() > until) return { units: {}, until };
  const units: Record<string, number> = {};
  for (const line of order.lines) {
    const left = line.quantity - (order.replaced?.[lineKey(line)] ?? 0);
    if (left > 0) units[lineKey(line)] = left;
  }
  return { units, until };
}

/** The order page of a customer or a guest. */
export function orderPage(order: OrderRecord, requests: ReplacementRecord[], now = new Date()): OrderPage {
  const { units, until } = replaceableUnits(order, now);
  return { order: publicOrder(order), replacements: requests.map(replacementView), replaceable: units, replaceableUntil: until };
}
