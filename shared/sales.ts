import { CATEGORIES } from './categories';
import { dropStartText } from './drops';
import { SHOP_TIME_ZONE } from './format';
import { formatPrice } from './money';
import type { PromoKind } from './promo';
import { tagWords } from './sizes';

/**
 * Sales without a code (issue 54, docs/decisions/0178): automatic discounts the owner makes in the admin's Sales tab,
 * given to every shopper while they are on. One definition of their kinds, of what each takes off a cart, of how
 * they combine with each other and with a promo code, of what the cart says is nearly reached, and of the sale price
 * a product's pages show. The server prices with these rules (functions/domain/money/pricing.ts); the pages show
 * what they say.
 *
 * The rules of combination (the owner's guide says them too):
 * - one product discount per line: of the sales on that take something off a line, the one that takes the most;
 * - an order discount (`off_order`) and a promo code of percent or amount combine only when the code is marked
 *   "combines with sales"; otherwise the one that takes more is given, and a code that takes less is refused with
 *   one plain message (`sale_better`), so the shopper never pays more for typing a code;
 * - a free-shipping promo code combines with any sale;
 * - product discounts come off first, then the order discount, then the promo code, each on what is left of the
 *   goods: discounts come off before tax and never take the goods below zero. Gift cards take no sale.
 */
export const SALE_KINDS = ['buy_get', 'off_items', 'off_order'] as const;
export type SaleKind = (typeof SALE_KINDS)[number];

export const SALE_KIND_LABEL: Record<SaleKind, string> = {
  buy_get: 'Buy X, get Y',
  off_items: 'Percent or amount off products',
  off_order: 'Amount off the order',
};

/** What a sale is, as stored and as the rules read it. */
export interface SaleTerms {
  saleId: string;
  /** Shown to shoppers: "Candle weekend". */
  name: string;
  kind: SaleKind;
  /** ISO instants (UTC); the owner types them in the shop's time zone (shared/drops.ts shopTimeToInstant). */
  startsAt: string;
  endsAt: string;
  /** buy_get and off_items: the products it is on, by id, or (`category`) every product with that tag word. */
  products?: string[];
  category?: string;
  /** buy_get: buy this many (1-9), and the next `get` (1-9) of the same products are `percentOff` off (100: free). */
  buy?: number;
  get?: number;
  /** buy_get: the next units' percent off; off_items: percent off each unit (one of percentOff or amountOff). */
  percentOff?: number;
  /** off_items: cents off each unit (never more than its price); off_order: cents off the order. */
  amountOff?: number;
  /** off_order: the goods' subtotal (after product discounts) it needs, in cents. */
  minSubtotal?: number;
  /** At most this many orders get it (counted when the order is taken: docs/decisions/0179). */
  maxUses?: number;
}
export interface SaleRules extends SaleTerms {
  active: boolean;
  /** Orders taken with it. */
  uses: number;
}

/** Words the pages show beside a sale price (the struck-through price's accessible text first). */
export const SALE_WORDS = {
  /** Read before the struck-through price by a screen reader ("Was $20.00"); hidden on screen. */
  was: 'Was ',
  /** Read before the sale price. */
  now: 'Now ',
  cartApplied: 'Sales applied',
  cartNearly: 'Nearly there',
} as const;

export const SALE_MESSAGES = {
  /** A promo code that takes less than the order's sale, and does not combine with sales. */
  saleBetter: (sale: string) =>
    `This promo code does not combine with the sale "${sale}", which takes off more. You keep the sale.`,
  /** A limited sale used up by others while the shopper was paying: the authorization is cancelled. */
  usedUpWhilePaying: (sale: string) =>
    `Sorry, the sale "${sale}" ran out while you were paying. Your card was not charged. Please check out again: ` +
    'your order will be priced without it.',
  limitedLeft: (left: number) => `${left} left`,
} as const;

/** A sale is on from its start (included) to its end (not included), active, and under its limit of uses. */
export function saleIsOn(sale: SaleRules, now: Date): boolean {
  const at = now.toISOString();
  if (!sale.active || at < sale.startsAt || at >= sale.endsAt) return false;
  return sale.maxUses === undefined || sale.uses < sale.maxUses;
}

/** The product a sale may be on: its id and its tag words (shared/sizes.ts tagWords). */
export interface SaleProduct {
  id: string;
  tag: string;
}

export const saleCovers = (sale: SaleTerms, product: SaleProduct) =>
  sale.kind !== 'off_order' &&
  (sale.category ? tagWords(product.tag).includes(sale.category) : (sale.products ?? []).includes(product.id));

