import { canonicalOrderNumber, ORDER_NUMBER_INPUT } from '../order-number';
import * as z from './zod';

/**
 * What names an order, a payment or a product, and an order's amounts: the few schemas the routes of many areas share
 * (accounts, the owner's orders, checkout, quotes), defined once here.
 */

/** A whole number (cents, counts) as an answer carries it. */
export const whole = () => z.number().check(z.int());
/** An order's amounts in cents, as the checkout priced them. */
export const amountsSchema = z.object({
  subtotal: whole(),
  discount: whole(),
  /** What each sale and the promo code took off, by name (issue 54): they add up to `discount`. */
  discounts: z.optional(z.array(z.object({ name: z.string(), amount: whole() }))),
  shipping: whole(),
  tax: whole(),
  total: whole(),
});

/** A payment intent id (`pi_...`): Stripe's, or the test processor's. */
export const paymentIntentIdSchema = z.string().check(z.regex(/^pi_[A-Za-z0-9_]{1,120}$/, 'Not a payment id'));

const NOT_AN_ORDER_NUMBER = 'Please enter the order number from your confirmation, like #1042.';
/**
 * An order number as a person types it (decision 0102): `#1042`, `1042`, with spaces, a replacement's `#1042-R1`, or an
 * older order's `pi_...`; read as the order's key ("1042", "1042_r1", "pi_...").
 */
export const orderNumberSchema = z.pipe(
  z.string().check(z.maxLength(140), z.regex(ORDER_NUMBER_INPUT, NOT_AN_ORDER_NUMBER)),
  z.transform((value: string) => canonicalOrderNumber(value) ?? value),
);

/** A product's id, as the shop makes them. */
export const productIdSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not a product id'));
