import { FIRST_ORDER_NUMBER } from '#shared/order-number';
import { orderCounter } from '../../db/entities/marker';
import { orders, type OrderRecord } from '../../db/entities/order';
import { orderPayments } from '../../db/entities/order-payment';

/**
 * An order's identity (docs/decisions/0102): its short number, and finding it from a payment. The payments that paid
 * it are the money room's (functions/domain/money/paid-by.ts). Orders from before keep their intent id as their
 * number.
 */

/**
 * The next order number ("1042"): one atomic ADD on the counter item, so two orders never get the same number, however
 * many are taken at once. A number whose take then fails (another caller took the checkout first, stock short) is not
 * given again: numbers can have gaps, never duplicates.
 */
export async function nextOrderNumber(): Promise<string> {
  return String(FIRST_ORDER_NUMBER - 1 + (await orderCounter.increment({ name: 'order-number' }, 'last')));
}

/**
 * The order a payment intent paid: by the payment's pointer (one GetItem), or, for an order from before 0102, the order
 * keyed by the intent id itself. Null when no order has it yet.
 */
export async function orderOfPayment(intentId: string): Promise<OrderRecord | null> {
  const pointer = await orderPayments.get({ intentId }, { consistent: true });
  return orders.get({ orderNumber: pointer?.orderNumber ?? intentId }, { consistent: true });
}
