import { CHECKOUT_ROUTES } from '#shared/routes/checkout';
import { paymentIntentOf } from '#shared/schemas/checkout';
import { guestOrderAnswer, recordOrder } from '../../domain/checkout/orders';
import { defineHandler, reply } from '../../lib/http';

export const handler = defineHandler(CHECKOUT_ROUTES, 'checkout/record-guest-order', async ({ body }) => {
  const { order, created } = await recordOrder(paymentIntentOf(body), { kind: 'guest' }, body.checkoutSecret);
  return reply(created ? 201 : 200, { order: await guestOrderAnswer(order, body.checkoutSecret) });
});
