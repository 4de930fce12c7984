import * as z from 'zod';
import { CURRENCY } from '../money';
import { ALL_SIZES, MAX_QUANTITY, MIN_QUANTITY } from '../sizes';
import { MAX_CART_LINES } from './cart';
import { shippingAddressSchema } from './address';

/**
 * A cart line as checkout reads it: which product, size and how many. Names, images and prices a client sends
 * are not read (design section 4); `name` is only echoed back when the product no longer exists.
 */
export const checkoutLineSchema = z.object({
  id: z.string().min(1).max(64),
  size: z.enum(ALL_SIZES, { message: 'Invalid size selected.' }),
  quantity: z
    .number({ message: 'Quantity must be a whole number from 1 to 9.' })
    .int('Quantity must be a whole number from 1 to 9.')
    .min(MIN_QUANTITY, 'Quantity must be a whole number from 1 to 9.')
    .max(MAX_QUANTITY, 'Quantity must be a whole number from 1 to 9.'),
  name: z.string().max(200).optional(),
});
export type CheckoutLine = z.infer<typeof checkoutLineSchema>;

export const checkoutCartSchema = z.array(checkoutLineSchema).min(1, 'Your cart is empty.').max(MAX_CART_LINES);

/** POST /api/products/validate-cart */
export const validateCartBodySchema = z.object({ cart: checkoutCartSchema });
export const validateCartResultSchema = z.object({ success: z.boolean(), outOfStockItems: z.array(z.string()) });

/** POST /auth/create-payment-intent and /guest */
export const createIntentBodySchema = z.object({
  cart: checkoutCartSchema,
  shippingAddress: shippingAddressSchema,
  currency: z.literal(CURRENCY).default(CURRENCY),
  /** One id per checkout (kept by the browser): calling again updates the same intent and reservation. */
  checkoutId: z.uuid().optional(),
});

export const amountsSchema = z.object({
  subtotal: z.number().int(),
  shipping: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
});

export const createIntentResultSchema = z.object({
  clientSecret: z.string(),
  orderNumber: z.string(),
  checkoutId: z.string(),
  amounts: amountsSchema,
  paymentMode: z.enum(['stripe', 'test']),
});
export type CreateIntentResult = z.infer<typeof createIntentResultSchema>;

/** POST /auth/adminOrders and /guest: the server reads the order from its own reservation, not from the body. */
export const recordOrderBodySchema = z.object({
  orderNumber: z.string().regex(/^pi_[A-Za-z0-9_]{1,120}$/, 'Not a payment id'),
});

export const orderSchema = z.object({
  orderNumber: z.string(),
  status: z.enum(['pending', 'completed']),
  createdAt: z.string(),
  shippingAddress: z.object({ name: z.string(), email: z.string(), line1: z.string(), city: z.string(), state: z.string(), zip: z.string() }),
  lines: z.array(z.object({ id: z.string(), name: z.string(), image: z.string(), price: z.number(), size: z.string(), quantity: z.number() })),
  amounts: amountsSchema,
});

/** POST /api/test-payments/confirm: the built-in test processor's card step (test mode only). */
export const testConfirmBodySchema = z.object({
  clientSecret: z.string().min(10).max(200),
  card: z.object({
    number: z.string().max(30),
    expMonth: z.number().int(),
    expYear: z.number().int(),
    cvc: z.string().max(4),
  }),
  billingName: z.string().trim().min(1).max(200),
  receiptEmail: z.email().max(200),
});
