import { MESSAGES } from '../messages';
import { CURRENCY } from '../money';
import { isUsState } from '../tax';
import { WALLET_MESSAGES, walletZip } from '../wallet';
import { goodsLines } from '../gift-card-lines';
import { PLACE_FIELDS } from '../order-address';
import { checkoutAddressSchema, FIVE_DIGIT_ZIP } from './address';
import { checkoutCartSchema } from './checkout-cart';
import { giftCardCodeInputSchema } from './gift-cards';
import { checkoutSecretSchema } from './order-record';
import { amountsSchema, whole } from './refs';
import { promoCodeSchema } from './promo-code';
import { typedText } from './text';
import * as z from './zod';

/**
 * The checkout's details fit its cart (issue 50 item 9): a cart with anything to ship needs the whole shipping address
 * (each missing field named, with the spec's words); a cart of gift cards only needs the buyer's name and email alone.
 */
const addressForTheCart = z.superRefine(
  (body: { cart: readonly { id: string }[]; shippingAddress: Record<string, unknown> }, context) => {
    if (!goodsLines(body.cart).length) return;
    for (const field of PLACE_FIELDS)
      if (body.shippingAddress[field] === undefined)
        context.addIssue({ code: 'custom', path: ['shippingAddress', field], message: MESSAGES.profileFieldsRequired });
  },
);

/** POST /auth/create-payment-intent and /guest */
export const createIntentBodySchema = z
  .object({
    cart: checkoutCartSchema,
    /** The shipping address; for a cart of gift cards only, the buyer's name and email are enough (issue 50 item 9). */
    shippingAddress: checkoutAddressSchema,
    currency: z._default(z.literal(CURRENCY), CURRENCY),
    /**
     * The checkout this browser was given by its first call (none on the first call): calling again updates the same
     * intent and checkout. A guest's checkout also needs its `checkoutSecret`; without it the answer is 404.
     */
    checkoutId: z.optional(z.uuid()),
    checkoutSecret: z.optional(checkoutSecretSchema),
    /** One promo code per order (case-insensitive); checked again here, and redeemed when the order is taken. */
    promoCode: z.optional(promoCodeSchema),
    /**
     * A gift card's code (docs/decisions/0126): its balance pays the total, up to what it holds; the rest is paid by
     * card. Wrong codes are counted per client (10 in 10 minutes, then 429).
     */
    giftCardCode: z.optional(giftCardCodeInputSchema),
    /**
     * Paid from a wallet's sheet (docs/decisions/0129): the total the sheet showed the shopper. The server prices the
     * checkout with the wallet's full address and refuses it (409 `wallet_total_changed`, nothing changed) when its
     * total is not this one, so a card is never charged an amount the shopper was not shown.
     */
    wallet: z.optional(z.object({ shownTotal: z.number().check(z.int(), z.gte(0)) })),
  })
  .check(addressForTheCart);
export type CreateIntentBody = z.output<typeof createIntentBodySchema>;

export const createIntentResultSchema = z.object({
  clientSecret: z.string(),
  /**
   * The payment intent the card pays (`pi_...`): the browser names it when it asks for its order. The order's own
   * number is given when the order is taken (decision 0102).
   */
  paymentIntentId: z.string(),
  checkoutId: z.string(),
  /**
   * Only when a guest's checkout is made: the browser keeps it beside the checkoutId and sends it with every later
   * call.
   */
  checkoutSecret: z.optional(z.string()),
  amounts: amountsSchema,
  /** The promo code the amounts include, when one was sent. */
  promo: z.optional(z.object({ code: z.string(), description: z.string() })),
  /** The gift card that pays part (or all) of it: its last four, the part it pays, and its balance before. */
  giftCard: z.optional(z.object({ last4: z.string(), amount: whole(), balance: whole() })),
  /** What the card pays: the total less the gift card's part (0: no card step, the order is placed as it is). */
  cardAmount: whole(),
  /** `none`: a gift card pays everything, there is no card payment (the payment intent id names the checkout). */
  paymentMode: z.enum(['stripe', 'test', 'none']),
});
export type CreateIntentResult = z.infer<typeof createIntentResultSchema>;

/**
 * POST /api/checkout/wallet-quote: what a wallet's sheet shows for the cart at the address the wallet tells before
 * the shopper pays (Apple Pay: the city, state and ZIP only). Priced as the card step prices (stock, promo code,
 * shipping, tax by the address); nothing is stored.
 */
export const walletQuoteBodySchema = z.object({
  cart: checkoutCartSchema,
  promoCode: z.optional(promoCodeSchema),
  shipTo: z.object({
    city: z.optional(typedText({ max: 200, empty: true })),
    state: z.string().check(z.maxLength(100), z.refine(isUsState, WALLET_MESSAGES.usOnly)),
    zip: z.pipe(
      z.pipe(
        z.string().check(z.maxLength(20)),
        z.transform((zip: string) => walletZip(zip)),
      ),
      z.string().check(z.regex(FIVE_DIGIT_ZIP, MESSAGES.invalidZip)),
    ),
    country: z.literal('US', WALLET_MESSAGES.usOnly),
  }),
});
export const walletQuoteResultSchema = z.object({
  amounts: amountsSchema,
  /** The promo code the amounts include, when one was sent. */
  promo: z.optional(z.object({ code: z.string(), description: z.string() })),
});
export type WalletQuote = z.infer<typeof walletQuoteResultSchema>;

export const orderSchema = z.object({
  orderNumber: z.string(),
  status: z.enum(['pending', 'completed', 'cancelled']),
  createdAt: z.string(),
  shippingAddress: z.object({
    name: z.string(),
    email: z.string(),
    line1: z.optional(z.string()),
    city: z.optional(z.string()),
    state: z.optional(z.string()),
    zip: z.optional(z.string()),
  }),
  lines: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      image: z.string(),
      price: z.number(),
      size: z.string(),
      quantity: z.number(),
    }),
  ),
  amounts: amountsSchema,
});

/** What the order's own calls and the test card step take and answer, in modules of their own. */
export * from './order-record';
export * from './test-card';
