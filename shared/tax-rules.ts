import { splitCents } from './shares';
import { TAX_CODES } from './tax-codes';
import { taxRate, toStateCode, type StateCode } from './tax';

/**
 * The shop's own tax rule (issue 35, docs/decisions/0107): the spec's state rates (shared/tax.ts), improved with the
 * state rules that need only the state and the line, for when Stripe Tax is not used (locally, in a stage without
 * it, or when it does not answer). The tax is computed on the taxable base and split onto the lines:
 *
 *   tax = round(taxable base x state rate), base = the taxable goods (after the discount) + the taxable shipping,
 *
 * so with every line and the shipping taxable it is exactly the spec's round((subtotal - discount + 599) x rate).
 * It differs only where a rule below exempts something. Local (county, city) taxes are not in it: Stripe Tax has
 * them.
 *
 * Rules checked on 2026-11-27 with the sources named beside them (public pages read through the project's search
 * tool; primary sources where one could be reached, else the secondary one named). A rule that changes is changed
 * here, with its source and date.
 */

/** How a state treats clothing (tax code txcd_30011000), per item. */
export type ClothingRule =
  /** Exempt from the state's tax. */
  | { exempt: 'all' }
  /** An item sold for less than `cents` is exempt; at or over it the whole price is taxed. */
  | { exempt: 'under'; cents: number }
  /** The first `cents` of each item's price is exempt; only the part over it is taxed. */
  | { exempt: 'up-to'; cents: number };

// Sources for clothing: Avalara, "How to handle sales tax on clothing: a state-by-state guide" (updated 2025) names
// AK (local taxes only), MA, MN, NJ, NY, PA, RI and VT as the states that exempt some clothing; each state below
// with its own source.
export const CLOTHING_RULES: Partial<Record<StateCode, ClothingRule>> = {
  // New York: clothing and footwear sold for less than $110 per item is exempt from the 4% state tax (since April 1,
  // 2006; S.B. 7193, Laws 2006; NYS Department of Taxation and Finance, "Clothing and footwear items sold for less than
  // $110 are always free of sales tax in New York State", 2019; tax.ny.gov/pubs_and_bulls/tg_bulletins/st/
  // clothing_chart.htm). Counties may still tax it (Pub 718-C): not in this table.
  NY: { exempt: 'under', cents: 110_00 },
  // Massachusetts: an item of clothing up to $175 is exempt; the part of its price over $175 is taxed at 6.25%
  // (MA DOR Directive 99-3 and TIR 04-14, as cited by LegalClarity "Is There Tax on Clothes in Massachusetts?").
  MA: { exempt: 'up-to', cents: 175_00 },
  // Rhode Island: clothing and footwear up to $250 per item is exempt; the part over $250 is taxed at 7% (since
  // October 1, 2012; 280-RICR-20-70-6.6 "Taxation of Clothing and Essential Clothing").
  RI: { exempt: 'up-to', cents: 250_00 },
  // Pennsylvania: clothing is exempt (72 P.S. § 7204; formal wear, fur and sports gear are taxed, none of which the
  // shop sells) (PA Department of Revenue, REV-717 Retailers' Information).
  PA: { exempt: 'all' },
  // New Jersey: "Receipts from retail sales of clothing are exempt" (N.J.A.C. 18:24-6.3; fur clothing, accessories,
  // sport and protective equipment are not).
  NJ: { exempt: 'all' },
  // Minnesota: "Clothing sales for general use is not taxable" (Minnesota Revenue, Clothing Sales; Sales Tax Fact
  // Sheet 105: sweatshirts, T-shirts and jerseys are exempt clothing).
  MN: { exempt: 'all' },
  // Vermont: clothing is exempt (Vermont Department of Taxes, "What is Taxable and Exempt", revised October 2022;
  // 32 V.S.A. § 9741).
  VT: { exempt: 'all' },
};

/**
 * States that do not tax the shop's shipping and handling charge: one flat charge, stated apart from the goods, for
 * delivery by a carrier to the address the shopper gives. Everywhere else the charge is taxed along with the goods it
 * ships: in full when all of them are taxed, in the part that falls on taxed goods when some are exempt (by price, as
 * NRS 360B.255 and most states apportion a mixed shipment), not at all when none are.
 *
 * Sources: Iowa Admin. Code r. 701-219.14 (separately itemized transportation and delivery charges are not taxed;
 * Iowa's "delivery charges" include handling); IDAPA 35.01.02.061 (Idaho: "charges for transportation and handling
 * of goods to the consumer are not included as a part of the sales price" when stated separately); Massachusetts DOR
 * Directive 04-5 ("a charge ... for preparation and delivery of goods to a location designated by the purchaser is
 * excluded from the sales price") and Directive 98-5 (shipping and handling charges); Okla. Admin. Code 710:65-19-70
 * (delivery charges, "including ... handling", separately stated are not taxed); Utah Code 59-12-102 (delivery
 * charges separately stated are not taxed, as the Utah Supreme Court quotes it in Ivory Homes v. Utah State Tax
 * Commission); Wyoming Department of Revenue, bulletin "Freight and Transportation Charges" (revised August 1, 2014:
 * outbound freight, "shipping and handling charges" included, is exempt when separately stated; quoted by TaxJar).
 *
 * Kept taxed as in the spec, and why: Maine taxes a combined "shipping and handling" charge (Maine Revenue Services,
 * sales tax FAQ 13: combined charges are not "separately stated"); Nevada likewise (NAC 372.101; Kintsugi, "How Nevada
 * handles tax on shipping"); New York, New Jersey, Pennsylvania, Minnesota, Texas, Vermont and most others tax
 * delivery of taxable goods. Some states exempt a separately stated delivery charge only under conditions this shop
 * does not meet or that were not confirmed for a combined charge (California and Virginia tax handling; Florida
 * needs a pickup option; Illinois, Arizona, Colorado, Maryland, Missouri, Alabama): they keep the spec's rule, and
 * Stripe Tax, where a stage uses it, decides them by its own rules.
 */
