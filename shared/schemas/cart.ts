import * as z from 'zod';
import { ALL_SIZES, MAX_QUANTITY, MIN_QUANTITY } from '../sizes';

/** A cart line (spec section 3). Price is integer cents; the server never trusts it (design section 4). */
export const cartLineSchema = z.object({
  id: z.string().min(1).max(64),
  name: z.string().max(200),
  image: z.string().max(500),
  price: z.number().int().nonnegative(),
  size: z.enum(ALL_SIZES, { message: 'Invalid size selected.' }),
  quantity: z.number().int().min(MIN_QUANTITY).max(MAX_QUANTITY),
  stockRef: z.string().max(64).optional(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

export const MAX_CART_LINES = 50;
export const cartSchema = z.array(cartLineSchema).max(MAX_CART_LINES);

/** POST /auth/cart, POST /api/products/validate-cart */
export const cartBodySchema = z.object({ cart: cartSchema });

/** GET /auth/cart answers { cart: { cart: [...] } } as the spec's client reads `cart.cart`. */
export const savedCartSchema = z.object({ cart: z.object({ cart: cartSchema }) });
