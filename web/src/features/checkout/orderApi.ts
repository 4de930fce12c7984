import { recordedGuestOrderSchema } from '#shared/schemas/order-views';
import { api } from '../../lib/api';

/*
 * The card step's own call (its chunk, not the cart's: the order views' schemas are built when the card step loads,
 * issue 50 item 17).
 */

/**
 * Records the paid order of the payment intent the card paid; the answer carries the order with its own number (a
 * guest's browser sends its checkout's secret: without it the answer names the number and status only).
 */
export const recordOrder = (input: { paymentIntentId: string; signedIn: boolean; checkoutSecret?: string }) =>
  api(input.signedIn ? '/auth/adminOrders' : '/auth/adminOrders/guest', recordedGuestOrderSchema, {
    auth: input.signedIn,
    body: {
      paymentIntentId: input.paymentIntentId,
      ...(!input.signedIn && input.checkoutSecret ? { checkoutSecret: input.checkoutSecret } : {}),
    },
  });