/** One unit's price under an `off_items` sale. */
export function unitSalePrice(sale: SaleTerms, price: number): number {
  if (sale.percentOff !== undefined) return price - Math.min(price, Math.round((price * sale.percentOff) / 100));
  return price - Math.min(price, sale.amountOff ?? 0);
}

/** A line as the sales read it. A gift card's line has `gift` and takes no sale. */
export interface SaleLine {
  id: string;
  tag: string;
  price: number;
  quantity: number;
  gift?: boolean;
}

/** What one product sale takes off each line (cents; 0 where it is not on the line). */
export function productSaleOff(sale: SaleTerms, lines: readonly SaleLine[]): number[] {
  const on = lines.map((line) => !line.gift && saleCovers(sale, line));
  if (sale.kind === 'off_items')
    return lines.map((line, index) => (on[index] ? (line.price - unitSalePrice(sale, line.price)) * line.quantity : 0));
  // buy_get: the units of its products in the cart, the dearest first; in each group of buy + get, the last `get`
  // (the cheapest of the group) are `percentOff` off.
  const units = lines
    .flatMap((line, index) =>
      on[index] ? Array.from({ length: line.quantity }, () => ({ index, price: line.price })) : [],
    )
    .sort((a, b) => b.price - a.price || a.index - b.index);
  const group = (sale.buy ?? 1) + (sale.get ?? 1);
  const off = lines.map(() => 0);
  units.forEach((unit, at) => {
    const full = Math.floor(at / group) < Math.floor(units.length / group);
    if (full && at % group >= (sale.buy ?? 1))
      off[unit.index] += Math.min(unit.price, Math.round((unit.price * (sale.percentOff ?? 100)) / 100));
  });
  return off;
}

/** A promo code as the combination reads it. */
export interface SalePromo {
  code: string;
  kind: PromoKind;
  value: number;
  combinesWithSales?: boolean;
}

/** One discount of the breakdown the card step, the mails, the order page and the CSV show. */
export interface DiscountPart {
  name: string;
  amount: number;
}

/** A sale an order was given, as the order keeps it (the take counts a limited one). */
export interface GivenSale {
  saleId: string;
  name: string;
  amount: number;
  limited?: boolean;
}

export interface DiscountPlan {
  /** Each line's product discount (cents) and the sale that gave it. */
  lineOff: number[];
  lineSale: (string | null)[];
  /** The order's sale (off_order), when one is given. */
  orderSale: GivenSale | null;
  /** The promo code's amount: off the goods, or the shipping (a free-shipping code). */
  promo: number;
  promoOn: 'goods' | 'shipping' | null;
  /** The code is refused: the order's sale takes more and the code does not combine with sales. */
  promoRefused: { sale: string } | null;
  /** Off the goods in all (product discounts, the order's sale, a code off the goods). */
  goodsOff: number;
  /** Off the shipping (a free-shipping code). */
  shippingOff: number;
  /** Every discount given, by name: the sales first, then the code. */
  discounts: DiscountPart[];
  /** The sales given (each once, with what it took off). */
  sales: GivenSale[];
}

/** The promo code's name in the breakdown. */
export const promoPartName = (code: string) => `Promo code ${code}`;

/**
 * What the sales on at `now` and the promo code take off a cart, by the rules of combination (above). `goods`: the
 * goods' subtotal; `shipping`: the shipping charge (what a free-shipping code takes off).
 */
