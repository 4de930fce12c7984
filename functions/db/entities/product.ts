import type { Photo } from '#shared/images';
import type { ProductDetails } from '#shared/schemas/product-details';
import { model, type Timestamps } from '../table';

/** Own counts of tumblers (16oz, 20oz, 24oz) and single-size goods (CANDLE). */
export type OwnStock = Partial<Record<'CANDLE' | '16oz' | '20oz' | '24oz', number>>;

/**
 * A product, listed or drafted (drafts are a state of the same record, design section 5).
 * Apparel and gift-wrap stock lives on the linked stock item (stockRef); tumblers and candles (and other
 * single-size goods) keep their own counts in `stock`. Prices are integer cents.
 */
export interface ProductRecord extends Timestamps, ProductDetails {
  id: string;
  name: string;
  /** Photo paths (/images/products/<uuid>); before the image pipeline, single files (/images/products/x.png). */
  image: string;
  extraImages: string[];
  /** What the image pipeline recorded of each photo above (sizes, variant widths), copied here when it is set. */
  photos?: Photo[];
  description: string;
  price: number;
  tag: string;
  stockRef?: string;
  stock: OwnStock;
  /** Sizes whose units are in a drop's shards meanwhile (the count here holds 0 of them): shards per size. */
  dropShards?: Partial<Record<string, number>>;
  status: 'listed' | 'drafted';
  /**
   * Set while a drafted product is retired: a spreadsheet said `Status: archived` (docs/decisions/0152). Listing it
   * again clears it. Brand, GTINs per size, MPN, colour, material, gender, age group, Google's category and a
   * shipping weight per size (grams) come from ProductDetails (issue 55 item 1).
   */
  retiredAt?: string;
  /** Running total and count of the ratings (one per customer). */
  ratingCount: number;
  ratingTotal: number;
  /** Optimistic concurrency: every admin update states the version it read (docs/decisions/0003). */
  version: number;
}

export const products = model<
  ProductRecord,
  'id',
  'extraImages' | 'stock' | 'status' | 'ratingCount' | 'ratingTotal' | 'version'
>({
  entity: 'product',
  pk: ['id'],
  indexes: { byStatus: { index: 'gsi1', pk: ['status'], sk: ['createdAt', 'id'] } },
  defaults: () => ({ extraImages: [], stock: {}, status: 'listed', ratingCount: 0, ratingTotal: 0, version: 1 }),
});
