import { CHECKOUT_ROUTES } from '../../../shared/routes/checkout';
import { recordOrder } from '../../domain/checkout/orders';
import { publicOrder } from '../../domain/orders/view';
import { defineHandler, reply } from '../../lib/http';

export const handler = defineHandler(CHECKOUT_ROUTES, 'checkout/record-guest-order', async ({ body }) => {
  const { order, created } = await recordOrder(body.orderNumber, { kind: 'guest' });
  return reply(created ? 201 : 200, { order: publicOrder(order) });
});
