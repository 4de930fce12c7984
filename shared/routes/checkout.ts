import {
  createIntentBodySchema,
  createIntentResultSchema,
  recordGuestOrderBodySchema,
  recordOrderBodySchema,
  testConfirmBodySchema,
  testPaymentConfirmedSchema,
  validateCartBodySchema,
  validateCartResultSchema,
  shippingRatesBodySchema,
  walletQuoteBodySchema,
  walletQuoteResultSchema,
  webhookReceivedSchema,
} from '../schemas/checkout';
import { recordedGuestOrderSchema, recordedOrderSchema } from '../schemas/order-views';
import { shippingRatesAnswerSchema, shippingSettingsSchema } from '../schemas/shipping';
import type { RouteDef } from './types';

/** When a cart is refused beyond its schema: shared by every route that prices one. */
export const CART_RULES =
  'More than 9 of one product and size, a size the product does not come in, ' +
  'or too many different products for one order';

const INTENT_REFUSALS = {
  400:
    `${CART_RULES}; a shipping rate id that is not on offer for this cart and address (made up, another cart's, ` +
    'or free shipping under its amount)',
  404:
    'A checkoutId that is not this shopper’s checkout (a guest’s needs its checkoutSecret); ' +
    'a promo code the shop does not know (`promo_unknown`; counted against the client’s one budget of ' +
    'wrong promo codes: 10 in 10 minutes, wherever typed, then 429 `too_many_promo_codes` with ' +
    'Retry-After); or a gift card code that is no card’s (`gift_card_unknown`; counted apart: ' +
    '10 wrong codes in 10 minutes, then 429 `too_many_gift_card_codes` with Retry-After)',
  409:
    'Out of stock (`out_of_stock`, the products named) or a product no longer sold; ' +
    'a promo code not usable now (expired, used up, used by you, minimum not met); ' +
    'a gift card with nothing left (`gift_card_empty`) or a cart of only gift cards ' +
    '(`gift_card_on_gift_cards`); a checkout already paid or closed; ' +
    'the checkout changed in another window; a wallet’s total that is not the one its sheet showed ' +
    '(`wallet_total_changed`, nothing changed)',
} as const;

const RECORD_REFUSALS = {
  404:
    'No payment with this id, or no checkout belongs to it (a guest’s gift-only checkout also needs its ' +
    'checkoutSecret)',
  409:
    'The payment is not authorized, was cancelled or could not be captured; the stock, ' +
    'the promo code or the gift card’s balance was gone when the order was taken (`out_of_stock`, ' +
    '`gift_card_spent`: the authorization is cancelled); the order is being recorded',
} as const;

/**
 * The checkout (docs/decisions/0022, 0062, 0102, 0129): the cart's check, a wallet sheet's total, the card step's
 * payment intent, the order taken after the card is authorized, Stripe's signed events, and the built-in test
 * processor's card step.
 */
