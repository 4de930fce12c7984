import { catalogCacheControl, CATALOG_CDN_SECONDS } from '#shared/pages';
import { buyGetOffers, saleIsOn, secondsToEdge, shownSale, type SaleRules } from '#shared/sales';
import type { Product } from '#shared/schemas/product';
import type { Size } from '#shared/sizes';
import type { ProductRecord } from '../../db/entities/product';
import { allSales } from '../money/sales';

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
 * listed product, now): the best `off_items` sale without a code on at `at` (issue 54, shared/sales.ts shownSale;
 * the same price for every size), and the feeds' `sale_price` and `sale_price_effective_date` follow with no change
 * of theirs (docs/decisions/0150). Promo codes are not sales: they need the shopper's code at checkout; a buy-X-get-Y
 * or an order's sale has no one price for a product, so it is no sale price here.
 */
export async function salesAt(at: Date): Promise<SaleOf> {
  const { live } = await catalogSales(at);
  return (product) => {
    const shown = shownSale(product, live, at);
    return shown
      ? {
          price: shown.price,
          startsAt: live.find((sale) => sale.saleId === shown.saleId)!.startsAt,
          endsAt: shown.endsAt,
        }
      : null;
  };
}

/**
 * Sale prices on the catalogue's answers (issue 54, docs/decisions/0180): a product's sale price while an `off_items`
 * sale is on (its old price struck through by the pages) and the buy-X-get-Y sales that take it. The sales are read
 * once per answer, and the answer's cache time is cut to the next sale's start or end (catalogCacheControl), so a
 * sale that starts or ends changes the pages within CATALOG_CDN_SECONDS.
 */
export interface CatalogSales {
  live: SaleRules[];
  now: Date;
  /** Seconds to the next sale's start or end (at most CATALOG_CDN_SECONDS). */
  edgeSeconds: number;
  /** The answer's Cache-Control: never past the next sale's edge. */
  cacheControl: string;
}

export async function catalogSales(now = new Date()): Promise<CatalogSales> {
  const all = await allSales();
  const edgeSeconds = secondsToEdge(all, now, CATALOG_CDN_SECONDS);
  return {
    live: all.filter((sale) => saleIsOn(sale, now)),
    now,
    edgeSeconds,
    cacheControl: catalogCacheControl(edgeSeconds),
  };
}

/** The product with its sale price and buy-X-get-Y words, while they are on. */
export function withSale<P extends Product>(product: P, sales: CatalogSales): P {
  const { sale: _old, offers: _offers, ...plain } = product;
  const sale = shownSale(plain, sales.live, sales.now);
  const offers = buyGetOffers(plain, sales.live, sales.now);
  return {
    ...plain,
    ...(sale ? { sale: { name: sale.name, price: sale.price, was: sale.was, endsAt: sale.endsAt } } : {}),
    ...(offers.length ? { offers } : {}),
  } as P;
}
