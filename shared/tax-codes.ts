import { APPAREL_SIZES, GIFTWRAP_SIZES, sizeKind, TUMBLER_SIZES, type SizeKind } from './sizes';

/**
 * What each thing the shop charges for is, for sales tax (issue 35, docs/decisions/0107): Stripe's product tax codes
 * (https://docs.stripe.com/tax/tax-codes), which Stripe Tax prices by address and which the shop's own table rule
 * (shared/tax-rules.ts) reads too. Checked on 2026-11-27 against Stripe's API reference for the tax code object
 * (txcd_99999999 "General - Tangible Goods") and, for the others, published copies of Stripe's list (its code
 * samples for Stripe Tax use txcd_30011000 for apparel): the operator checks them against the live list
 * (docs/deploying.md) when Stripe Tax is turned on.
 */
export const TAX_CODES = {
  /** "Clothing & Footwear": apparel and footwear for general use (hoodies, shirts, tees). */
  clothing: 'txcd_30011000',
  /** "General - Tangible Goods": candles, gift wrap, tumblers and every other physical good. */
  general: 'txcd_99999999',
  /**
   * "Shipping and Handling Combined Charge": the shop charges one flat "shipping & handling" (spec section 9), which
   * several states tax where they would not tax shipping alone ("Shipping", txcd_92010001, is for a charge of
   * delivery only).
   */
  shippingAndHandling: 'txcd_92010000',
  /**
   * "General - Services": a quote's design work (graphic or web design delivered as files, issue 37,
   * docs/decisions/0114). The shop's table does not tax it; Stripe Tax applies each state's own rule for services.
   */
  services: 'txcd_20030000',
  /**
   * "Nontaxable": what a gift card line carries (docs/decisions/0127). Selling a gift card is no sale of goods (its
   * spending is): its line is never sent to the tax provider, and neither rule taxes it.
   */
  nontaxable: 'txcd_00000000',
} as const;

/** The code of a product line (a quote's design work has TAX_CODES.services). */
export type ProductTaxCode = typeof TAX_CODES.clothing | typeof TAX_CODES.general;

/** The tax code of each kind of product, by the size family its tag gives it (shared/sizes.ts). */
export const PRODUCT_TAX_CODES: Record<SizeKind, ProductTaxCode> = {
  apparel: TAX_CODES.clothing,
  giftwrap: TAX_CODES.general,
  tumbler: TAX_CODES.general,
  // Candles, and any other product without sizes.
  single: TAX_CODES.general,
};

/** The tax code of a product, from its tag. */
export const taxCodeOf = (tag: string): ProductTaxCode => PRODUCT_TAX_CODES[sizeKind(tag)];

/**
 * The tax code of a cart line by its size, which only its kind of product has (S to 2XL are apparel's, the gift wrap
 * and tumbler sizes theirs, CANDLE the rest's): the cart's estimate, where a line carries no tag. The card step reads
 * the product's tag (taxCodeOf); the two agree for every product the catalogue sells.
 */
export function taxCodeOfSize(size: string): ProductTaxCode {
  const kind: SizeKind = (APPAREL_SIZES as readonly string[]).includes(size)
    ? 'apparel'
    : (GIFTWRAP_SIZES as readonly string[]).includes(size)
      ? 'giftwrap'
      : (TUMBLER_SIZES as readonly string[]).includes(size)
        ? 'tumbler'
        : 'single';
  return PRODUCT_TAX_CODES[kind];
}

/** The code of the order's shipping and handling charge. */
export const SHIPPING_TAX_CODE = TAX_CODES.shippingAndHandling;

/**
 * Who computed an order's tax: Stripe Tax (by the full address, in AWS when the stage turns it on) or the shop's
 * table (the spec's state rates with the state rules of shared/tax-rules.ts).
 */
export const TAX_PROVIDERS = ['stripe_tax', 'table'] as const;
export type TaxProviderName = (typeof TAX_PROVIDERS)[number];

/** How the owner reads the provider (the admin order page). */
export const TAX_PROVIDER_LABEL: Record<TaxProviderName, string> = {
  stripe_tax: 'Stripe Tax (by the full address)',
  table: "The shop's state table (by state)",
};
