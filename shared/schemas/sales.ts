import { PROMO_MAX_CENTS } from '../promo';
import { SALE_KINDS, type SaleTerms } from '../sales';
import { MAX_QUANTITY } from '../sizes';
import { checkoutCartSchema } from './checkout';
import { productIdSchema } from './refs';
import { typedText } from './text';
import * as z from './zod';

/**
 * Sales without a code (issue 54, docs/decisions/0178): the owner's body, what the owner sees, and the cart's
 * question of what the sales give. Unknown fields are dropped; every refusal is one plain sentence on its field.
 */

const WHEN = 'Give a date and time, 2026-12-04T12:00 (the shop’s time zone).';
const shopTime = () => z.string({ message: WHEN }).check(z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, WHEN));
const CENTS = 'Amounts are in cents: a whole number from 1 to 10,000,000 (that is $100,000.00).';
const cents = (min = 1) =>
  z.number({ message: CENTS }).check(z.int(CENTS), z.gte(min, CENTS), z.lte(PROMO_MAX_CENTS, CENTS));
const PERCENT = 'A percent is a whole number from 1 to 100.';
const percent = () => z.number({ message: PERCENT }).check(z.int(PERCENT), z.gte(1, PERCENT), z.lte(100, PERCENT));
const UNITS = `A quantity is a whole number from 1 to ${MAX_QUANTITY}.`;
const units = () => z.number({ message: UNITS }).check(z.int(UNITS), z.gte(1, UNITS), z.lte(MAX_QUANTITY, UNITS));
const LIMIT = 'The limit of uses is a whole number from 1 to 1,000,000.';
const CATEGORY = 'A category is a tag word: letters, digits and dashes.';

const saleFields = {
  name: typedText({ max: 80 }),
  kind: z.enum(SALE_KINDS, { message: 'Choose the kind of sale.' }),
  /** Wall-clock times in the shop's time zone (shared/drops.ts shopTimeToInstant); the end is not included. */
  startsAt: shopTime(),
  endsAt: shopTime(),
  products: z.optional(z.array(productIdSchema).check(z.maxLength(100, 'At most 100 products.'))),
  category: z.optional(z.string({ message: CATEGORY }).check(z.regex(/^[a-z0-9-]{1,40}$/, CATEGORY))),
  buy: z.optional(units()),
  get: z.optional(units()),
  percentOff: z.optional(percent()),
  amountOff: z.optional(cents()),
  minSubtotal: z.optional(cents(0)),
  maxUses: z.optional(z.number({ message: LIMIT }).check(z.int(LIMIT), z.gte(1, LIMIT), z.lte(1_000_000, LIMIT))),
  active: z._default(z.boolean({ message: 'Active is true or false.' }), true),
};

/** What the kind rules read of a sale (its terms as shared/sales.ts keeps them). */
type SaleBody = Omit<SaleTerms, 'saleId' | 'name' | 'maxUses'>;

/** What each kind needs, said on the field that is missing or does not belong. */
const saleRules = z.superRefine((sale: SaleBody, context) => {
  const say = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
  if (sale.endsAt <= sale.startsAt) say('endsAt', 'The end must come after the start.');
  if (sale.kind !== 'off_order') {
    if (!sale.category && !sale.products?.length) say('products', 'Choose products, or a category.');
    if (sale.category && sale.products?.length) say('category', 'Choose products or a category, not both.');
  }
  if (sale.kind === 'buy_get') {
    if (sale.buy === undefined) say('buy', 'Say how many to buy.');
    if (sale.get === undefined) say('get', 'Say how many are discounted after them.');
    if (sale.percentOff === undefined) say('percentOff', 'Say the percent off the next ones (100: free).');
  }
  if (sale.kind === 'off_items' && (sale.percentOff === undefined) === (sale.amountOff === undefined))
    say('percentOff', 'Give a percent off or an amount off, one of them.');
  if (sale.kind === 'off_order') {
    if (sale.amountOff === undefined) say('amountOff', 'Say the amount off the order.');
    if (sale.minSubtotal === undefined) say('minSubtotal', 'Say the subtotal the order needs.');
  }
});

/** POST /api/admin/sales */
export const saleInputSchema = z.object(saleFields).check(saleRules);
export type SaleInput = z.output<typeof saleInputSchema>;

/** PUT /api/admin/sales/{saleId}: the whole sale again (its uses stay); `version` as read. */
export const saleUpdateSchema = z
  .object({ ...saleFields, version: z.optional(z.number().check(z.int())) })
  .check(saleRules);
export type SaleUpdate = z.output<typeof saleUpdateSchema>;

export const saleIdSchema = z.string().check(z.regex(/^[a-z0-9-]{1,64}$/, 'Not a sale id'));

/** A sale as the owner sees it: instants (UTC) and the same in the shop's time zone for the form. */
export const saleViewSchema = z.object({
  saleId: z.string(),
  name: z.string(),
  kind: z.enum(SALE_KINDS),
  startsAt: z.string(),
  endsAt: z.string(),
  /** The start and end as the owner typed them, in the shop's time zone: 2026-12-04T12:00. */
  startsLocal: z.string(),
  endsLocal: z.string(),
  products: z.optional(z.array(z.string())),
  category: z.optional(z.string()),
  buy: z.optional(z.number()),
  get: z.optional(z.number()),
  percentOff: z.optional(z.number()),
  amountOff: z.optional(z.number()),
  minSubtotal: z.optional(z.number()),
  maxUses: z.optional(z.number()),
  active: z.boolean(),
  uses: z.number(),
  /** "Buy 2, the third is free". */
  description: z.string(),
  /** `on`, `scheduled`, `ended`, `used_up` or `off` at the time asked. */
  state: z.enum(['on', 'scheduled', 'ended', 'used_up', 'off']),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SaleView = z.infer<typeof saleViewSchema>;
export const saleListSchema = z.object({ sales: z.array(saleViewSchema) });
export const saleDeletedSchema = z.object({ deleted: z.string() });

/** POST /api/cart/sales: the cart's lines; the answer says what the sales give it and what is nearly reached. */
export const cartSalesBodySchema = z.object({ cart: checkoutCartSchema });
export const cartSalesAnswerSchema = z.object({
  /** Each discount given, by name (a product sale's on its lines, an order's on the order). */
  discounts: z.array(z.object({ name: z.string(), amount: z.number() })),
  /** Each goods line's discount, by product id and size (lines without one are left out). */
  lines: z.array(z.object({ id: z.string(), size: z.string(), off: z.number(), sale: z.string() })),
  /** What the cart needs for a sale: "Add one more candle: the third is free". */
  nearly: z.array(z.string()),
  /** In all, off the goods. */
  total: z.number(),
});
export type CartSalesAnswer = z.infer<typeof cartSalesAnswerSchema>;
