import type { ShippingAddress } from '#shared/schemas/address';
import type { TaxProviderName } from '#shared/tax-codes';
import type { DiscountOn, TaxableLine, TaxedLine } from '#shared/tax-rules';

/**
 * The tax provider behind the card step (issue 35, docs/decisions/0107, 0108): Stripe Tax (by the full address, in a
 * stage that turns it on) or the shop's table (shared/tax-rules.ts). Both answer each line's tax and the part of it on
 * the line's share of the shipping, in the lines' order, summing to `total` exactly. Amounts are integer cents.
 */
export interface TaxQuestion {
  address: ShippingAddress;
  /** Each line with its reference (`<product id>|<size>`, unique in the order) and its discount and shipping shares. */
  lines: (TaxableLine & { reference: string })[];
  /** What the discount is taken off: the goods, or (a free-shipping code) the shipping. */
  discountOn: DiscountOn;
}

export interface TaxAnswer {
  provider: TaxProviderName;
  total: number;
  lines: TaxedLine[];
  /** Stripe Tax's calculation, from which the transaction is recorded after the capture. */
  calculationId?: string;
  /** The table priced it because Stripe Tax, turned on, did not answer: why (what the order and the owner see). */
  stripeTaxUnavailable?: string;
}

export interface TaxProvider {
  readonly name: TaxProviderName;
  calculate(question: TaxQuestion): Promise<TaxAnswer>;
}

/** Stripe Tax did not answer, or answered something the shop cannot use: the card step uses the table. */
export class StripeTaxUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StripeTaxUnavailable';
  }
}
