import { paymentIntentIdSchema } from './refs';
import * as z from './zod';

/**
 * The bodies and answers of the calls that record an order and of Stripe's webhook: apart from the checkout's
 * request schemas (address, cart, promo and gift card codes), which the functions taking an order do not build
 * (docs/decisions/0135, 0136).
 */

/** A guest checkout's secret, as the server issued it (docs/decisions/0062). */
export const checkoutSecretSchema = z.string().check(z.minLength(16), z.maxLength(128));

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
