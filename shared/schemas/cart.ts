import { ALL_SIZES, MAX_QUANTITY, MIN_QUANTITY } from '../sizes';
import * as z from './zod';

/** A cart line (spec section 3). Price is integer cents; the server never trusts it (design section 4). */
export const cartLineSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(64)),
  name: z.string().check(z.maxLength(200)),
  image: z.string().check(z.maxLength(500)),
  price: z.number().check(z.int(), z.nonnegative()),
  size: z.enum(ALL_SIZES, { message: 'Invalid size selected.' }),
  quantity: z.number().check(z.int(), z.gte(MIN_QUANTITY), z.lte(MAX_QUANTITY)),
  stockRef: z.optional(z.string().check(z.maxLength(64))),
});
export type CartLine = z.infer<typeof cartLineSchema>;

export const MAX_CART_LINES = 50;
export const cartSchema = z.array(cartLineSchema).check(z.maxLength(MAX_CART_LINES));

/** POST /auth/cart, POST /api/products/validate-cart */
export const cartBodySchema = z.object({ cart: cartSchema });

/** GET /auth/cart answers { cart: { cart: [...] } } as the spec's client reads `cart.cart`. */
export const savedCartSchema = z.object({ cart: z.object({ cart: cartSchema }) });
