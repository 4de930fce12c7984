import { checkoutValidateCart } from './checkout-cart';
import { checkoutCreateGuestIntent, checkoutCreateIntent, checkoutWalletQuote } from './checkout-intents';
import { checkoutRecordGuestOrder, checkoutRecordOrder } from './checkout-orders';
import { checkoutStripeWebhook } from './stripe-webhook';
import { checkoutTestCard } from './test-card';
import type { RouteDef } from './types';

/**
 * The checkout's routes, assembled from their parts for shared/routes.ts (the table, the API document, CDK): a
 * handler imports its own entry, so its function builds only that entry's schemas (docs/decisions/0135, 0136).
 */
export const CHECKOUT_ROUTES = [
  checkoutValidateCart,
  checkoutWalletQuote,
  checkoutCreateIntent,
  checkoutCreateGuestIntent,
  checkoutRecordOrder,
  checkoutRecordGuestOrder,
  checkoutStripeWebhook,
  checkoutTestCard,
] as const satisfies readonly RouteDef[];
