/** Sizes and how tags choose them (spec sections 5 and 9). */
export const APPAREL_SIZES = ['S', 'M', 'L', 'XL', '2XL'] as const;
export const GIFTWRAP_SIZES = ['18inX36in', '20inX40in', '24inX44in'] as const;
export const TUMBLER_SIZES = ['16oz', '20oz', '24oz'] as const;
export const CANDLE_SIZE = 'CANDLE' as const;

export const ALL_SIZES = [...APPAREL_SIZES, ...GIFTWRAP_SIZES, ...TUMBLER_SIZES, CANDLE_SIZE] as const;
export type Size = (typeof ALL_SIZES)[number];

/**
 * The size a gift card line carries (issue 36, docs/decisions/0127): no product has it, so the catalogue, stock and
 * owner's forms never offer it; only a cart, checkout or order line may carry it (LINE_SIZES), beside its card.
 */
export const GIFT_CARD_SIZE = 'GIFT CARD' as const;
/** Every size a cart, checkout or order line may carry: a product's (ALL_SIZES), or a gift card's. */
export const LINE_SIZES = [...ALL_SIZES, GIFT_CARD_SIZE] as const;
export type LineSize = (typeof LINE_SIZES)[number];
export type ApparelSize = (typeof APPAREL_SIZES)[number];

export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 9;
/** The most lines a cart, a checkout or an order holds. */
export const MAX_CART_LINES = 50;

/** Gift-wrap stock lives on the linked stock item's S, M and L counts. */
export const GIFTWRAP_STOCK_KEY: Record<(typeof GIFTWRAP_SIZES)[number], ApparelSize> = {
  '18inX36in': 'S',
  '20inX40in': 'M',
  '24inX44in': 'L',
};

export const APPAREL_TAGS = ['hoodies', 'shirts', 'tees'] as const;

export type SizeKind = 'apparel' | 'giftwrap' | 'tumbler' | 'single';

/** The tag words of a product: comma-separated, trimmed, lower case. */
export function tagWords(tag: string): string[] {
  return tag
    .split(',')
    .map((word) => word.trim().toLowerCase())
    .filter(Boolean);
}

/** Category pages: products whose tag list contains the category word, case-insensitively. */
export function hasTag(tag: string, word: string): boolean {
  return tagWords(tag).includes(word.trim().toLowerCase());
}

/**
 * Which size family a product uses. Apparel and gift wraps draw stock from the linked stock item,
 * tumblers keep 16/20/24oz counts, everything else (candles, rugs) is one size, CANDLE (docs/decisions/0004).
 */
export function sizeKind(tag: string): SizeKind {
  const words = tagWords(tag);
  if (words.some((w) => (APPAREL_TAGS as readonly string[]).includes(w))) return 'apparel';
  if (words.includes('giftwraps')) return 'giftwrap';
  if (words.includes('tumblers')) return 'tumbler';
  return 'single';
}

export function sizesFor(tag: string): readonly Size[] {
  switch (sizeKind(tag)) {
    case 'apparel':
      return APPAREL_SIZES;
    case 'giftwrap':
      return GIFTWRAP_SIZES;
    case 'tumbler':
      return TUMBLER_SIZES;
    default:
      return [CANDLE_SIZE];
  }
}

export function isSize(value: string): value is Size {
  return (ALL_SIZES as readonly string[]).includes(value);
}

/** Where a size's stock count lives: on the stock item (apparel, gift wrap) or on the product itself. */
export function stockLocation(
  tag: string,
  size: Size,
): { on: 'stockItem'; key: ApparelSize } | { on: 'product'; key: Size } {
  const kind = sizeKind(tag);
  if (kind === 'apparel') return { on: 'stockItem', key: size as ApparelSize };
  if (kind === 'giftwrap') return { on: 'stockItem', key: GIFTWRAP_STOCK_KEY[size as keyof typeof GIFTWRAP_STOCK_KEY] };
  return { on: 'product', key: size };
}

/**
 * The stock count a size of a product draws on, as the server names it: "stockItem|<item id>|<S..2XL>" for apparel and
 * gift wraps (on the linked stock item), "product|<product id>|<size>" for tumblers, candles and other single-size
 * goods. null: nothing to count (apparel without a linked stock item), which reads as sold out.
 */
export function stockCell(product: { id: string; tag: string; stockRef?: string }, size: Size): string | null {
  const where = stockLocation(product.tag, size);
  if (where.on === 'stockItem') return product.stockRef ? `stockItem|${product.stockRef}|${where.key}` : null;
  return `product|${product.id}|${where.key}`;
}

/** What a stock item holds sizes for: the size families of the products that take their sizes from it. */
export type StockItemFamily = 'apparel' | 'giftwrap';
export const STOCK_ITEM_FAMILIES = ['apparel', 'giftwrap'] as const satisfies readonly StockItemFamily[];

/** The families of a set of products' tags that draw on a stock item (tumblers and one-size goods keep their own). */
export function stockItemFamilies(tags: readonly string[]): StockItemFamily[] {
  const kinds = new Set(tags.map(sizeKind));
  return STOCK_ITEM_FAMILIES.filter((family) => kinds.has(family));
}

/**
 * The sizes a stock item sells and how the owner sees them (issue 34 item 5): each stored count (`key`, S to 2XL) with
 * the name shoppers pick it by. A gift-wrap item's S, M and L are 18inX36in, 20inX40in and 24inX44in (its XL and 2XL
 * sell nothing); an item shared by apparel and gift wraps names both ("S / 18inX36in"); an item no product links to
 * yet shows the five apparel sizes. Labels only: the counts stay stored under S to 2XL.
 */
export function stockItemSizes(
  families: readonly StockItemFamily[],
): { key: ApparelSize; label: string; sold: boolean }[] {
  const apparel = families.length === 0 || families.includes('apparel');
  const giftwrap = families.includes('giftwrap');
  const wrapOf = new Map(Object.entries(GIFTWRAP_STOCK_KEY).map(([wrap, key]) => [key, wrap]));
  return APPAREL_SIZES.map((key) => {
    const wrap = giftwrap ? wrapOf.get(key) : undefined;
    const label = wrap && apparel ? `${key} / ${wrap}` : (wrap ?? key);
    return { key, label, sold: apparel || wrap !== undefined };
  });
}
