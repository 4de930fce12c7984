import { SHOP_NAME } from './pages';
import { sizeKind, sizesFor, tagWords, type Size } from './sizes';

/**
 * What a product says about itself outside the shop (issue 55 item 1): the attributes Google's and Meta's catalogues
 * ask for and the carriers' weight. One definition for the admin's forms, the schemas, the feeds and the spreadsheet.
 * Every field is optional; a product without them still sells.
 */

/** Google's and Meta's genders (the same three words in both). */
export const GENDERS = ['male', 'female', 'unisex'] as const;
export type Gender = (typeof GENDERS)[number];
/** Age groups both Google and Meta take (Meta's `teen` and `all ages` are not Google's: left out). */
export const AGE_GROUPS = ['newborn', 'infant', 'toddler', 'kids', 'adult'] as const;
export type AgeGroup = (typeof AGE_GROUPS)[number];

/**
 * Apparel without its own gender or age group is, in the feeds, what this shop sells: tees and hoodies for grown-ups,
 * cut for anyone (docs/decisions/0150).
 */
export const APPAREL_DEFAULTS = { gender: 'unisex', ageGroup: 'adult' } as const satisfies {
  gender: Gender;
  ageGroup: AgeGroup;
};

/** Lengths Google allows (brand 70, MPN 70, colour 100, material 200, category 750) and the shop's weight bounds. */
export const DETAIL_LIMITS = {
  brand: 70,
  mpn: 70,
  color: 100,
  material: 200,
  googleCategory: 750,
  /** Grams: a 1 g sample to a 100 kg rug. */
  minGrams: 1,
  maxGrams: 100_000,
} as const;

/** The brand the feeds name for a product without its own, until the owner sets another (PUT /api/admin/catalog/settings). */
export const DEFAULT_BRAND = SHOP_NAME;

/**
 * Whether digits are a GTIN (UPC-A 12, EAN-13, GTIN-14 or EAN-8) with a right GS1 check digit: the last digit makes
 * the weighted sum (3, 1, 3, ... from the right, the check digit left out) a multiple of ten.
 */
export function isGtin(value: string): boolean {
  if (!/^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(value)) return false;
  const digits = [...value].map(Number);
  const check = digits.pop()!;
  const sum = digits.reverse().reduce((total, digit, i) => total + digit * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

/** Google's product category: its numeric id (`1604`) or its path (`Apparel & Accessories > Clothing`). */
export const GOOGLE_CATEGORY = /^(\d{1,7}|[^<>]+(\s>\s[^<>]+)*)$/;

/** The words of a product's type in the feeds and the spreadsheet, from the first tag word that is a kind of goods. */
const PRODUCT_TYPES: Record<string, string> = {
  candles: 'Candles',
  hoodies: 'Hoodies',
  shirts: 'Shirts',
  tees: 'Tees',
  giftwraps: 'Gift Wraps',
  tumblers: 'Tumblers',
  rugs: 'Rugs',
};

/** `product_type` (Google) and `Type` (the spreadsheet): the shop's category of the product, e.g. "Hoodies". */
export function productType(tag: string): string {
  const word = tagWords(tag).find((w) => w in PRODUCT_TYPES);
  return word ? PRODUCT_TYPES[word] : 'Other';
}

/** The tag word a spreadsheet's `Type` names ("Hoodies" -> hoodies), when it names one of the shop's kinds. */
export function tagOfType(type: string): string | undefined {
  const wanted = type.trim().toLowerCase().replace(/\s+/g, '');
  return Object.keys(PRODUCT_TYPES).find(
    (word) => word === wanted || PRODUCT_TYPES[word].toLowerCase().replace(/\s+/g, '') === wanted,
  );
}

/** Whether a product is apparel (tees, shirts, hoodies): the feeds then give its size, colour, gender and age group. */
export const isApparel = (tag: string) => sizeKind(tag) === 'apparel';

/** Per-size values (weights, GTINs) kept only for the sizes the product's tags give it. */
export function forSizesOf<V>(tag: string, values: Partial<Record<string, V>> | undefined): Partial<Record<Size, V>> {
  const kept: Partial<Record<Size, V>> = {};
  for (const size of sizesFor(tag)) if (values?.[size] !== undefined) kept[size] = values[size];
  return kept;
}
