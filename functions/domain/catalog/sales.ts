import type { Size } from '#shared/sizes';
import type { ProductRecord } from '../../db/entities/product';

/** A sale of one product's size: its price in cents and when it runs (ISO 8601 times; the end is exclusive). */
export interface Sale {
  price: number;
  startsAt: string;
  endsAt: string;
}

/** The sale a product's size runs at the time asked about, or null (the catalogue price holds). */
export type SaleOf = (product: Pick<ProductRecord, 'id' | 'price' | 'tag'>, size: Size) => Sale | null;

/**
 * The catalogue's one answer to "is this on sale?", asked once for a set of products at a time (the feeds: every
 * listed product, now). Today the shop has no sales without a code, so no size is on sale; automatic sales (issue 54)
 * answer here, and the feeds' `sale_price` and `sale_price_effective_date` follow with no change of theirs
 * (docs/decisions/0150). Promo codes are not sales: they need the shopper's code at checkout.
 */
export async function salesAt(_products: readonly ProductRecord[], _at: Date): Promise<SaleOf> {
  return () => null;
}
