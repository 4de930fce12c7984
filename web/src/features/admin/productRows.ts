import { formatCents, toCents } from '#shared/money';
import { unescapeText } from '#shared/sanitize';
import { CANDLE_SIZE, sizeKind, sizesFor, TUMBLER_SIZES } from '#shared/sizes';
import type { AdminProduct } from './adminApi';

/** Non-numeric input becomes 0 (spec section 5). */
export const toCount = (value: string) => {
  const n = Number.parseInt(value, 10);
  return Number.isFinite(n) && n > 0 ? n : 0;
};

/** A product's row in the products table as the owner types it (the price in dollars, counts as text). */
export interface Row {
  name: string;
  price: string;
  tag: string;
  stockRef: string;
  description: string;
  stock: Record<string, string>;
  /** Each size's shipping weight in grams as typed ('' : the kind's usual weight). */
  weights: Record<string, string>;
  /** How it packs: soft, boxed, alone, or '' for its kind's rule (shared/parcels.ts). */
  packing: string;
}

/** The row of a product as stored (its text unescaped, its price in dollars). */
export const rowOf = (p: AdminProduct): Row => ({
  name: unescapeText(p.name),
  price: formatCents(p.price),
  tag: p.tag,
  stockRef: p.stockRef ?? '',
  description: unescapeText(p.description),
  stock: Object.fromEntries(Object.entries(p.stock).map(([k, v]) => [k, String(v)])),
  weights: Object.fromEntries(Object.entries(p.weightGrams ?? {}).map(([k, v]) => [k, String(v)])),
  packing: p.packing ?? '',
});

/**
 * The weights a row sends: each of its tags' sizes with a weight typed (whole grams; anything else is sent as typed,
 * for the server's schema to refuse beside the field), the others left to the kind's usual weight.
 */
export function weightsOf(tag: string, weights: Record<string, string>): Record<string, number> {
  const sent: Record<string, number> = {};
  for (const size of sizesFor(tag)) {
    const typed = (weights[size] ?? '').trim();
    if (typed) sent[size] = Number(typed);
  }
  return sent;
}

/** The rows of a page of products, by product id. */
export const rowsOf = (products: AdminProduct[]) => Object.fromEntries(products.map((p) => [p.id, rowOf(p)]));

/** Which own counts a product keeps: tumblers 16/20/24oz, single-size goods one count, apparel none. */
export const ownCounts = (tag: string): string[] =>
  sizeKind(tag) === 'tumbler' ? [...TUMBLER_SIZES] : sizeKind(tag) === 'single' ? ['CANDLE'] : [];

/**
 * What Save sends for a row: only the fields that differ from the product as read (the price in cents, NaN when it
 * cannot be read; the counts the row's tags keep, all of them when one changed). Empty: nothing to save.
 */
export function changes(product: AdminProduct, row: Row) {
  const original = rowOf(product);
  const body: Record<string, unknown> = {};
  if (row.name !== original.name) body.name = row.name;
  if (row.price !== original.price) body.price = toCents(row.price);
  if (row.tag !== original.tag) body.tag = row.tag;
  if (row.stockRef !== original.stockRef) body.stockRef = row.stockRef;
  if (row.description !== original.description) body.description = row.description;
  if (JSON.stringify(weightsOf(row.tag, row.weights)) !== JSON.stringify(weightsOf(original.tag, original.weights)))
    body.weightGrams = weightsOf(row.tag, row.weights);
  if (row.packing !== original.packing) body.packing = row.packing;
  const counts = ownCounts(row.tag);
  if (counts.some((k) => (row.stock[k] ?? '0') !== (original.stock[k] ?? '0')))
    body.stock = Object.fromEntries(counts.map((k) => [k, toCount(row.stock[k] ?? '0')]));
  return body;
}

/**
 * A product's stock in one line, by the sizes shoppers pick (the phone's product cards): "S 4 · M 0 · L 2",
 * "18inX36in 3 · ...", or "12 in stock" for a one-size good; "Sold out" when no size has any.
 */
export function stockSummary(product: Pick<AdminProduct, 'sizes'>): string {
  const { sizes } = product;
  if (sizes.every((size) => size.available <= 0)) return 'Sold out';
  if (sizes.length === 1 && sizes[0].size === CANDLE_SIZE) return `${sizes[0].available} in stock`;
  return sizes.map((size) => `${size.size} ${Math.max(0, size.available)}`).join(' · ');
}
