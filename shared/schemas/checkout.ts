import { goodsLines } from '../gift-card-lines';
import { MESSAGES } from '../messages';
import { CURRENCY } from '../money';
import { PLACE_FIELDS } from '../order-address';
import { LINE_SIZES, MAX_CART_LINES, MAX_QUANTITY, MIN_QUANTITY } from '../sizes';
import { isUsState } from '../tax';
import { WALLET_MESSAGES, walletZip } from '../wallet';
import { checkoutAddressSchema, FIVE_DIGIT_ZIP } from './address';
import { giftCardLineRule } from './cart';
import { giftCardCodeInputSchema, giftCardDetailsSchema } from './gift-cards';
import { amountsSchema, paymentIntentIdSchema, whole } from './refs';
import { promoCodeSchema } from './promo-code';
import { shippingRateIdSchema, shippingRateSchema } from './shipping';
import { cleanText, typedText } from './text';
import * as z from './zod';

/**
 * The checkout's requests and answers: the cart as checkout reads it, the card step's payment intent, a wallet sheet's
 * total, the order taken after the card is authorized, Stripe's webhook, and the built-in test processor's card step.
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

/** A guest checkout's secret, as the server issued it (docs/decisions/0062). */
const checkoutSecretSchema = z.string().check(z.minLength(16), z.maxLength(128));

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
    /**
     * The rate chosen at the shipping step (issue 53; shared/shipping.ts): `flat` (also when left out), `free`, or a
     * calculated rate's id, which the server prices again with the provider; a price is never read from the browser.
     */
    shippingRateId: z.optional(shippingRateIdSchema),
    /**
     * The checkout's marketing box ticked (docs/decisions/0166): when the order is taken, the email's yes is recorded
     * with the box's words (shared/marketing.ts) and the time it was ticked.
     */
    marketingConsent: z.optional(z.boolean()),
    /** A drop with a line (docs/decisions/0171): the signed place the line let in (POST /api/drops/{id}/line). */
    lineToken: z.optional(z.string().check(z.minLength(1), z.maxLength(600))),
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
  /**
   * The shipping rate the amounts include, as the server priced it (missing when nothing ships), and why the flat
   * rate when it took the place of the chosen one (the provider did not answer in time).
   */
  shipping: z.optional(z.object({ rate: shippingRateSchema, notice: z.optional(z.string()) })),
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
  /** The rate the sheet has chosen (its id, as the answer's `shippingRates` name it); missing: the shop's default. */
  shippingRateId: z.optional(shippingRateIdSchema),
});
/**
 * POST /api/checkout/shipping-rates (issue 53): the cart and where it goes, as far as the shipping step knows it (the
 * state and ZIP at least); the answer is shippingRatesAnswerSchema (./shipping.ts).
 */
export const shippingRatesBodySchema = z.object({
  cart: checkoutCartSchema,
  shipTo: z.object({
    name: z.optional(cleanText()),
    line1: z.optional(cleanText()),
    city: z.optional(cleanText()),
    state: cleanText().check(z.refine(isUsState, MESSAGES.invalidCheckoutState)),
    zip: cleanText().check(z.regex(FIVE_DIGIT_ZIP, MESSAGES.invalidZip)),
  }),
});
export type ShippingRatesBody = z.output<typeof shippingRatesBodySchema>;
export const walletQuoteResultSchema = z.object({
  amounts: amountsSchema,
  /**
   * The rates on offer at this address (issue 53: the sheet's shipping options) and the one the amounts include, with
   * why the flat rate alone when the provider did not answer; missing when nothing ships.
   */
  shippingRates: z.optional(z.array(shippingRateSchema)),
  shipping: z.optional(z.object({ rate: shippingRateSchema, notice: z.optional(z.string()) })),
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

/**
 * POST /auth/adminOrders and /guest: the payment the card made; the server reads the order from its own checkout
 * record, not from the body. `orderNumber` is the same intent id under its name of before decision 0102 (a tab that
 * loaded the shop before then still sends it): one of the two is required (`paymentIntentOf`).
 */
const recordFields = {
  paymentIntentId: z.optional(paymentIntentIdSchema),
  orderNumber: z.optional(paymentIntentIdSchema),
};
const namesThePayment = z.refine<{ paymentIntentId?: string; orderNumber?: string }>(
  (body) => Boolean(body.paymentIntentId ?? body.orderNumber),
  { message: 'This field is required.', path: ['paymentIntentId'] },
);
/** The intent a record call names, under either of its names. */
export const paymentIntentOf = (body: { paymentIntentId?: string; orderNumber?: string }): string =>
  (body.paymentIntentId ?? body.orderNumber)!;

export const recordOrderBodySchema = z.object(recordFields).check(namesThePayment);

/**
 * POST /auth/adminOrders/guest: with the checkout's secret (the browser that paid) the answer is the whole order;
 * without it, only its number and status (docs/decisions/0062).
 */
export const recordGuestOrderBodySchema = z
  .object({ ...recordFields, checkoutSecret: z.optional(checkoutSecretSchema) })
  .check(namesThePayment);

/** POST /api/webhooks/stripe: the event was taken (Stripe stops sending it). */
export const webhookReceivedSchema = z.object({ received: z.literal(true) });

/** POST /api/test-payments/confirm: the payment intent after the card step (what Stripe.js reports). */
export const testPaymentConfirmedSchema = z.object({
  paymentIntent: z.object({ id: z.string(), status: z.string(), amount: z.number() }),
});

/** POST /api/test-payments/confirm: the built-in test processor's card step (test mode only). */
export const testConfirmBodySchema = z.object({
  clientSecret: z.string().check(z.minLength(10), z.maxLength(200)),
  card: z.object({
    number: z.string().check(z.maxLength(30)),
    expMonth: whole(),
    expYear: whole(),
    cvc: z.string().check(z.maxLength(4)),
  }),
  billingName: typedText({ max: 200 }),
  receiptEmail: z.email().check(z.maxLength(200)),
  /** The answer to the 3-D Secure step (test card 4000 0025 0000 3155), sent again with the same card. */
  threeDSecure: z.optional(z.enum(['complete', 'fail'])),
});
