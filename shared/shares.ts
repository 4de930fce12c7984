import { isGiftCardLine } from './gift-card-lines';

/**
 * Each line's share of an order's discount, shipping and tax, to the cent (issue 35, docs/decisions/0106). An order
 * keeps them on its lines, so a refund of some lines can later give back exactly their part of what was charged, and
 * the shares of all lines add up to the order's amounts exactly.
 */

/**
 * Splits `total` cents onto parts in proportion to `weights` by largest remainder (Hamilton's method): each part gets
 * the whole cents of its exact quota, and the cents left over go one each to the parts with the largest fractions,
 * the earlier part first when two fractions are equal. The parts sum to `total` exactly, each is within one cent of
 * its exact quota, a part of weight 0 gets nothing, and the same input always gives the same split. Weights are
 * whole, non-negative numbers (cents); when they are all 0 a non-zero total is split evenly. A negative total is
 * split as its opposite, negated.
 */
export function splitCents(total: number, weights: readonly number[]): number[] {
  if (!Number.isSafeInteger(total)) throw new RangeError(`splitCents: the total must be whole cents (got ${total})`);
  for (const weight of weights)
    if (!Number.isSafeInteger(weight) || weight < 0)
      throw new RangeError(`splitCents: weights must be whole and not negative (got ${weight})`);
  if (total < 0) return splitCents(-total, weights).map((part) => (part === 0 ? 0 : -part));
  if (total === 0) return weights.map(() => 0);
  if (!weights.length) throw new RangeError('splitCents: a non-zero total needs at least one part');
  const sum = weights.reduce((a, b) => a + b, 0);
  const used = sum === 0 ? weights.map(() => 1) : weights;
  // Exact in integers: quota_i = total * w_i / W, as whole part and remainder (BigInt: total * w_i may pass 2^53).
  const whole = BigInt(sum === 0 ? used.length : sum);
  const quotas = used.map((weight, index) => {
    const product = BigInt(total) * BigInt(weight);
    return { index, base: Number(product / whole), remainder: product % whole };
  });
  let left = total - quotas.reduce((a, quota) => a + quota.base, 0);
  const parts = quotas.map((quota) => quota.base);
  const byRemainder = [...quotas].sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  for (const quota of byRemainder) {
    if (left === 0) break;
    parts[quota.index] += 1;
    left -= 1;
  }
  return parts;
}

/** What a line carries of the order's amounts, in cents (each sums over the lines to the order's amount). */
export interface LineShares {
  /** Its part of amounts.discount (a promo code). */
  discount: number;
  /** Its part of amounts.shipping (the flat shipping and handling charge). */
  shipping: number;
  /** Its part of amounts.tax: the tax on its goods and on its part of the shipping. */
  tax: number;
  /** The part of `tax` that is on its share of the shipping (0 where shipping and handling is not taxed). */
  shippingTax: number;
}

/**
 * The lines' shares of an order's discount and shipping: both split by largest remainder in proportion to each
 * line's amount (price x quantity), so a line that is half the subtotal carries half the discount and half the
 * shipping. (The tax is split by the tax rule, which knows what is taxed: shared/tax-rules.ts.) A gift card's line
 * carries none of either (it takes no discount and ships nothing: docs/decisions/0127).
 */
export function discountAndShippingShares(
  lines: readonly { id?: string; price: number; quantity: number }[],
  totals: { discount: number; shipping: number },
): { discount: number; shipping: number }[] {
  const amounts = lines.map((line) => (isGiftCardLine({ id: line.id ?? '' }) ? 0 : line.price * line.quantity));
  const discount = splitCents(totals.discount, amounts);
  const shipping = splitCents(totals.shipping, amounts);
  return lines.map((_, index) => ({ discount: discount[index], shipping: shipping[index] }));
}

/**
 * The lines' shares of an order's discounts with sales (issue 54, docs/decisions/0178): each line carries its own
 * product discount exactly, its share of the order's discount off the goods (an order's sale, a promo code) in
 * proportion to what is left of it after its product discount, and its share of a free-shipping code's discount split
 * as its shipping is (so, the shipping being all taken off, the two are equal: `shippingOff`). The shipping is split
 * by amount as before. The shares add up to the plan's discounts exactly. Gift cards carry none.
 */
export function discountShares(
  lines: readonly { id?: string; price: number; quantity: number }[],
  plan: { lineOff: readonly number[]; goodsOff: number; shippingOff: number; shipping: number },
): { discount: number; shipping: number; shippingOff: number }[] {
  const amounts = lines.map((line) => (isGiftCardLine({ id: line.id ?? '' }) ? 0 : line.price * line.quantity));
  const lineOff = lines.map((_, index) => plan.lineOff[index] ?? 0);
  const orderPart = plan.goodsOff - lineOff.reduce((a, b) => a + b, 0);
  const left = amounts.map((amount, index) => amount - lineOff[index]);
  const order = splitCents(orderPart, left.some((weight) => weight > 0) ? left : amounts);
  const shipping = splitCents(plan.shipping, amounts);
  const shippingOff = plan.shippingOff === plan.shipping ? shipping : splitCents(plan.shippingOff, amounts);
  return lines.map((_, index) => ({
    discount: lineOff[index] + order[index] + shippingOff[index],
    shipping: shipping[index],
    shippingOff: shippingOff[index],
  }));
}
