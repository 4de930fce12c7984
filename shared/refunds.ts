import { lineKey } from './aftersale';
import { discountAndShippingShares, splitCents, type LineShares } from './shares';

/**
 * Refunds in parts, the owner's tool (issue 35, docs/decisions/0116): what a refund of chosen lines (and shipping),
 * or of an amount, gives back, to the cent, from the shares of discount, shipping and tax each line carries
 * (shared/shares.ts). One rule for the admin's form (the amount it shows) and the server (the amount it refunds).
 */

export const REFUND_REASONS = ['damaged', 'sold_out', 'goodwill', 'other'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];
export const REFUND_REASON_LABEL: Record<RefundReason, string> = {
  damaged: 'Damaged',
  sold_out: 'Sold out: the replacement could not be made',
  goodwill: 'Goodwill',
  other: 'Other',
};

/** A line of an order, as the rule reads it. */
export interface RefundableLine {
  id: string;
  name: string;
  size: string;
  price: number;
  quantity: number;
  shares?: LineShares;
}

/**
 * An order as the rule reads it. `discountOnShipping`: the promo code took the shipping off (a free-shipping code),
 * so the discount is the shipping's, not the goods'.
 */
export interface RefundableOrder {
  lines: readonly RefundableLine[];
  amounts: { discount?: number; shipping: number; tax: number };
  discountOnShipping?: boolean;
}

/** What an order has given back so far (the order's running totals, docs/decisions/0117). */
export interface RefundedSoFar {
  /** Cents captured (what the card paid). */
  captured: number;
  /** Cents given back so far (refunds in parts, and a cancellation's rest). */
  refunded: number;
  /** Units refunded so far per line (`id|size`). */
  units: Record<string, number>;
  /** The shipping (and its tax) was refunded already. */
  shipping: boolean;
}

export interface RefundAsked {
  lines: readonly { id: string; size: string; quantity: number }[];
  shipping: boolean;
  /** An amount instead of lines (goodwill): cents. */
  amount?: number;
}

/** A refunded line's part: its goods, less its share of the discount, plus its share of the tax on the goods. */
export interface RefundLinePart {
  id: string;
  size: string;
  name: string;
  quantity: number;
  goods: number;
  discount: number;
  tax: number;
  total: number;
}

export interface RefundPlan {
  lines: RefundLinePart[];
  /** The shipping charge (less a free-shipping code's discount) and the tax on it, when refunded. */
  shipping: { amount: number; tax: number } | null;
  /** An amount refunded as such (no lines): cents. */
  amount: number | null;
  total: number;
}

/**
 * Each line's shares: as stored on the order, or, for an order recorded before they were kept, split now by the same
 * rule (discount and shipping by amount; the tax by what each line paid, none of it counted as tax on shipping).
 */
export function sharesOf(order: {
  lines: readonly RefundableLine[];
  amounts: { discount?: number; shipping: number; tax: number };
}): LineShares[] {
  if (order.lines.every((line) => line.shares)) return order.lines.map((line) => line.shares!);
  const split = discountAndShippingShares(order.lines, {
    discount: order.amounts.discount ?? 0,
    shipping: order.amounts.shipping,
  });
  const tax = splitCents(
    order.amounts.tax,
    order.lines.map((line, i) => Math.max(0, line.price * line.quantity - split[i].discount + split[i].shipping)),
  );
  return split.map((part, i) => ({ ...part, tax: tax[i], shippingTax: 0 }));
}

/**
 * The part of a line's share that `units` more units carry when `before` were refunded already: the share counted
 * to the unit, rounded, so the parts of a line refunded unit by unit add up to its whole share exactly.
 */
export const unitPart = (share: number, quantity: number, before: number, units: number) =>
  Math.round((share * (before + units)) / quantity) - Math.round((share * before) / quantity);

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/**
 * What a refund gives back, or why it cannot be made. Lines: each chosen unit's price, less its part of the line's
 * discount share, plus its part of the line's tax on goods (unitPart); shipping: the shipping charge and its tax,
 * once. An amount: itself. Never more units than bought less refunded, never more money than captured less refunded.
 */
export function refundPlan(
  order: RefundableOrder,
  sofar: RefundedSoFar,
  asked: RefundAsked,
): { plan: RefundPlan } | { error: string } {
  const left = sofar.captured - sofar.refunded;
  if (left <= 0) return { error: 'Nothing is left to refund on this order.' };
  if (asked.amount !== undefined) {
    if (asked.lines.length || asked.shipping) return { error: 'Refund either items or an amount, not both.' };
    if (!Number.isSafeInteger(asked.amount) || asked.amount <= 0) return { error: 'Enter an amount above $0.00.' };
    if (asked.amount > left) return { error: `At most ${money(left)} is left to refund.` };
    return { plan: { lines: [], shipping: null, amount: asked.amount, total: asked.amount } };
  }
  const shares = sharesOf(order);
  const seen = new Set<string>();
  const lines: RefundLinePart[] = [];
  for (const wanted of asked.lines) {
    const key = lineKey(wanted);
    const index = order.lines.findIndex((line) => lineKey(line) === key);
    if (index < 0 || seen.has(key)) return { error: 'Choose items of this order, each once.' };
    seen.add(key);
    const line = order.lines[index];
    const before = sofar.units[key] ?? 0;
    const open = line.quantity - before;
    if (!Number.isSafeInteger(wanted.quantity) || wanted.quantity < 1 || wanted.quantity > open)
      return {
        error: open > 0 ? `At most ${open} of ${line.name} can be refunded.` : `${line.name} was refunded already.`,
      };
    const share = shares[index];
    const goods = line.price * wanted.quantity;
    // A free-shipping code's part of a line's discount is its shipping share (shares.ts discountShares): the rest is
    // the goods' (a sale beside the code), 0 with the code alone.
    const goodsDiscount = order.discountOnShipping ? share.discount - share.shipping : share.discount;
    const discount = unitPart(goodsDiscount, line.quantity, before, wanted.quantity);
    const tax = unitPart(share.tax - share.shippingTax, line.quantity, before, wanted.quantity);
    lines.push({
      id: line.id,
      size: line.size,
      name: line.name,
      quantity: wanted.quantity,
      goods,
      discount,
      tax,
      total: goods - discount + tax,
    });
  }
  let shipping: RefundPlan['shipping'] = null;
  if (asked.shipping) {
    if (sofar.shipping) return { error: 'The shipping was refunded already.' };
    const off = order.discountOnShipping ? shares.reduce((sum, share) => sum + share.shipping, 0) : 0;
    shipping = {
      amount: shares.reduce((sum, share) => sum + share.shipping, 0) - off,
      tax: shares.reduce((sum, share) => sum + share.shippingTax, 0),
    };
    if (shipping.amount + shipping.tax === 0) return { error: 'This order has no shipping charge to refund.' };
  }
  if (!lines.length && !shipping) return { error: 'Choose what to refund: items, the shipping or an amount.' };
  const total = lines.reduce((sum, line) => sum + line.total, 0) + (shipping ? shipping.amount + shipping.tax : 0);
  if (total <= 0) return { error: 'These items were paid with the discount: there is nothing to refund.' };
  // An earlier refund of an amount can leave less than what the items carry.
  if (total > left) return { error: `These items come to ${money(total)}, but only ${money(left)} is left to refund.` };
  return { plan: { lines, shipping, amount: null, total } };
}
