import { REFUND_REASONS } from '../refunds';
import { ALL_SIZES } from '../sizes';
import { typedText } from './text';
import * as z from './zod';

const UNITS = 'Choose from 1 to 999 units.';
/**
 * POST /api/admin/orders/{orderNumber}/refunds: a refund in part (docs/decisions/0116). `refundId` is made once by
 * the admin's form and sent with every press of it: the same id is the same refund (a double click, a retry after
 * an error), and the payment provider's idempotency key is derived from it. Items (lines and units, shipping or not)
 * or an amount in cents; the reason; whether the units go back to stock.
 */
export const refundBodySchema = z.object({
  refundId: z
    .string({ message: 'Reload the page and try again.' })
    .check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, 'Reload the page and try again.')),
  lines: z._default(
    z
      .array(
        z.object({
          id: z.string().check(z.minLength(1), z.maxLength(64)),
          size: z.enum(ALL_SIZES, { message: 'Invalid size selected.' }),
          quantity: z.number({ message: UNITS }).check(z.int(UNITS), z.gte(1, UNITS), z.lte(999, UNITS)),
        }),
      )
      .check(z.maxLength(100)),
    [],
  ),
  shipping: z._default(z.boolean(), false),
  amount: z.optional(
    z
      .number({ message: 'Enter the amount in cents.' })
      .check(z.int('Enter the amount in cents.'), z.gte(1, 'Enter an amount above $0.00.')),
  ),
  reason: z.enum(REFUND_REASONS, { message: 'Choose a reason: damaged, sold out, goodwill or other.' }),
  note: z.optional(
    typedText({ max: 500, multiline: true, empty: true, tooLong: 'A note has at most 500 characters.' }),
  ),
  restock: z._default(z.boolean(), false),
  /**
   * Where the money goes (docs/decisions/0126): back the way it was paid (the card first, then a gift card that paid
   * part), or as store credit: a new gift card mailed to the customer, and no money back.
   */
  to: z._default(
    z.enum(['payment', 'store_credit'], { message: 'Refund to the payment or as store credit.' }),
    'payment',
  ),
});
export type RefundBody = z.output<typeof refundBodySchema>;
