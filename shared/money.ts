import type { PromoTerms } from './promo';
import { groupThousands } from './format';
import { isGiftCardLine } from './gift-card-lines';
import { splitCents } from './shares';
import { taxRate } from './tax';
import { taxCodeOfSize } from './tax-codes';
import { tableTax } from './tax-rules';
import { planDiscounts, type DiscountPart, type DiscountPlan, type SaleRules } from './sales';

/** Flat shipping and handling, in cents ($5.99). */
export const SHIPPING_CENTS = 599;
export const CURRENCY = 'usd';

export interface Amounts {
  subtotal: number;
  /** Taken off by the sales and a promo code, before tax (0 without any): the total of `discounts`. */
  discount: number;
  /** What each sale and the promo code took off, by name (shared/sales.ts); missing on orders from before sales. */
  discounts?: DiscountPart[];
  shipping: number;
  tax: number;
  total: number;
}

/** A line as the amounts read it: its price and quantity, and its id (a gift card's is GIFT_CARD_PRODUCT_ID). */
export interface PricedLine {
  /** Missing: a product's line. */
  id?: string;
  price: number;
  quantity: number;
}

const isGoods = (line: PricedLine) => !isGiftCardLine({ id: line.id ?? '' });

export function subtotalCents(lines: readonly PricedLine[]): number {
  return lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
}

/**
 * The rule of gift cards in an order (docs/decisions/0127), here once for the cart's estimate and the card step: the
 * subtotal holds every line, gift cards too; the shipping, a promo code's discount and the tax are the goods' only. A
 * cart of gift cards only ships nothing ($0) and takes no code.
 */
export const goodsSubtotal = (lines: readonly PricedLine[]) => subtotalCents(lines.filter(isGoods));
/** The flat shipping and handling when something ships; $0 for gift cards only. */
export const shippingFor = (lines: readonly PricedLine[]) => (lines.some(isGoods) ? SHIPPING_CENTS : 0);

/**
 * What a promo code is checked against: the goods' subtotal (its minimum), and whether the cart is gift cards only
 * (then it takes no code: shared/promo.ts promoRefusal).
 */
export const promoBase = (lines: readonly PricedLine[]) => ({
  subtotal: goodsSubtotal(lines),
  giftCardsOnly: lines.length > 0 && !lines.some(isGoods),
});

/**
 * What a code takes off, in cents, before tax: percent = round(subtotal * value / 100); an amount never more
 * than the subtotal; free shipping = the shipping. Never negative, never more than subtotal + shipping.
 */
export function promoDiscount(terms: Pick<PromoTerms, 'kind' | 'value'>, subtotal: number, shipping: number): number {
  if (terms.kind === 'percent') return Math.min(subtotal, Math.round((subtotal * terms.value) / 100));
  if (terms.kind === 'amount') return Math.min(subtotal, terms.value);
  return shipping;
}

/** The sales on for a cart (shared/sales.ts): their rules, each product's tag words, and the time they are read at. */
export interface CartSales {
  rules: readonly SaleRules[];
  /** Each product's tag, by id (what a sale's category is matched against). */
  tags: Readonly<Record<string, string>>;
  now: Date;
}

/**
 * An order's amounts before its tax: the subtotal, what the sales and the promo code take off (0 without any: the
 * rules of combination are shared/sales.ts planDiscounts) and what it is taken off (`shipping` only when a free-shipping
 * code is all there is), and the shipping. The card step adds the tax of its tax provider (functions/domain/money/tax:
 * Stripe Tax, or the table of shared/tax-rules.ts). `plan` says what each discount is and on which line.
 */
export function amountsBeforeTax(
  lines: readonly PricedLine[],
  promo?: (Pick<PromoTerms, 'kind' | 'value'> & { code?: string; combinesWithSales?: boolean }) | null,
  /** The chosen rate's price (shared/shipping.ts), priced by the server; missing: the flat rate. */
  shippingCents?: number,
  /** The sales on (none: a quote's offer, a reminder, the cart's estimate of a code alone). */
  sales?: CartSales,
): Omit<Amounts, 'tax' | 'total'> & { discountOn: 'goods' | 'shipping'; plan: DiscountPlan } {
  const shipping = shippingCents !== undefined && lines.some(isGoods) ? shippingCents : shippingFor(lines);
  const plan = planDiscounts({
    lines: lines.map((line) => ({
      id: line.id ?? '',
      tag: sales?.tags[line.id ?? ''] ?? '',
      price: line.price,
      quantity: line.quantity,
      gift: !isGoods(line),
    })),
    sales: sales?.rules ?? [],
    now: sales?.now ?? new Date(),
    shipping,
    promo: promo ? { code: promo.code ?? '', ...promo } : null,
  });
  const discount = plan.goodsOff + plan.shippingOff;
  return {
    subtotal: subtotalCents(lines),
    discount,
    // The breakdown by name when a sale is in it (issue 54); a code alone keeps its one discount figure, as before.
    ...(plan.sales.length ? { discounts: plan.discounts } : {}),
    shipping,
    discountOn: plan.shippingOff > 0 && plan.goodsOff === 0 ? 'shipping' : 'goods',
    plan,
  };
}

