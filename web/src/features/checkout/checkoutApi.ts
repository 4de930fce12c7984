import * as z from '#shared/schemas/zod';
import type { CartLine } from '#shared/schemas/cart';
import { onlyGiftCards } from '#shared/gift-card-lines';
import { buyerOf } from '#shared/order-address';
import type { ShippingAddress } from '#shared/schemas/address';
import type { WalletShipTo } from '#shared/wallet';
import { api } from '../../lib/api';
import { marketingConsentTicked } from './CheckoutMarketingConsent';
import { noteStep } from '../../lib/funnel';
import { keptLineToken } from '../../lib/dropLine';

/**
 * The answers' schemas, each module loaded (and its schemas built) when its call is first made, not with the cart:
 * building them all was part of the cart's long first tasks on a phone (issue 50 item 17, docs/decisions/0144). A
 * module already loaded is not asked for again.
 */
const schemas = {
  checkout: () => import('#shared/schemas/checkout'),
  promo: () => import('#shared/schemas/promo'),
  reminders: () => import('#shared/schemas/reminders'),
  shipping: () => import('#shared/schemas/shipping'),
  sales: () => import('#shared/schemas/sales'),
};

/** What checkout sends: which products, sizes and how many, and a gift card's card (the server prices them). */
const lines = (cart: CartLine[]) =>
  cart.map(({ id, size, quantity, name, giftCard }) => ({
    id,
    size,
    quantity,
    name,
    ...(giftCard ? { giftCard } : {}),
  }));

export const validateCart = async (cart: CartLine[]) =>
  api('/api/products/validate-cart', (await schemas.checkout()).validateCartResultSchema, {
    body: { cart: lines(cart) },
  });

/**
 * Prices the checkout: without a checkoutId the server makes a new one (a guest's with its secret, which this
 * browser keeps and sends with every later call on it: docs/decisions/0062). For a cart of gift cards only the
 * buyer's name and email alone are sent (issue 50 item 9): nothing ships, and no address was asked for.
 */
export const createIntent = async (input: {
  cart: CartLine[];
  shippingAddress: ShippingAddress;
  checkoutId?: string;
  checkoutSecret?: string;
  signedIn: boolean;
  promoCode?: string;
  giftCardCode?: string;
  /** The rate chosen at the shipping step (its id: the server prices it); missing: the flat rate. */
  shippingRateId?: string;
  /** Paid from a wallet's sheet: the total it showed (the server refuses another: docs/decisions/0129). */
  wallet?: { shownTotal: number };
}) =>
  api(
    input.signedIn ? '/auth/create-payment-intent' : '/auth/create-payment-intent/guest',
    (await schemas.checkout()).createIntentResultSchema,
    {
      auth: input.signedIn,
      body: {
        cart: lines(input.cart),
        shippingAddress: onlyGiftCards(input.cart) ? buyerOf(input.shippingAddress) : input.shippingAddress,
        currency: 'usd',
        ...(input.checkoutId ? { checkoutId: input.checkoutId } : {}),
        ...(input.checkoutId && input.checkoutSecret ? { checkoutSecret: input.checkoutSecret } : {}),
        ...(input.promoCode ? { promoCode: input.promoCode } : {}),
        ...(input.giftCardCode ? { giftCardCode: input.giftCardCode } : {}),
        ...(input.shippingRateId ? { shippingRateId: input.shippingRateId } : {}),
        ...(input.wallet ? { wallet: input.wallet } : {}),
        ...(marketingConsentTicked() ? { marketingConsent: true } : {}),
        // A drop's line let this tab in (lib/dropLine.ts): the card step takes its place (docs/decisions/0171).
        ...(keptLineToken() ? { lineToken: keptLineToken() } : {}),
      },
    },
  ).then((priced) => (noteStep('card'), priced));

/** The shipping step's rates for the cart at the address typed so far (its state and ZIP at least). */
export const shippingRates = async (input: {
  cart: CartLine[];
  shipTo: { name?: string; line1?: string; city?: string; state: string; zip: string };
}) =>
  api('/api/checkout/shipping-rates', (await schemas.shipping()).shippingRatesAnswerSchema, {
    body: { cart: lines(input.cart), shipTo: input.shipTo },
  });

/** A wallet sheet's total at the address it shows before the shopper pays (nothing is stored). */
export const walletQuote = async (input: {
  cart: CartLine[];
  promoCode?: string;
  shipTo: WalletShipTo;
  /** The sheet's chosen shipping option (issue 53). */
  shippingRateId?: string;
}) =>
  api('/api/checkout/wallet-quote', (await schemas.checkout()).walletQuoteResultSchema, {
    body: {
      cart: lines(input.cart),
      shipTo: input.shipTo,
      ...(input.promoCode ? { promoCode: input.promoCode } : {}),
      ...(input.shippingRateId ? { shippingRateId: input.shippingRateId } : {}),
    },
  });

/** What a promo code takes off this cart (the server prices it); a signed-in shopper's own uses count. */
export const checkPromoCode = async (input: { code: string; cart: CartLine[]; signedIn: boolean }) =>
  api('/api/promo-codes/check', (await schemas.promo()).promoCheckResultSchema, {
    auth: input.signedIn,
    body: { code: input.code, cart: lines(input.cart) },
  });

/** What the sales without a code give this cart now, and what is nearly reached (issue 54); stores nothing. */
export const cartSales = async (cart: CartLine[]) =>
  api('/api/cart/sales', (await schemas.sales()).cartSalesAnswerSchema, { body: { cart: lines(cart) } });

/** A reminder's link: its cart (priced now), the shipping details, and what is gone (docs/decisions/0079). */
export const restoreCart = async (token: string) =>
  api('/api/reminders/restore', (await schemas.reminders()).restoreAnswerSchema, { body: { token } });

/** The server refused a promo code (unknown, expired, used up, ...): its message is for the shopper. */
export const isPromoRefusal = (code: string) => code.startsWith('promo_');

const confirmedSchema = z.object({ paymentIntent: z.object({ id: z.string(), status: z.string() }) });
/** The built-in test processor's card step (test mode). */
export const confirmTestPayment = (input: {
  clientSecret: string;
  card: { number: string; expMonth: number; expYear: number; cvc: string };
  billingName: string;
  receiptEmail: string;
  /** The answer to the 3-D Secure step, sent with the same card. */
  threeDSecure?: 'complete' | 'fail';
}) => api('/api/test-payments/confirm', confirmedSchema, { body: input });

/** Keys in the browser's storage. This tab's checkout (sessionStorage): its id and, a guest's, its secret. */
export const CHECKOUT_ID_KEY = 'checkoutId';
export const CHECKOUT_SECRET_KEY = 'checkoutSecret';
/** The last order's number, as the spec keeps it (localStorage): the key of the order ("1042"). */
export const ORDER_NUMBER_KEY = 'orderNumber';
/** The applied promo code of this tab's cart (sessionStorage). */
export const PROMO_KEY = 'promoCode';
/**
 * The last order as the shop answered it (its lines, where it ships, the amounts and promo code), for the confirmation
 * page: in this tab's sessionStorage, so a shared computer does not keep the address once the tab is closed.
 */
export const LAST_ORDER_KEY = 'lastOrder';
