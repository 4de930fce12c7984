import type { OrderRecord } from '../../db/entities/order';

/** What a customer sees of an order. */
export function publicOrder(order: OrderRecord) {
  return {
    orderNumber: order.orderNumber,
    status: order.status,
    createdAt: order.createdAt,
    shippingAddress: order.shippingAddress,
    lines: order.lines.map(({ id, name, image, price, size, quantity }) => ({ id, name, image, price, size, quantity })),
    amounts: order.amounts,
  };
}