/**
 * The spec's rule (the cart's estimate, and the card step's result wherever every line and the shipping are taxed):
 * tax = round((subtotal - discount + shipping) * state rate); total = subtotal - discount + shipping + tax. All
 * integer cents. The discount is the promo code's (promoDiscount above), 0 without one.
 */
export function computeAmounts(
  lines: readonly PricedLine[],
  state: string,
  promo?: Pick<PromoTerms, 'kind' | 'value'> | null,
): Amounts {
  const { subtotal, discount, shipping } = amountsBeforeTax(lines, promo);
  // Gift cards are not taxed (docs/decisions/0127): the goods after the discount, and the shipping.
  const tax = Math.round((goodsSubtotal(lines) - discount + shipping) * taxRate(state));
  return { subtotal, discount, shipping, tax, total: subtotal - discount + shipping + tax };
}

/**
 * The cart's estimate before the card step, with a discount the promo-code check answered (the card step then prices
 * everything on the server): the shop's table with its state rules (shared/tax-rules.ts), each line's tax code read
 * from its size. Where the stage prices tax with Stripe Tax the card step's figure, by the full address, may differ.
 */
export function estimateAmounts(
  lines: readonly (PricedLine & { size: string })[],
  state: string,
  discount = 0,
  /** The rate chosen at the shipping step (issue 53), when one is; else the spec's flat rate. */
  shippingCents?: number,
): Amounts {
  const subtotal = subtotalCents(lines);
  // An empty cart ships nothing: no tax (the cart shows no figures then).
  if (!lines.length) {
    const taken = Math.min(discount, SHIPPING_CENTS);
    return { subtotal, discount: taken, shipping: SHIPPING_CENTS, tax: 0, total: SHIPPING_CENTS - taken };
  }
  // Gift cards take no discount, ship nothing and are not taxed (docs/decisions/0127): the rest is the goods'.
  const goods = lines.filter(isGoods);
  const goodsTotal = subtotalCents(goods);
  const shipping = goods.length ? (shippingCents ?? shippingFor(lines)) : 0;
  const taken = Math.min(discount, goodsTotal + shipping);
  // The check answers an amount only: it comes off the goods, and what is more than the goods off the shipping.
  const onGoods = Math.min(taken, goodsTotal);
  const amounts = goods.map((line) => line.price * line.quantity);
  const goodsShares = splitCents(onGoods, amounts);
  const shippingShares = splitCents(shipping - (taken - onGoods), amounts);
  const { total: tax } = tableTax({
    state,
    discountOn: 'goods',
    lines: goods.map((line, index) => ({
      amount: amounts[index],
      quantity: line.quantity,
      taxCode: taxCodeOfSize(line.size),
      discount: goodsShares[index],
      shipping: shippingShares[index],
    })),
  });
  return { subtotal, discount: taken, shipping, tax, total: subtotal - taken + shipping + tax };
}

/** Amounts stored before promo codes have no discount: read them as 0. */
export const withDiscount = <T extends Omit<Amounts, 'discount'> & { discount?: number }>(amounts: T): T & Amounts => ({
  ...amounts,
  discount: amounts.discount ?? 0,
});

/** 1234 -> "12.34" */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * 1234 -> "$12.34"; 899991 -> "$8,999.91" (what people read; `formatCents` stays plain for CSV, JSON-LD and form
 * fields).
 */
export function formatPrice(cents: number): string {
  const [whole, fraction] = formatCents(cents).split('.');
  return `$${groupThousands(whole)}.${fraction}`;
}

/** "12.34" or 12.34 -> 1234; NaN when it is not a money amount. */
export function toCents(dollars: string | number): number {
  const text = String(dollars).trim().replace(/^\$/, '');
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return Number.NaN;
  const [whole, frac = ''] = text.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

/** Arrival date shown in the cart: today plus 14 days (spec section 9). */
export const ARRIVAL_DAYS = 14;
export function estimatedArrival(from: Date = new Date()): Date {
  const d = new Date(from);
  d.setDate(d.getDate() + ARRIVAL_DAYS);
  return d;
}
