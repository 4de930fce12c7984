import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../db/client';
import { orders, type OrderRecord } from '../../db/entities/order';
import { conflict, HttpError, notFound } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { recordMetric } from '../../lib/metrics';
import { paymentProvider } from '../checkout/payments';
import { mailCancelled } from './mails';
import { stockMoves } from './stock';
import { giveBackParts } from '../promo/redeem';

/** The refund's idempotency key: derived from the order, so every attempt for it is the same refund. */
export const refundKey = (orderNumber: string) => `refund-${orderNumber}`;

/**
 * Cancels an unshipped order, exactly once however often it is pressed (docs/decisions/0035):
 * 1. one transaction: pending -> cancelled (on the condition that it is still pending), the refund and the mail
 *    marked pending, the stock of its lines put back and its promo code's use given back; a second press or tab fails the condition and goes on
 *    to step 2 with the order as it is;
 * 2. the refund through the payment provider with the key `refund-<orderNumber>` (the provider answers the
 *    same refund to the same key), then its result is kept on the order;
 * 3. the mail, claimed by one caller (pending -> sending) before it is sent.
 * A crash after step 1 leaves a cancelled order with its refund pending: calling this again finishes it.
 */
export async function cancelOrder(orderNumber: string): Promise<OrderRecord> {
  for (let attempt = 0; ; attempt++) {
    const order = await orders.get({ orderNumber }, { consistent: true });
    if (!order) throw notFound('No such order.');
    if (order.status === 'completed') throw conflict('This order has shipped and can no longer be cancelled.');
    if (order.status === 'cancelled') break;
    const now = new Date().toISOString();
    const moves = await stockMoves(order.lines, 'return', now);
    // A cancelled order gives its promo code's use back (docs/decisions/0040), in the same conditional transaction.
    const giveBack = await giveBackParts(order.promo, now);
    const transition = orders.transact.update(
      { orderNumber },
      {
        set: { status: 'cancelled', cancelledAt: now, cancelMail: { status: 'pending', at: now }, ...(order.replacementOf ? {} : { refund: { status: 'pending' } }) },
        add: { version: 1 },
      },
      { when: { equals: { status: 'pending' } }, current: order },
    );
    try {
      await documentClient().send(new TransactWriteCommand({ TransactItems: [transition, ...moves.items, ...giveBack] }));
      if (!order.replacementOf) recordMetric('paymentsCancelled');
      break;
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      // Shipped or cancelled in another tab (read again), or a checkout touched the same stock (try again).
      if (attempt >= 8) throw conflict('The order is busy. Please try again.');
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 30 * (attempt + 1)));
    }
  }
  return finishCancellation(orderNumber);
}

/** Steps 2 and 3 of a cancellation: the refund (idempotent) and the customer's mail (once). */
async function finishCancellation(orderNumber: string): Promise<OrderRecord> {
  let order = (await orders.get({ orderNumber }, { consistent: true }))!;
  if (order.refund && order.refund.status !== 'refunded') {
    const result = await (await paymentProvider()).refund(orderNumber, { idempotencyKey: refundKey(orderNumber) });
    const status = result.status === 'succeeded' ? 'refunded' : result.status;
    await orders.update({ orderNumber }, { set: { refund: { status, id: result.id, at: new Date().toISOString() } } });
    order = { ...order, refund: { status, id: result.id } };
    if (status === 'failed') {
      logger.error('refund failed', { orderNumber, refundId: result.id });
      throw new HttpError(502, 'refund_failed', "The payment provider refused the refund. The order stays cancelled; refund it in the provider's dashboard or try again.");
    }
  }
  if (order.cancelMail?.status === 'pending' && (await claimMail(orderNumber))) {
    const mail = await mailCancelled(order);
    await orders.update({ orderNumber }, { set: { cancelMail: mail } });
  }
  return (await orders.get({ orderNumber }, { consistent: true }))!;
}

/** pending -> sending on the cancellation mail; only the caller that made the change sends it. */
async function claimMail(orderNumber: string): Promise<boolean> {
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: orders.key({ orderNumber }),
        UpdateExpression: 'SET #mail.#status = :sending, #mail.#at = :now',
        ConditionExpression: '#mail.#status = :pending',
        ExpressionAttributeNames: { '#mail': 'cancelMail', '#status': 'status', '#at': 'at' },
        ExpressionAttributeValues: { ':sending': 'sending', ':pending': 'pending', ':now': new Date().toISOString() },
      }),
    );
    return true;
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}
