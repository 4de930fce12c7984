import { isGiftCardLine } from './gift-card-lines';
import { sharesOf, type RefundableLine, type RefundPlan } from './refunds';

/**
 * What a ledger entry's amount is made of, per line and in all (issue 52 item 1, docs/decisions/0154): the owner's
 * reports (sales by day and product, the sales tax to file by state) read these from the entries, never from orders.
 * Cents, in the entry's direction (a refund's parts are positive like its amount):
 * - `goods`: the price of goods (gift cards bought are not goods: they are `giftCard`);
 * - `discount`: the promo code's part, taken off (positive);
 * - `shipping`: the shipping charge;
 * - `tax`: the sales tax (on the goods and on the shipping);
 * - `giftCard`: the price of gift cards bought (stored value sold, not a sale of goods).
 * Always: goods - discount + shipping + tax + giftCard = the entry's amount, and the lines' parts sum to the parts.
 */
export interface LedgerParts {
  goods: number;
  discount: number;
  shipping: number;
  tax: number;
  giftCard: number;
}
export interface LedgerLineParts extends LedgerParts {
  /** The line's product id and size (`shipping` and '' for a refund's shipping charge). */
  id: string;
  size: string;
}

const FIELDS = ['goods', 'discount', 'shipping', 'tax', 'giftCard'] as const;
/** The sign each part carries in the amount. */
const SIGN: Record<(typeof FIELDS)[number], 1 | -1> = { goods: 1, discount: -1, shipping: 1, tax: 1, giftCard: 1 };

export const NO_PARTS: LedgerParts = { goods: 0, discount: 0, shipping: 0, tax: 0, giftCard: 0 };

/** What parts come to: goods - discount + shipping + tax + giftCard. */
export const partsTotal = (parts: LedgerParts) => FIELDS.reduce((sum, field) => sum + SIGN[field] * parts[field], 0);

/** The parts of lines, summed. */
export function sumParts(lines: readonly LedgerParts[]): LedgerParts {
  const sum = { ...NO_PARTS };
  for (const line of lines) for (const field of FIELDS) sum[field] += line[field];
  return sum;
}

/** An order as the parts read it. */
export interface PartsOrder {
  lines: readonly RefundableLine[];
  amounts: { discount?: number; shipping: number; tax: number };
}

/** The whole of an order, per line: each line's price and its shares of discount, shipping and tax (shared/shares). */
export function orderParts(order: PartsOrder): LedgerLineParts[] {
  const shares = sharesOf(order);
  return order.lines.map((line, index) => {
    const price = line.price * line.quantity;
    const gift = isGiftCardLine(line);
    return {
      id: line.id,
      size: line.size,
      goods: gift ? 0 : price,
      giftCard: gift ? price : 0,
      discount: shares[index].discount,
      shipping: shares[index].shipping,
      tax: shares[index].tax,
    };
  });
}

/** What a refund gives back, per line (its shipping charge as a line of its own), as the refund's rule planned it. */
export function refundParts(plan: RefundPlan, order: PartsOrder): LedgerLineParts[] {
  if (plan.amount !== null) return partOf(orderParts(order), plan.amount);
  return [
    ...plan.lines.map((line) => ({
      id: line.id,
      size: line.size,
      goods: isGiftCardLine(line) ? 0 : line.goods,
      giftCard: isGiftCardLine(line) ? line.goods : 0,
      discount: line.discount,
      shipping: 0,
      tax: line.tax,
    })),
    ...(plan.shipping
      ? [{ ...NO_PARTS, id: 'shipping', size: '', shipping: plan.shipping.amount, tax: plan.shipping.tax }]
      : []),
  ];
}

/**
 * The part of `whole` (lines whose parts come to W) that `amount` carries: each part in proportion amount / W, by
 * running rounding (each part is the rounded running sum less the one before), so the parts come to `amount`
 * exactly and each is within a cent of its exact share. Two amounts of one whole (a card's and a gift card's): take
 * one with partOf and the other as restOf, so the two add up to the whole exactly.
 */
export function partOf(whole: readonly LedgerLineParts[], amount: number): LedgerLineParts[] {
  const total = whole.reduce((sum, line) => sum + partsTotal(line), 0);
  if (amount === total) return whole.map((line) => ({ ...line }));
  if (total === 0) {
    // Nothing to share it by (a $0 order): the amount is read as goods of the first line, or of no line.
    const first = whole[0] ?? { id: '', size: '' };
    return [{ ...NO_PARTS, id: first.id, size: first.size, goods: amount }];
  }
  let running = 0;
  let before = 0;
  return whole.map((line) => {
    const parts = { ...line };
    for (const field of FIELDS) {
      running += SIGN[field] * line[field];
      const upTo = Math.round((running * amount) / total);
      parts[field] = SIGN[field] * (upTo - before);
      before = upTo;
    }
    return parts;
  });
}

/** An entry's lines: `basis` itself when it comes to `amount`, else the part of it that `amount` carries. */
export function entryLines(basis: readonly LedgerLineParts[], amount: number): LedgerLineParts[] {
  const whole = basis.reduce((sum, line) => sum + partsTotal(line), 0);
  return whole === amount ? basis.map((line) => ({ ...line })) : partOf(basis, amount);
}

/** The rest of `whole` once `part` is taken: line by line, part by part. */
export function restOf(whole: readonly LedgerLineParts[], part: readonly LedgerLineParts[]): LedgerLineParts[] {
  return whole.map((line, index) => {
    const rest = { ...line };
    for (const field of FIELDS) rest[field] = line[field] - (part[index]?.[field] ?? 0);
    return rest;
  });
}
