import { GIFT_CARD_PRODUCT_ID } from '../gift-cards';
import { GIFT_CARD_SIZE, LINE_SIZES, MAX_CART_LINES, MAX_QUANTITY, MIN_QUANTITY } from '../sizes';
import { giftCardLineSchema } from './gift-cards';
import * as z from './zod';

/**
 * A gift card line (docs/decisions/0127) is the id GIFT_CARD_PRODUCT_ID with the size GIFT_CARD_SIZE, a quantity of 1
 * and its card; no other line has that id, that size or a card.
 */
export const giftCardLineRule = z.refine<{ id: string; size: string; quantity: number; giftCard?: unknown }>(
  (line) =>
    line.id === GIFT_CARD_PRODUCT_ID
      ? line.size === GIFT_CARD_SIZE && line.quantity === 1 && line.giftCard !== undefined
      : line.size !== GIFT_CARD_SIZE && line.giftCard === undefined,
  { message: 'A gift card is a line of its own, with its card and a quantity of 1.', path: ['giftCard'] },
);

/**
 * A cart line (spec section 3). Price is integer cents; the server never trusts it (design section 4). A gift card's
 * line carries its card, its words as typed (the checkout sanitises them).
 */
export const cartLineSchema = z
  .object({
    id: z.string().check(z.minLength(1), z.maxLength(64)),
    name: z.string().check(z.maxLength(200)),
    image: z.string().check(z.maxLength(500)),
    price: z.number().check(z.int(), z.nonnegative()),
    size: z.enum(LINE_SIZES, { message: 'Invalid size selected.' }),
    quantity: z.number().check(z.int(), z.gte(MIN_QUANTITY), z.lte(MAX_QUANTITY)),
    stockRef: z.optional(z.string().check(z.maxLength(64))),
    giftCard: z.optional(giftCardLineSchema),
  })
  .check(giftCardLineRule);
export type CartLine = z.infer<typeof cartLineSchema>;

export const cartSchema = z.array(cartLineSchema).check(z.maxLength(MAX_CART_LINES));

/** POST /auth/cart, POST /api/products/validate-cart */
export const cartBodySchema = z.object({ cart: cartSchema });

/** GET /auth/cart answers { cart: { cart: [...] } } as the spec's client reads `cart.cart`. */
export const savedCartSchema = z.object({ cart: z.object({ cart: cartSchema }) });
