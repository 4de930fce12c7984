import { LINE_SIZES, MAX_CART_LINES, MAX_QUANTITY, MIN_QUANTITY } from '../sizes';
import { giftCardLineRule } from './cart';
import { giftCardDetailsSchema } from './gift-cards';
import { typedText } from './text';
import * as z from './zod';

/**
 * The cart as checkout reads it: apart from the checkout's other schemas (checkout.ts: the address, the payment), so a
 * function that only prices a cart (the promo check, validate-cart) does not build those when it loads (issue 39).
 */

const QUANTITY = 'Quantity must be a whole number from 1 to 9.';

/**
 * A cart line as checkout reads it: which product, size and how many. Names, images and prices a client sends
 * are not read (design section 4); `name` is only echoed back when the product no longer exists. A gift card's line
 * carries its card (docs/decisions/0127), its words sanitised here; its price is its amount.
 */
export const checkoutLineSchema = z
  .object({
    id: z.string().check(z.minLength(1), z.maxLength(64)),
    size: z.enum(LINE_SIZES, { message: 'Invalid size selected.' }),
    quantity: z
      .number({ message: QUANTITY })
      .check(z.int(QUANTITY), z.gte(MIN_QUANTITY, QUANTITY), z.lte(MAX_QUANTITY, QUANTITY)),
    name: z.optional(typedText({ max: 200, empty: true })),
    giftCard: z.optional(giftCardDetailsSchema),
  })
  .check(giftCardLineRule);
export type CheckoutLine = z.infer<typeof checkoutLineSchema>;

export const checkoutCartSchema = z
  .array(checkoutLineSchema)
  .check(z.minLength(1, 'Your cart is empty.'), z.maxLength(MAX_CART_LINES));

/** POST /api/products/validate-cart */
export const validateCartBodySchema = z.object({ cart: checkoutCartSchema });
export const validateCartResultSchema = z.object({ success: z.boolean(), outOfStockItems: z.array(z.string()) });