export const SHIPPING_EXEMPT_STATES: readonly StateCode[] = ['IA', 'ID', 'MA', 'OK', 'UT', 'WY'];

/** A line as the tax rule reads it (cents). */
export interface TaxableLine {
  /** price x quantity. */
  amount: number;
  quantity: number;
  taxCode: string;
  /** The line's share of the order's discount and of its shipping (shared/shares.ts). */
  discount: number;
  shipping: number;
}

export interface TaxedLine {
  /** The line's tax: on its goods and on its share of the shipping. */
  tax: number;
  /** The part of `tax` on its share of the shipping. */
  shippingTax: number;
}

/**
 * What the discount is taken off: the goods (percent and amount codes) or the shipping (a free-shipping code, whose
 * discount is the shipping).
 */
export type DiscountOn = 'goods' | 'shipping';

/** The taxed part of a line's goods after its discount, in cents, under the state's clothing rule. */
function taxableGoods(rule: ClothingRule | undefined, line: TaxableLine, net: number): number {
  // A service (a quote's design work) is no sale of goods: not taxed, nor its share of the shipping (decision 0114).
  // Nor is a gift card (0127; the card step never asks about one, and its shares of the shipping are 0).
  if (line.taxCode === TAX_CODES.services || line.taxCode === TAX_CODES.nontaxable) return 0;
  if (line.taxCode !== TAX_CODES.clothing || !rule) return net;
  if (rule.exempt === 'all') return 0;
  // Per item: the price of one unit after its part of the discount (a store discount lowers the price the rule reads).
  if (rule.exempt === 'under') return net < rule.cents * line.quantity ? 0 : net;
  return Math.max(0, net - rule.cents * line.quantity);
}

/**
 * The tax of an order by the shop's table: the taxable base of each line (its goods after its discount, and its share
 * of the shipping where shipping is taxed, in the part that ships taxed goods), the tax on the whole base at the
 * state's rate, rounded once, then split onto the lines by largest remainder in proportion to their taxable parts.
 * The lines' taxes sum to `total` exactly.
 */
export function tableTax(input: { state: string; lines: readonly TaxableLine[]; discountOn: DiscountOn }): {
  total: number;
  lines: TaxedLine[];
} {
  const code = toStateCode(input.state);
  const rate = taxRate(input.state);
  const clothing = code ? CLOTHING_RULES[code] : undefined;
  const shippingTaxed = !code || !SHIPPING_EXEMPT_STATES.includes(code);
  const parts = input.lines.map((line) => {
    const net = line.amount - (input.discountOn === 'goods' ? line.discount : 0);
    const ship = line.shipping - (input.discountOn === 'shipping' ? line.discount : 0);
    const goods = taxableGoods(clothing, line, net);
    // The shipping of a line follows its goods: all of it when they are taxed in full, none when they are exempt, and
    // in proportion (to the cent) when only a part of them is (over a threshold). With no price left after the
    // discount, the line's goods at full price tell.
    const atFull = taxableGoods(clothing, line, line.amount);
    const full = net > 0 ? goods === net : atFull === line.amount;
    const none = net > 0 ? goods === 0 : atFull === 0;
    // In part: in proportion to its taxable goods (a line discounted to nothing: as at its full price).
    const part = net > 0 ? goods / net : line.amount > 0 ? atFull / line.amount : 0;
    const shipping = !shippingTaxed ? 0 : full ? ship : none ? 0 : Math.round(ship * part);
    return { goods, shipping };
  });
  const base = parts.reduce((sum, part) => sum + part.goods + part.shipping, 0);
  const total = Math.round(base * rate);
  const split = splitCents(
    total,
    parts.flatMap((part) => [part.goods, part.shipping]),
  );
  return {
    total,
    lines: parts.map((_, index) => ({
      tax: split[2 * index] + split[2 * index + 1],
      shippingTax: split[2 * index + 1],
    })),
  };
}
