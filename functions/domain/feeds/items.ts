import { createHash } from 'node:crypto';
import { variantUrl, type Photo } from '#shared/images';
import { formatCents } from '#shared/money';
import { APPAREL_DEFAULTS, isApparel, productType } from '#shared/product-details';
import { unescapeText } from '#shared/sanitize';
import { CANDLE_SIZE, sizesFor, type Size } from '#shared/sizes';
import type { ProductRecord } from '../../db/entities/product';
import type { Sale, SaleOf } from '../catalog/sales';

/**
 * One item of the product feeds (issue 55 items 2 and 3): one per listed product and size, with Google's attribute
 * names; the Google feed writes it as RSS 2.0 with the `g:` namespace, the Meta catalog as CSV
 * (docs/decisions/0150).
 */
export interface FeedItem {
  id: string;
  title: string;
  description: string;
  link: string;
  image_link: string;
  additional_image_link: string[];
  availability: 'in_stock' | 'out_of_stock' | 'preorder';
  /** A drop's start (ISO 8601) while its size is not on sale yet (`preorder`; docs/decisions/0172). */
  availability_date?: string;
  price: string;
  sale_price?: string;
  sale_price_effective_date?: string;
  brand: string;
  gtin?: string;
  mpn?: string;
  identifier_exists?: 'no';
  condition: 'new';
  item_group_id?: string;
  size?: string;
  color?: string;
  gender?: string;
  age_group?: string;
  material?: string;
  google_product_category?: string;
  product_type: string;
  shipping_weight?: string;
}

/** Google's limits (and Meta's, which are the same or wider). */
export const FEED_LIMITS = { id: 50, title: 150, description: 5000, additionalImages: 10 } as const;

/**
 * A feed item's id: `<product id>_<size>`, the product id alone for a one-size good. Stable (the same product and
 * size give the same id on every read) and at most 50 characters: a longer one keeps the start of the product id and
 * adds 8 hex digits of its SHA-256, so two long ids that start alike stay apart.
 */
export function feedItemId(productId: string, size: Size): string {
  const single = size === CANDLE_SIZE;
  const plain = single ? productId : `${productId}_${size}`;
  if (plain.length <= FEED_LIMITS.id) return plain;
  const hash = createHash('sha256').update(productId).digest('hex').slice(0, 8);
  const suffix = single ? `~${hash}` : `~${hash}_${size}`;
  return `${productId.slice(0, FEED_LIMITS.id - suffix.length)}${suffix}`;
}

/** `24.00 USD`: the feeds' price format. */
export const feedPrice = (cents: number) => `${formatCents(cents)} USD`;

/** An ISO 8601 interval (`start/end`), the format of `sale_price_effective_date`. */
export const effectiveDate = (sale: Sale) => `${sale.startsAt}/${sale.endsAt}`;

/**
 * Text as plain words (Google takes no HTML): the shop's stored entities undone, anything written like a tag and the
 * characters XML cannot carry left out, trimmed to `max`.
 */
const plain = (text: string, max: number) =>
  unescapeText(text)
    .replace(/<\/?[a-z][^<>]*>/gi, '')
    // eslint-disable-next-line no-control-regex -- the characters XML 1.0 cannot carry
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
    .trim()
    .slice(0, max)
    .trim();

/**
 * The URL of a photo's largest JPEG variant (Google and Meta take JPEG or PNG, not AVIF); a picture from before the
 * image pipeline (a single file) as it is.
 */
function largestJpeg(path: string, photos: readonly Photo[], origin: string): string {
  const photo = photos.find((p) => p.src === path);
  return `${origin}${photo ? variantUrl(photo, Math.max(...photo.widths), 'jpg') : path}`;
}

/** A listed product as the feeds read it: the record and the units each size has left. */
export interface FeedProduct {
  record: ProductRecord;
  available: Partial<Record<Size, number>>;
  /** Sizes in a drop that has not started: when they go on sale (docs/decisions/0172). */
  availableFrom?: Partial<Record<Size, string>>;
}

export interface FeedOptions {
  /** The shop's public origin, e.g. https://shop.example (links and pictures are absolute). */
  origin: string;
  /** The brand of a product without its own. */
  defaultBrand: string;
  /** The catalogue's sales (functions/domain/catalog/sales.ts). */
  saleOf: SaleOf;
}

/**
 * The feed items of listed products: every size of each, sold out or not (a sold-out size says `out_of_stock` and
 * stays listed). Apparel always says its size, gender and age group (the shop's defaults for a product without its
 * own) and its colour when set; a product with several sizes shares its id as `item_group_id`.
 */
export function feedItems(catalog: readonly FeedProduct[], options: FeedOptions): FeedItem[] {
  const items: FeedItem[] = [];
  for (const { record, available, availableFrom } of catalog) {
    const sizes = sizesFor(record.tag);
    const apparel = isApparel(record.tag);
    const photos = record.photos ?? [];
    const [image, ...extra] = [record.image, ...(record.extraImages ?? [])].map((path) =>
      largestJpeg(path, photos, options.origin),
    );
    const mpn = record.mpn || undefined;
    const gender = record.gender ?? (apparel ? APPAREL_DEFAULTS.gender : undefined);
    const ageGroup = record.ageGroup ?? (apparel ? APPAREL_DEFAULTS.ageGroup : undefined);
    for (const size of sizes) {
      const gtin = record.gtins?.[size];
      const grams = record.weightGrams?.[size];
      const sale = options.saleOf(record, size);
      items.push({
        id: feedItemId(record.id, size),
        title: plain(record.name, FEED_LIMITS.title),
        description: plain(record.description, FEED_LIMITS.description),
        link: `${options.origin}/product/${encodeURIComponent(record.id)}`,
        image_link: image,
        additional_image_link: extra.slice(0, FEED_LIMITS.additionalImages),
        // A drop's size before its start says when it goes on sale (Google's preorder with availability_date).
        ...(availableFrom?.[size]
          ? { availability: 'preorder' as const, availability_date: availableFrom[size] }
          : { availability: (available[size] ?? 0) > 0 ? ('in_stock' as const) : ('out_of_stock' as const) }),
        price: feedPrice(record.price),
        ...(sale && sale.price < record.price
          ? { sale_price: feedPrice(sale.price), sale_price_effective_date: effectiveDate(sale) }
          : {}),
        brand: plain(record.brand || options.defaultBrand, 70),
        ...(gtin ? { gtin } : {}),
        ...(mpn ? { mpn } : {}),
        ...(gtin || mpn ? {} : { identifier_exists: 'no' as const }),
        condition: 'new',
        ...(sizes.length > 1 ? { item_group_id: record.id } : {}),
        ...(size !== CANDLE_SIZE ? { size } : {}),
        ...(record.color ? { color: record.color } : {}),
        ...(gender ? { gender } : {}),
        ...(ageGroup ? { age_group: ageGroup } : {}),
        ...(record.material ? { material: record.material } : {}),
        ...(record.googleCategory ? { google_product_category: record.googleCategory } : {}),
        product_type: productType(record.tag),
        ...(grams ? { shipping_weight: `${grams} g` } : {}),
      });
    }
  }
  return items;
}
