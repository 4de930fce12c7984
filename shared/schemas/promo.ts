import { PROMO_KINDS, PROMO_MAX_CENTS } from '../promo';
import { checkoutCartSchema } from './checkout';
import { promoCodeSchema } from './promo-code';
import * as z from './zod';

export { promoCodeSchema };

/**
 * Promo codes (issue 13): the admin's body, the shopper's check, and what both are answered. Unknown fields are
 * ignored (zod drops them); every refusal is one plain sentence per field.
 */

// The API takes amounts in cents (the admin's form converts dollars and words its own messages in dollars).
const CENTS = 'Amounts are in cents: a whole number from 0 to 10,000,000 (that is $100,000.00).';
const cents = () => z.number({ message: CENTS }).check(z.int(CENTS), z.gte(0, CENTS), z.lte(PROMO_MAX_CENTS, CENTS));
const VALUE = 'Value is a whole number: a percent from 1 to 100, or an amount off in cents.';
const LIMIT = 'Limits are whole numbers from 1 to 1,000,000.';
const limit = () => z.number({ message: LIMIT }).check(z.int(LIMIT), z.gte(1, LIMIT), z.lte(1_000_000, LIMIT));
const DATE = 'Use a date and time like 2026-12-01T00:00:00Z.';
const date = () =>
  z.pipe(
    z.iso.datetime({ offset: true, message: DATE }),
    z.transform((value: string) => new Date(value).toISOString()),
  );

const promoFields = {
  kind: z.enum(PROMO_KINDS, { message: 'Kind is percent, amount or shipping.' }),
  value: z._default(z.number({ message: VALUE }).check(z.int(VALUE), z.gte(0, VALUE)), 0),
  minSubtotal: z.optional(cents()),
  startsAt: z.optional(date()),
  endsAt: z.optional(date()),
  maxRedemptions: z.optional(limit()),
  maxPerCustomer: z.optional(limit()),
  active: z._default(z.boolean({ message: 'Active is true or false.' }), true),
  /** The code combines with an order's sale (issue 54); a free-shipping code combines with any sale. */
  combinesWithSales: z._default(z.boolean({ message: 'Combines with sales is true or false.' }), false),
};

/** The value's rule per kind and the window's order, with the field they belong to. */
const rules = z.superRefine((promo: { kind: string; value: number; startsAt?: string; endsAt?: string }, context) => {
  if (promo.kind === 'percent' && (promo.value < 1 || promo.value > 100))
    context.addIssue({ code: 'custom', path: ['value'], message: 'A percent is a whole number from 1 to 100.' });
  if (promo.kind === 'amount' && (promo.value < 1 || promo.value > PROMO_MAX_CENTS)) {
    context.addIssue({
      code: 'custom',
      path: ['value'],
      message: 'An amount off is in cents: a whole number from 1 to 10,000,000 (that is $0.01 to $100,000.00).',
    });
  }
  if (promo.startsAt && promo.endsAt && promo.endsAt <= promo.startsAt)
    context.addIssue({ code: 'custom', path: ['endsAt'], message: 'The end must come after the start.' });
});

/** POST /api/admin/promo-codes */
export const promoInputSchema = z.object({ code: promoCodeSchema, ...promoFields }).check(rules);
export type PromoInput = z.output<typeof promoInputSchema>;

/** PUT /api/admin/promo-codes/{code}: the whole code again (the code itself is the path's); `version` as read. */
export const promoUpdateSchema = z
  .object({ ...promoFields, version: z.optional(z.number().check(z.int())) })
  .check(rules);
export type PromoUpdate = z.output<typeof promoUpdateSchema>;

/** A code as the admin sees it. */
export const promoViewSchema = z.object({
  code: z.string(),
  kind: z.enum(PROMO_KINDS),
  value: z.number(),
  minSubtotal: z.optional(z.number()),
  startsAt: z.optional(z.string()),
  endsAt: z.optional(z.string()),
  maxRedemptions: z.optional(z.number()),
  maxPerCustomer: z.optional(z.number()),
  active: z.boolean(),
  combinesWithSales: z._default(z.boolean(), false),
  redemptions: z.number(),
  description: z.string(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PromoView = z.infer<typeof promoViewSchema>;
export const promoListSchema = z.object({ promoCodes: z.array(promoViewSchema) });

/** DELETE /api/admin/promo-codes/{code}: the code deleted. */
export const promoDeletedSchema = z.object({ deleted: z.string() });

/** POST /api/promo-codes/check: the shopper's check of a code against their cart. */
export const promoCheckBodySchema = z.object({ code: promoCodeSchema, cart: checkoutCartSchema });
export const promoCheckResultSchema = z.object({
  code: z.string(),
  /** What the code itself takes off (with the sales on, by the rules of combination: shared/sales.ts). */
  discount: z.number(),
  description: z.string(),
  /** Every discount of the cart by name, the sales without a code and the code (issue 54). */
  discounts: z.optional(z.array(z.object({ name: z.string(), amount: z.number() }))),
});
export type PromoCheckResult = z.infer<typeof promoCheckResultSchema>;
