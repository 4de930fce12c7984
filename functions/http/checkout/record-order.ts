import { CHECKOUT_ROUTES } from '#shared/routes/checkout';
import { paymentIntentOf } from '#shared/schemas/checkout';
import { recordOrder } from '../../domain/checkout/orders';
import { publicOrder } from '../../domain/orders/view';
import { defineHandler, reply } from '../../lib/http';

export const handler = defineHandler(CHECKOUT_ROUTES, 'checkout/record-order', async ({ body, caller }) => {
  const { order, created } = await recordOrder(paymentIntentOf(body), { kind: 'user', userId: caller.userId });
  return reply(created ? 201 : 200, { order: publicOrder(order) });
});
