import type { CardPayment, GiftCardPayment, OrderPayment, OrderRecord } from '../../db/entities/order';

/**
 * The payments that paid an order (docs/decisions/0102, 0126): a card's intent, a gift card's part. Orders from before
 * 0102 keep their intent id as their number and carry no `payments`: they are read as paid by that intent, so every
 * caller asks here and never reads the number as an intent id.
 */

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