export function planDiscounts(input: {
  lines: readonly SaleLine[];
  sales: readonly SaleRules[];
  now: Date;
  shipping: number;
  promo?: SalePromo | null;
}): DiscountPlan {
  const { lines, promo } = input;
  const live = input.sales.filter((sale) => saleIsOn(sale, input.now));
  const byId = new Map(live.map((sale) => [sale.saleId, sale]));
  const lineOff = lines.map(() => 0);
  const lineSale: (string | null)[] = lines.map(() => null);
  for (const sale of live.filter((one) => one.kind !== 'off_order')) {
    productSaleOff(sale, lines).forEach((off, index) => {
      if (off > lineOff[index]) {
        lineOff[index] = off;
        lineSale[index] = sale.saleId;
      }
    });
  }
  const goods = lines.reduce((sum, line) => sum + (line.gift ? 0 : line.price * line.quantity), 0);
  const afterItems = goods - lineOff.reduce((a, b) => a + b, 0);
  let orderSale: GivenSale | null = null;
  for (const sale of live.filter((one) => one.kind === 'off_order')) {
    if (afterItems <= 0 || afterItems < (sale.minSubtotal ?? 0)) continue;
    const amount = Math.min(afterItems, sale.amountOff ?? 0);
    if (amount > (orderSale?.amount ?? 0)) orderSale = given(sale, amount);
  }
  let promoAmount = 0;
  let promoOn: DiscountPlan['promoOn'] = null;
  let promoRefused: DiscountPlan['promoRefused'] = null;
  if (promo && promo.kind === 'shipping') {
    promoAmount = input.shipping;
    promoOn = 'shipping';
  } else if (promo) {
    const codeOff = (base: number) =>
      Math.max(
        0,
        promo.kind === 'percent' ? Math.min(base, Math.round((base * promo.value) / 100)) : Math.min(base, promo.value),
      );
    if (orderSale && !promo.combinesWithSales) {
      const alone = codeOff(afterItems);
      if (alone <= orderSale.amount) promoRefused = { sale: orderSale.name };
      else {
        orderSale = null;
        promoAmount = alone;
        promoOn = 'goods';
      }
    } else {
      promoAmount = codeOff(afterItems - (orderSale?.amount ?? 0));
      promoOn = 'goods';
    }
  }
  const productSales = new Map<string, number>();
  lineSale.forEach((saleId, index) => {
    if (saleId) productSales.set(saleId, (productSales.get(saleId) ?? 0) + lineOff[index]);
  });
  const sales = [
    ...[...productSales].map(([saleId, amount]) => given(byId.get(saleId)!, amount)),
    ...(orderSale ? [orderSale] : []),
  ];
  const discounts: DiscountPart[] = [
    ...sales.map(({ name, amount }) => ({ name, amount })),
    ...(promo && promoOn && !promoRefused ? [{ name: promoPartName(promo.code), amount: promoAmount }] : []),
  ].filter((part) => part.amount > 0);
  return {
    lineOff,
    lineSale,
    orderSale,
    promo: promoAmount,
    promoOn,
    promoRefused,
    goodsOff: goods - afterItems + (orderSale?.amount ?? 0) + (promoOn === 'goods' ? promoAmount : 0),
    shippingOff: promoOn === 'shipping' ? promoAmount : 0,
    discounts,
    sales,
  };
}

function given(sale: SaleRules, amount: number): GivenSale {
  return { saleId: sale.saleId, name: sale.name, amount, ...(sale.maxUses !== undefined ? { limited: true } : {}) };
}

