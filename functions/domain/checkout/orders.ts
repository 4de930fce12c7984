import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../../db/client';
import { orders, type OrderRecord } from '../../db/entities/order';
import { conflict, forbidden, HttpError, notFound } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { sendOrderConfirmation } from './confirmation-mail';
import { paymentProvider } from './payments';
import { convertedPut, getReservation } from './reservations';

export type { OrderRecord };

/** Who is asking to record the order: a signed-in user (their id), a guest, or the provider itself. */
export type Recorder = { kind: 'user'; userId: string } | { kind: 'guest' } | { kind: 'webhook' } | { kind: 'expiry' };

function allowed(order: { customer: string }, by: Recorder): boolean {
  if (by.kind === 'user') return order.customer === by.userId;
  if (by.kind === 'guest') return order.customer === 'guest';
  return true;
}

export async function getOrder(orderNumber: string): Promise<OrderRecord | null> {
  return orders.get({ orderNumber });
}

/**
 * Records the order of a succeeded payment, exactly once: the order is keyed by the payment intent id and
 * written with attribute_not_exists together with the reservation's conversion. The browser's callback, the
 * webhook and the expiry job may all call this, any number of times, in any order.
 */
export async function recordOrder(orderNumber: string, by: Recorder): Promise<{ order: OrderRecord; created: boolean }> {
  const existing = await getOrder(orderNumber);
  if (existing) {
    if (!allowed(existing, by)) throw forbidden('This order belongs to someone else.');
    return { order: existing, created: false };
  }
  const intent = await (await paymentProvider()).retrieveIntent(orderNumber);
  if (!intent) throw notFound('No such payment.');
  const reservation = intent.metadata.checkoutId ? await getReservation(intent.metadata.checkoutId) : null;
  if (!reservation || reservation.intentId !== intent.id) throw notFound('No checkout belongs to this payment.');
  if (!allowed(reservation, by)) throw forbidden('This order belongs to someone else.');
  if (intent.status !== 'succeeded') throw new HttpError(409, 'payment_not_succeeded', 'The payment has not succeeded.');
  if (intent.amount !== reservation.amounts.total) {
    logger.error('paid amount differs from the reservation', { orderNumber, paid: intent.amount, expected: reservation.amounts.total });
  }
  const order: OrderRecord = {
    orderNumber,
    customer: reservation.customer,
    status: 'pending',
    shippingAddress: reservation.shippingAddress,
    lines: reservation.lines,
    amounts: reservation.amounts,
    checkoutId: reservation.checkoutId,
    recordedVia: by.kind === 'webhook' ? 'webhook' : by.kind === 'expiry' ? 'expiry' : 'callback',
    mailStatus: 'pending',
    version: 1,
    createdAt: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
    updatedAt: new Date().toISOString(),
  };
  try {
    await documentClient().send(new TransactWriteCommand({ TransactItems: [orders.transact.put(order, { ifNew: true }), convertedPut(reservation)] }));
  } catch (error) {
    if (!(error instanceof TransactionCanceledException)) throw error;
    // Someone else recorded it first (or is doing so): answer with their order.
    for (let attempt = 0; attempt < 10; attempt++) {
      const winner = await getOrder(orderNumber);
      if (winner) return { order: winner, created: false };
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw conflict('The order is being recorded. Please try again.');
  }
  await sendOrderConfirmation(order);
  return { order, created: true };
}
