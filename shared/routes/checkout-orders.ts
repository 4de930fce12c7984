import { recordGuestOrderBodySchema, recordOrderBodySchema } from '../schemas/checkout';
import { recordedGuestOrderSchema, recordedOrderSchema } from '../schemas/order-views';
import type { RouteDef } from './types';

/**
 * The calls that take an order (parts of CHECKOUT_ROUTES), apart from the checkout's request schemas (address, cart,
 * codes), which the functions taking an order do not build (docs/decisions/0136).
 */

const RECORD_REFUSALS = {
  404: 'No payment with this id, or no checkout belongs to it (a guest’s gift-only checkout also needs its checkoutSecret)',
  409: 'The payment is not authorized, was cancelled or could not be captured; the stock, the promo code or the gift card’s balance was gone when the order was taken (`out_of_stock`, `gift_card_spent`: the authorization is cancelled); the order is being recorded',
} as const;

/** A signed-in shopper's order taken after the card is authorized. */
export const checkoutRecordOrder = {
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
    'After the card is authorized, {paymentIntentId}: takes the stock and writes the checkout’s one order under its own number (201; 200 when it was written before), then captures (409 out_of_stock: authorization cancelled)',
} as const satisfies RouteDef;

/** A guest's order taken after the card is authorized. */
export const checkoutRecordGuestOrder = {
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
} as const satisfies RouteDef;