const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
const ORDINALS = ['', 'first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];
const numberWord = (n: number) => NUMBER_WORDS[n] ?? String(n);
const ordinal = (n: number) => ORDINALS[n] ?? `${n}th`;

/** One of what a sale is on, in words: "candle" (a category's label, singular), a product's name, or "item". */
function unitWord(sale: SaleTerms, names: ReadonlyMap<string, string>, count: number): string {
  const label = sale.category ? CATEGORIES.find((category) => category.slug === sale.category)?.label : undefined;
  const one = label
    ? label.toLowerCase().replace(/s$/, '')
    : sale.products?.length === 1 && names.get(sale.products[0])
      ? names.get(sale.products[0])!
      : sale.category
        ? sale.category.replace(/s$/, '')
        : 'item';
  return count === 1 || label === undefined ? (count === 1 ? one : `${one}s`) : `${one}s`;
}

/** What a buy-X-get-Y gives, in words: "the third is free", "the next two are 50% off". */
export function buyGetReward(sale: SaleTerms): string {
  const buy = sale.buy ?? 1;
  const get = sale.get ?? 1;
  const what = (sale.percentOff ?? 100) >= 100 ? 'free' : `${sale.percentOff}% off`;
  return get === 1 ? `the ${ordinal(buy + 1)} is ${what}` : `the next ${numberWord(get)} are ${what}`;
}

/** What a sale gives, in words, for the owner's list and the product pages: "Buy 2, the third is free". */
export function describeSale(sale: SaleTerms): string {
  if (sale.kind === 'buy_get') return `Buy ${sale.buy ?? 1}, ${buyGetReward(sale)}`;
  if (sale.kind === 'off_items')
    return sale.percentOff !== undefined ? `${sale.percentOff}% off` : `${formatPrice(sale.amountOff ?? 0)} off each`;
  return `${formatPrice(sale.amountOff ?? 0)} off orders of ${formatPrice(sale.minSubtotal ?? 0)} or more`;
}

/**
 * The cart's "nearly there" lines: for each sale on that is not yet reached (or could be reached again), what to
 * add: "Add one more candle: the third is free", "Add $12.00 more to take $10.00 off your order".
 */
export function nearlyThere(input: {
  lines: readonly (SaleLine & { name?: string })[];
  sales: readonly SaleRules[];
  now: Date;
}): string[] {
  const names = new Map(input.lines.map((line) => [line.id, line.name ?? '']));
  const plan = planDiscounts({ lines: input.lines, sales: input.sales, now: input.now, shipping: 0 });
  const goods = input.lines.reduce((sum, line) => sum + (line.gift ? 0 : line.price * line.quantity), 0);
  const afterItems = goods - plan.lineOff.reduce((a, b) => a + b, 0);
  const out: string[] = [];
  for (const sale of input.sales.filter((one) => saleIsOn(one, input.now))) {
    if (sale.kind === 'buy_get') {
      const count = input.lines.reduce(
        (sum, line) => sum + (!line.gift && saleCovers(sale, line) ? line.quantity : 0),
        0,
      );
      const group = (sale.buy ?? 1) + (sale.get ?? 1);
      const left = count % group;
      if (!count || left === 0) continue;
      const need = Math.max(1, (sale.buy ?? 1) + 1 - left);
      if (left > sale.buy!) continue; // the reward units are in the cart already
      out.push(`Add ${numberWord(need)} more ${unitWord(sale, names, need)}: ${buyGetReward(sale)}`);
    }
    if (sale.kind === 'off_order' && goods > 0 && afterItems < (sale.minSubtotal ?? 0))
      out.push(
        `Add ${formatPrice((sale.minSubtotal ?? 0) - afterItems)} more to take ${formatPrice(sale.amountOff ?? 0)} off your order`,
      );
  }
  return out;
}

/** How a sale's end reads to shoppers: "Sale ends Monday, December 7 at 11:59 PM ET". */
export const saleEndsText = (endsAt: string) => `Sale ends ${dropStartText(endsAt)}`;

/** A product's sale price while an `off_items` sale is on (the best of them), for its pages and JSON-LD. */
export interface ShownSale {
  saleId: string;
  name: string;
  price: number;
  was: number;
  endsAt: string;
}
export function shownSale(
  product: SaleProduct & { price: number },
  sales: readonly SaleRules[],
  now: Date,
): ShownSale | null {
  let best: ShownSale | null = null;
  for (const sale of sales) {
    if (sale.kind !== 'off_items' || !saleIsOn(sale, now) || !saleCovers(sale, product)) continue;
    const price = unitSalePrice(sale, product.price);
    if (price < (best?.price ?? product.price))
      best = { saleId: sale.saleId, name: sale.name, price, was: product.price, endsAt: sale.endsAt };
  }
  return best;
}

/** A buy-X-get-Y on a product, in words for its page: "Candle trio: buy 2, the third is free". */
export function buyGetOffers(product: SaleProduct, sales: readonly SaleRules[], now: Date): string[] {
  return sales
    .filter((sale) => sale.kind === 'buy_get' && saleIsOn(sale, now) && saleCovers(sale, product))
    .map((sale) => `${sale.name}: ${describeSale(sale).replace(/^Buy/, 'buy')}`);
}

/**
 * The next instant a sale starts or ends after `now` (null: none): a page that shows prices is cached no longer
 * than until then (docs/decisions/0180).
 */
export function nextSaleEdge(sales: readonly SaleRules[], now: Date): string | null {
  const at = now.toISOString();
  const edges = sales
    .filter((sale) => sale.active)
    .flatMap((sale) => [sale.startsAt, sale.endsAt])
    .filter((edge) => edge > at)
    .sort();
  return edges[0] ?? null;
}

/** At most this many seconds a page may be cached so that it is not cached past the next edge (0: do not cache). */
export function secondsToEdge(sales: readonly SaleRules[], now: Date, cap: number): number {
  const edge = nextSaleEdge(sales, now);
  if (!edge) return cap;
  return Math.max(0, Math.min(cap, Math.floor((Date.parse(edge) - now.getTime()) / 1000)));
}

/** The shop's time zone the owner's form reads start and end in. */
export const SALE_TIME_ZONE = SHOP_TIME_ZONE;

/** The last day a sale is on, in the shop's time zone (JSON-LD's priceValidUntil): 2026-12-07. */
export function saleLastDay(endsAt: string): string {
  // The end is not included: the last moment on is a millisecond before it.
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: SHOP_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(Date.parse(endsAt) - 1));
  return parts;
}

/** A sale's end, short, under a sale price: "Sale ends Mon, Dec 7". */
export function saleEndsShort(endsAt: string): string {
  const last = new Date(Date.parse(endsAt) - 1);
  const day = last.toLocaleDateString('en-US', {
    timeZone: SHOP_TIME_ZONE,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
  });
  return `Sale ends ${day}`;
}
