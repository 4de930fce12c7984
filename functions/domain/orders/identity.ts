import { FIRST_ORDER_NUMBER } from '#shared/order-number';
import { orderCounter } from '../../db/entities/marker';
import {
  orders,
  type CardPayment,
  type GiftCardPayment,
  type OrderPayment,
  type OrderRecord,
} from '../../db/entities/order';
import { orderPayments } from '../../db/entities/order-payment';

/**
 * An order's identity (docs/decisions/0102): its short number, the payments that paid it, and finding it from a
 * payment. Orders from before keep their intent id as their number and carry no `payments`: they are read as paid by
 * that intent, so every caller asks here and never reads the number as an intent id.
 */

/**
 * The next order number ("1042"): one atomic ADD on the counter item, so two orders never get the same number, however
 * many are taken at once. A number whose take then fails (another caller took the checkout first, stock short) is not
 * given again: numbers can have gaps, never duplicates.
 */
export async function nextOrderNumber(): Promise<string> {
  return String(FIRST_ORDER_NUMBER - 1 + (await orderCounter.increment({ name: 'order-number' }, 'last')));
}

/** The intent an order from before 0102 was keyed by, with its provider as its id says (`pi_test_`: the test one). */
const legacyPayment = (order: OrderRecord): OrderPayment[] =>
  order.orderNumber.startsWith('pi_') && !order.replacementOf
    ? [
        {
          method: 'card',
          provider: order.orderNumber.startsWith('pi_test_') ? 'test' : 'stripe',
          intentId: order.orderNumber,
          amount: order.amounts.total,
        },
      ]
    : [];

/** The payments that paid an order (none for a $0 replacement). */
export const paymentsOf = (order: OrderRecord): OrderPayment[] => order.payments ?? legacyPayment(order);

/** The card payment of an order (the one capture, cancel and refund act on), or null when none paid it. */
export const cardPaymentOf = (order: OrderRecord): CardPayment | null =>
  paymentsOf(order).find((payment): payment is CardPayment => payment.method === 'card') ?? null;

/** The gift card parts that paid an order (docs/decisions/0126). */
export const giftCardPaymentsOf = (order: OrderRecord): GiftCardPayment[] =>
  paymentsOf(order).filter((payment): payment is GiftCardPayment => payment.method === 'gift_card');

/**
 * The order a payment intent paid: by the payment's pointer (one GetItem), or, for an order from before 0102, the order
 * keyed by the intent id itself. Null when no order has it yet.
 */
export async function orderOfPayment(intentId: string): Promise<OrderRecord | null> {
  const pointer = await orderPayments.get({ intentId }, { consistent: true });
  return orders.get({ orderNumber: pointer?.orderNumber ?? intentId }, { consistent: true });
}
