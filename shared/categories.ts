/** Category pages of the shop (spec section 2). `slug` is also the tag word the page filters on. */
export const CATEGORIES = [
  { slug: 'new-releases', label: 'New Releases' },
  { slug: 'hoodies', label: 'Hoodies' },
  { slug: 'giftwraps', label: 'Gift Wraps' },
  { slug: 'candles', label: 'Candles' },
  { slug: 'tees', label: 'Tees' },
  { slug: 'rugs', label: 'Rugs' },
  // Not one of the spec's pages: tumblers were reached by search only (issue 50 item 8).
  { slug: 'tumblers', label: 'Tumblers' },
] as const;

export type CategorySlug = (typeof CATEGORIES)[number]['slug'];

const categoryLink = (slug: CategorySlug) => ({
  to: `/product-list/${slug}`,
  label: CATEGORIES.find((category) => category.slug === slug)!.label,
});

/**
 * The header's links (issue 50 item 8, docs/where-we-differ.md): the spec's four (section 2: new releases, hoodies,
 * candles, tees) first, then every other category and gift cards, which were reached only from the home tiles, the
 * footer or search. A row on a wider screen; on a phone, a menu that holds them all.
 */
export const HEADER_LINKS: readonly { to: string; label: string }[] = [
  ...(['new-releases', 'hoodies', 'candles', 'tees', 'giftwraps', 'tumblers', 'rugs'] as const).map(categoryLink),
  { to: '/gift-cards', label: 'Gift Cards' },
];

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
