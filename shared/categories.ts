/** Category pages of the shop (spec section 2). `slug` is also the tag word the page filters on. */
export const CATEGORIES = [
  { slug: 'new-releases', label: 'New Releases' },
  { slug: 'hoodies', label: 'Hoodies' },
  { slug: 'giftwraps', label: 'Gift Wraps' },
  { slug: 'candles', label: 'Candles' },
  { slug: 'tees', label: 'Tees' },
  { slug: 'rugs', label: 'Rugs' },
] as const;

export type CategorySlug = (typeof CATEGORIES)[number]['slug'];

/** The links in the header (spec section 2). */
export const HEADER_CATEGORIES: readonly CategorySlug[] = ['new-releases', 'hoodies', 'candles', 'tees'];

/** Tag that feeds the hot-items strips. */
export const HOT_TAG = 'hot';

/** Every tag word an admin may use on a product. */
export const TAG_WORDS = [
  'candles',
  'hoodies',
  'shirts',
  'tees',
  'giftwraps',
  'tumblers',
  'rugs',
  'new-releases',
  'hot',
] as const;
