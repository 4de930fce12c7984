import { publicOrder, recordOrder } from '../../domain/checkout/orders';
import { defineHandler, reply } from '../../lib/http';

export const handler = defineHandler('checkout/record-order', async ({ body, caller }) => {
  const { order, created } = await recordOrder(body.orderNumber, { kind: 'user', userId: caller.userId });
  return reply(created ? 201 : 200, { order: publicOrder(order) });
});
