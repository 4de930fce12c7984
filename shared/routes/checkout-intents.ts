import {
  createIntentBodySchema,
  createIntentResultSchema,
  walletQuoteBodySchema,
  walletQuoteResultSchema,
} from '../schemas/checkout';
import { CART_RULES } from './refusals';
import type { RouteDef } from './types';

/** The checkout's pricing calls (parts of CHECKOUT_ROUTES): each function builds the schemas of its own entry only. */

const INTENT_REFUSALS = {
  400: CART_RULES,
  404: 'A checkoutId that is not this shopper’s checkout (a guest’s needs its checkoutSecret); a promo code the shop does not know (`promo_unknown`; counted against the client’s one budget of wrong promo codes: 10 in 10 minutes, wherever typed, then 429 `too_many_promo_codes` with Retry-After); or a gift card code that is no card’s (`gift_card_unknown`; counted apart: 10 wrong codes in 10 minutes, then 429 `too_many_gift_card_codes` with Retry-After)',
  409: 'Out of stock (`out_of_stock`, the products named) or a product no longer sold; a promo code not usable now (expired, used up, used by you, minimum not met); a gift card with nothing left (`gift_card_empty`) or a cart of only gift cards (`gift_card_on_gift_cards`); a checkout already paid or closed; the checkout changed in another window; a wallet’s total that is not the one its sheet showed (`wallet_total_changed`, nothing changed)',
} as const;
/** A wallet sheet's total at the address the wallet tells. */
export const checkoutWalletQuote = {
  method: 'POST',
  path: '/api/checkout/wallet-quote',
  handler: 'checkout/wallet-quote',
  access: 'public',
  rateLimit: 'wallet-quotes',
  // Writes the client's count of wrong promo codes (decision 0139); stores nothing else.
  table: 'readwrite',
  // Stripe: only where the stage prices tax with Stripe Tax.
  uses: ['stripe'],
  body: walletQuoteBodySchema,
  answer: walletQuoteResultSchema,
  refusals: {
    400: `${CART_RULES}; an address outside the United States or a ZIP that is not 5 digits`,
    404: 'A promo code the shop does not know (`promo_unknown`), counted against the client’s one budget of wrong promo codes, after which 429 `too_many_promo_codes` with Retry-After',
    409: 'Out of stock (`out_of_stock`, the products named) or a product no longer sold; a promo code not usable now',
  },
  summary:
    "A wallet sheet's total at the address the wallet tells before paying (city, state, ZIP): priced as the card step prices, nothing stored but a wrong promo code's count",
} as const satisfies RouteDef;

/** The card step's payment intent, for a signed-in shopper. */
export const checkoutCreateIntent = {
  method: 'POST',
  path: '/auth/create-payment-intent',
  handler: 'checkout/create-payment-intent',
  access: 'user',
  rateLimit: 'payment-intents',
  table: 'readwrite',
  // cognito: the account's email, under which a once-per-customer promo code is counted (decision 0063).
  uses: ['stripe', 'cognito'],
  body: createIntentBodySchema,
  answer: createIntentResultSchema,
  refusals: INTENT_REFUSALS,
  summary:
    'Prices the cart on the server, checks stock (holds none), creates or updates the manual-capture payment intent',
} as const satisfies RouteDef;

/** The card step's payment intent, for a guest. */
export const checkoutCreateGuestIntent = {
  method: 'POST',
  path: '/auth/create-payment-intent/guest',
  handler: 'checkout/create-guest-payment-intent',
  access: 'public',
  rateLimit: 'payment-intents',
  table: 'readwrite',
  uses: ['stripe'],
  body: createIntentBodySchema,
  answer: createIntentResultSchema,
  refusals: INTENT_REFUSALS,
  summary:
    'The same for a guest; a new checkout answers its checkoutSecret, which every later call on it needs (404 without)',
} as const satisfies RouteDef;
