import {
  AGE_GROUPS,
  DETAIL_LIMITS,
  GENDERS,
  GOOGLE_CATEGORY,
  isGtin,
  type AgeGroup,
  type Gender,
} from '../product-details';
import { PACKINGS, PACKING_WORDS, type Packing } from '../parcels';
import { ALL_SIZES, type Size } from '../sizes';
import { typedText } from './text';
import * as z from './zod';

/**
 * The schemas of a product's feed and shipping details (shared/product-details.ts; issue 55 item 1), shared by the
 * admin's product routes and the spreadsheet's import. Every field is optional; an empty text clears it.
 */
export const DETAIL_MESSAGES = {
  gtin: 'A GTIN is 8, 12, 13 or 14 digits with a right check digit (the barcode under the bars).',
  grams: `A weight is whole grams, ${DETAIL_LIMITS.minGrams} to ${DETAIL_LIMITS.maxGrams.toLocaleString('en-US')}.`,
  gender: `Gender is one of: ${GENDERS.join(', ')}.`,
  ageGroup: `Age group is one of: ${AGE_GROUPS.join(', ')}.`,
  googleCategory: "Google's product category is its number (1604) or its path (Apparel & Accessories > Clothing).",
  packing: `Packing is one of: ${PACKINGS.join(', ')}.`,
} as const;

const optionalText = (label: string, max: number) =>
  z.optional(typedText({ max, empty: true, tooLong: `${label} can be at most ${max} characters.` }));

/** A size's GTIN: its digits, checked. */
export const gtinSchema = z
  .string({ message: DETAIL_MESSAGES.gtin })
  .check(z.trim(), z.regex(/^(\d{8}|\d{12,14})$/, DETAIL_MESSAGES.gtin), z.refine(isGtin, DETAIL_MESSAGES.gtin));

/** A size's shipping weight in whole grams. */
export const gramsSchema = z
  .number({ message: DETAIL_MESSAGES.grams })
  .check(
    z.int(DETAIL_MESSAGES.grams),
    z.gte(DETAIL_LIMITS.minGrams, DETAIL_MESSAGES.grams),
    z.lte(DETAIL_LIMITS.maxGrams, DETAIL_MESSAGES.grams),
  );

export const genderSchema = z.union([z.literal(''), z.enum(GENDERS, { message: DETAIL_MESSAGES.gender })], {
  message: DETAIL_MESSAGES.gender,
});
/** How the product packs (shared/parcels.ts): '' clears it, back to its kind's rule. */
export const packingSchema = z.union([z.literal(''), z.enum(PACKINGS, { message: DETAIL_MESSAGES.packing })], {
  message: DETAIL_MESSAGES.packing,
});
/** The words of each packing rule for the owner's form. */
export const PACKING_CHOICES = PACKINGS.map((value) => ({ value, label: PACKING_WORDS[value] }));

export const ageGroupSchema = z.union([z.literal(''), z.enum(AGE_GROUPS, { message: DETAIL_MESSAGES.ageGroup })], {
  message: DETAIL_MESSAGES.ageGroup,
});

/**
 * The fields a product form and a spreadsheet row may carry besides name, price, tags and photos. Per-size maps
 * (`gtins`, `weightGrams`) replace the whole map when given; the server keeps the sizes the product's tags give it.
 */
export const productDetailFields = {
  /** Empty: the shop's default brand (PUT /api/admin/catalog/settings). */
  brand: optionalText('Brand', DETAIL_LIMITS.brand),
  mpn: optionalText('MPN', DETAIL_LIMITS.mpn),
  color: optionalText('Colour', DETAIL_LIMITS.color),
  material: optionalText('Material', DETAIL_LIMITS.material),
  gender: z.optional(genderSchema),
  ageGroup: z.optional(ageGroupSchema),
  googleCategory: z.optional(
    z.pipe(
      typedText({
        max: DETAIL_LIMITS.googleCategory,
        empty: true,
        tooLong: `Google's product category can be at most ${DETAIL_LIMITS.googleCategory} characters.`,
      }),
      z
        .string()
        .check(z.refine((value) => value === '' || GOOGLE_CATEGORY.test(value), DETAIL_MESSAGES.googleCategory)),
    ),
  ),
  gtins: z.optional(z.partialRecord(z.enum(ALL_SIZES), gtinSchema)),
  weightGrams: z.optional(z.partialRecord(z.enum(ALL_SIZES), gramsSchema)),
  /** Empty: its kind's rule (shared/parcels.ts). */
  packing: z.optional(packingSchema),
};

/** A product's details as stored and shown (absent fields: not set). */
export interface ProductDetails {
  brand?: string;
  mpn?: string;
  color?: string;
  material?: string;
  gender?: Gender;
  ageGroup?: AgeGroup;
  googleCategory?: string;
  gtins?: Partial<Record<Size, string>>;
  weightGrams?: Partial<Record<Size, number>>;
  packing?: Packing;
}

/** The details of a product as the admin's views answer them. */
export const productDetailsViewSchema = z.object({
  brand: z.optional(z.string()),
  mpn: z.optional(z.string()),
  color: z.optional(z.string()),
  material: z.optional(z.string()),
  gender: z.optional(z.enum(GENDERS)),
  ageGroup: z.optional(z.enum(AGE_GROUPS)),
  googleCategory: z.optional(z.string()),
  gtins: z.optional(z.partialRecord(z.enum(ALL_SIZES), z.string())),
  weightGrams: z.optional(z.partialRecord(z.enum(ALL_SIZES), z.number())),
  packing: z.optional(z.enum(PACKINGS)),
});

export const DETAIL_TEXT_FIELDS = [
  'brand',
  'mpn',
  'color',
  'material',
  'gender',
  'ageGroup',
  'googleCategory',
  'packing',
] as const;