export const CHECKOUT_ROUTES = [
  {
    method: 'POST',
    path: '/api/products/validate-cart',
    handler: 'checkout/validate-cart',
    access: 'public',
    rateLimit: { none: 'Reads stock and stores nothing; the API stage throttle bounds it' },
    table: 'read',
    body: validateCartBodySchema,
    answer: validateCartResultSchema,
    refusals: { 400: CART_RULES },
    summary: '{cart} -> {success, outOfStockItems: [names]} (nothing is held)',
  },
  {
    method: 'POST',
    path: '/api/checkout/wallet-quote',
    handler: 'checkout/wallet-quote',
    access: 'public',
    rateLimit: 'wallet-quotes',
    // Writes the client's count of wrong promo codes (decision 0139); stores nothing else.
    table: 'readwrite',
    // Stripe: only where the stage prices tax with Stripe Tax; shipping: the sheet's calculated rates (issue 53).
    uses: ['stripe', 'shipping'],
    body: walletQuoteBodySchema,
    answer: walletQuoteResultSchema,
    refusals: {
      400: `${CART_RULES}; an address outside the United States or a ZIP that is not 5 digits`,
      404:
        'A promo code the shop does not know (`promo_unknown`), counted against the client’s one budget of ' +
        'wrong promo codes, after which 429 `too_many_promo_codes` with Retry-After',
      409: 'Out of stock (`out_of_stock`, the products named) or a product no longer sold; a promo code not usable now',
    },
    summary:
      "A wallet sheet's total at the address the wallet tells before paying (city, state, ZIP): " +
      "priced as the card step prices, nothing stored but a wrong promo code's count",
  },
  {
    method: 'POST',
    path: '/api/checkout/shipping-rates',
    handler: 'checkout/shipping-rates',
    access: 'public',
    // Prices a cart at an address, as a wallet's sheet does: the same kind of request, counted together.
    rateLimit: 'wallet-quotes',
    table: 'read',
    uses: ['shipping'],
    body: shippingRatesBodySchema,
    answer: shippingRatesAnswerSchema,
    refusals: {
      400: `${CART_RULES}; a state that is not a US state or a ZIP that is not 5 digits`,
      409: 'A product no longer sold (`out_of_stock`, the products named)',
    },
    summary:
      "The shipping step's rates for {cart, shipTo}: free over the owner's amount, the provider's calculated rates " +
      '(carrier, service, price, days), the flat rate; the flat rate alone, said so, when the provider does not ' +
      'answer in a few seconds; nothing stored',
  },
  {
    method: 'GET',
    path: '/api/admin/shipping/settings',
    handler: 'checkout/get-shipping-settings',
    access: 'admin',
    table: 'read',
    answer: shippingSettingsSchema,
    summary: "The owner's rates on offer: the flat rate, free over an amount, calculated rates, the ship-from address",
  },
  {
    method: 'PUT',
    path: '/api/admin/shipping/settings',
    handler: 'checkout/save-shipping-settings',
    access: 'admin',
    table: 'readwrite',
    body: shippingSettingsSchema,
    answer: shippingSettingsSchema,
    summary: "Sets the owner's rates on offer, for checkouts from now on",
  },
  {
    method: 'POST',
    path: '/auth/create-payment-intent',
    handler: 'checkout/create-payment-intent',
    access: 'user',
    rateLimit: 'payment-intents',
    table: 'readwrite',
    // cognito: the account's email, under which a once-per-customer promo code is counted (decision 0063).
    uses: ['stripe', 'cognito', 'shipping'],
    body: createIntentBodySchema,
    answer: createIntentResultSchema,
    refusals: INTENT_REFUSALS,
    summary:
      'Prices the cart on the server, checks stock (holds none), creates or updates the manual-capture payment intent',
  },
  {
    method: 'POST',
    path: '/auth/create-payment-intent/guest',
    handler: 'checkout/create-guest-payment-intent',
    access: 'public',
    rateLimit: 'payment-intents',
    table: 'readwrite',
    uses: ['stripe', 'shipping'],
    body: createIntentBodySchema,
    answer: createIntentResultSchema,
    refusals: INTENT_REFUSALS,
    summary:
      'The same for a guest; a new checkout answers its checkoutSecret, ' +
      'which every later call on it needs (404 without)',
  },
  {
    method: 'POST',
    path: '/auth/adminOrders',
    handler: 'checkout/record-order',
    access: 'user',
    rateLimit: 'order-recording',
    table: 'readwrite',
    uses: ['ses', 'stripe'],
    body: recordOrderBodySchema,
    answer: recordedOrderSchema,
    success: [200, 201],
    refusals: { ...RECORD_REFUSALS, 403: 'The order or checkout is another customer’s (or a guest’s)' },
    summary:
      'After the card is authorized, {paymentIntentId}: takes the stock and writes the checkout’s one ' +
      'order under its own number (201; 200 when it was written before), then captures (409 out_of_stock: ' +
      'authorization cancelled)',
  },
  {
    method: 'POST',
    path: '/auth/adminOrders/guest',
    handler: 'checkout/record-guest-order',
    access: 'public',
    rateLimit: 'order-recording',
    table: 'readwrite',
    uses: ['ses', 'stripe'],
    body: recordGuestOrderBodySchema,
    answer: recordedGuestOrderSchema,
    success: [200, 201],
    refusals: { ...RECORD_REFUSALS, 403: 'The order or checkout is a signed-in customer’s' },
    summary: 'The same for a guest; the whole order only with the checkout secret, else {orderNumber, status}',
  },
  {
    method: 'POST',
    path: '/api/webhooks/stripe',
    handler: 'checkout/stripe-webhook',
    access: 'public',
    rateLimit: { none: "Stripe's own servers, signature-checked; a limit would drop Stripe's retries" },
    table: 'readwrite',
    uses: ['ses', 'stripe'],
    bodyType: 'raw',
    rawBody: { description: 'A Stripe event, as Stripe sends it', signatureHeader: 'Stripe-Signature' },
    answer: webhookReceivedSchema,
    refusals: {
      400: 'The Stripe-Signature header does not sign this body',
      404: 'The shop does not use Stripe (the built-in test processor takes no webhooks)',
    },
    summary:
      'Signature-checked Stripe events: authorized -> take and capture; payment_failed counted; canceled settled',
  },
  {
    method: 'POST',
    path: '/api/test-payments/confirm',
    handler: 'checkout/confirm-test-payment',
    access: 'public',
    rateLimit: 'card-confirmations',
    table: 'readwrite',
    uses: ['stripe'],
    body: testConfirmBodySchema,
    answer: testPaymentConfirmedSchema,
    refusals: {
      400: 'The card of this payment is already authorized or captured',
      402:
        'The card is declined, or its 3-D Secure step failed, or the payment was cancelled ' +
        '(too many failed attempts: `card_attempts_exceeded`)',
      404: 'No payment has this client secret, or the shop uses Stripe (test payments are off)',
      409: 'The payment changed meanwhile',
    },
    summary: 'Card step (and 3-D Secure answer) of the built-in test processor (404 when Stripe is configured)',
  },
] as const satisfies readonly RouteDef[];
