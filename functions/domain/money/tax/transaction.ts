import { orders, type OrderRecord } from '../../../db/entities/order';
import { isConditionFailure } from '../../../db/table';
import { logger } from '../../../lib/logger';
import { cardPaymentOf } from '../paid-by';
import { stripeTaxProvider } from './index';

/**
 * How a Stripe call failed: `answered` when Stripe answered (and keeps that answer under the idempotency key, so a
 * retry needs the next key), `refused` when the answer says the request itself is wrong (4xx other than 409 and 429:
 * trying again changes nothing).
 */
function failure(error: unknown): { answered: boolean; refused: boolean } {
  const seen = (typeof error === 'object' && error !== null ? error : {}) as { type?: string; statusCode?: number };
  const answered = seen.type !== 'StripeConnectionError' && typeof seen.statusCode === 'number';
  const status = seen.statusCode ?? 0;
  return { answered, refused: answered && status >= 400 && status < 500 && status !== 409 && status !== 429 };
}

const key = (order: OrderRecord) => ({ orderNumber: order.orderNumber });

/**
 * The sale's reference at Stripe Tax, unique among all the transactions of the Stripe account (Stripe refuses a
 * reference twice): the order number, which the owner searches for, with the card's intent id, since two stages may
 * share one Stripe account and each counts its numbers from the same start. An order from before 0102 is numbered by
 * its intent id already.
 */
export function taxReference(order: OrderRecord): string {
  const intentId = cardPaymentOf(order)?.intentId;
  return !intentId || intentId === order.orderNumber ? order.orderNumber : `${order.orderNumber}-${intentId}`;
}
const reread = async (order: OrderRecord) => (await orders.get(key(order), { consistent: true })) ?? order;

/** A captured order Stripe Tax priced whose sale is not recorded yet (a cancelled one never is). */
export const taxTransactionDue = (order: OrderRecord) =>
  order.taxProvider === 'stripe_tax' &&
  !!order.stripeTax &&
  !order.stripeTaxTransaction &&
  order.paymentStatus === 'captured' &&
  order.status !== 'cancelled';

/**
 * A cancelled order whose recorded sale is still to be taken off the tax return: once its payment is back (a refused
 * refund leaves the sale standing), until Stripe refused the reversal (then it is the owner's, on the order page).
 */
export const taxReversalDue = (order: OrderRecord) =>
  order.status === 'cancelled' &&
  !!order.stripeTaxTransaction &&
  !order.stripeTaxReversal &&
  !order.stripeTax?.reversalRefused &&
  order.refund?.status === 'refunded';

/**
 * After the capture of an order Stripe Tax priced (docs/decisions/0108): the sale recorded as a Stripe Tax transaction
 * from the card step's calculation, once (reference: taxReference; written only while the order has none). A
 * failure never fails the order: it is logged and kept on the order (the owner sees it), and the order's checkout
 * stays taken, so the settle job tries again. A cancellation that came in meanwhile is answered by reversing it.
 */
export async function recordTaxTransaction(order: OrderRecord): Promise<OrderRecord> {
  if (!taxTransactionDue(order)) return order;
  const calculation = order.stripeTax!;
  const attempt = calculation.transactionAttempts ?? 0;
  try {
    const provider = await stripeTaxProvider({ forNewCheckouts: false });
    if (!provider) throw new Error('No Stripe keys to record the Stripe Tax transaction with.');
    const recorded = await provider.recordTransaction(calculation.calculationId, taxReference(order), attempt);
    const stripeTaxTransaction = { ...recorded, at: new Date().toISOString() };
    const stripeTax = { calculationId: calculation.calculationId, transactionAttempts: attempt };
    await orders.update(
      key(order),
      { set: { stripeTax, stripeTaxTransaction } },
      { when: { absent: ['stripeTaxTransaction'] } },
    );
    logger.info('Stripe Tax transaction recorded', { orderNumber: order.orderNumber, transactionId: recorded.id });
  } catch (error) {
    if (!isConditionFailure(error)) {
      logger.error('Stripe Tax transaction not recorded; the settle job tries again', {
        orderNumber: order.orderNumber,
        error: error as Error,
      });
      const stripeTax = {
        ...calculation,
        transactionAttempts: failure(error).answered ? attempt + 1 : attempt,
        transactionError: (error as Error).message,
      };
      await orders
        .update(key(order), { set: { stripeTax } }, { when: { absent: ['stripeTaxTransaction'] } })
        .catch(() => undefined);
    }
  }
  const after = await reread(order);
  // Cancelled while the sale was being recorded: the cancellation's reversal may have found nothing to reverse.
  return taxReversalDue(after) ? reverseTaxTransaction(after) : after;
}

/**
 * A cancelled order's recorded sale, reversed in whole (reference `<taxReference>-cancel`, unique; written once). A
 * failure is kept on the order: Stripe's refusal is left to the owner (the order page says so), anything else is tried
 * again by the next finishing of the cancellation (the admin's press or the settle job).
 */
export async function reverseTaxTransaction(order: OrderRecord): Promise<OrderRecord> {
  if (!taxReversalDue(order)) return order;
  const calculation = order.stripeTax!;
  const attempt = calculation.reversalAttempts ?? 0;
  try {
    const provider = await stripeTaxProvider({ forNewCheckouts: false });
    if (!provider) throw new Error('No Stripe keys to reverse the Stripe Tax transaction with.');
    const reversal = await provider.reverseTransaction(
      order.stripeTaxTransaction!.id,
      `${taxReference(order)}-cancel`,
      attempt,
    );
    const stripeTax = { ...calculation, reversalAttempts: attempt, reversalError: undefined };
    await orders.update(
      key(order),
      { set: { stripeTax, stripeTaxReversal: { id: reversal.id, at: new Date().toISOString() } } },
      { when: { absent: ['stripeTaxReversal'] } },
    );
    logger.info('Stripe Tax transaction reversed', { orderNumber: order.orderNumber, reversalId: reversal.id });
  } catch (error) {
    if (!isConditionFailure(error)) {
      const { answered, refused } = failure(error);
      logger.error(refused ? 'Stripe Tax refused the reversal; left to the owner' : 'Stripe Tax reversal not made', {
        orderNumber: order.orderNumber,
        error: error as Error,
      });
      const stripeTax = {
        ...calculation,
        reversalAttempts: answered ? attempt + 1 : attempt,
        reversalError: (error as Error).message,
        ...(refused ? { reversalRefused: true } : {}),
      };
      await orders
        .update(key(order), { set: { stripeTax } }, { when: { absent: ['stripeTaxReversal'] } })
        .catch(() => undefined);
    }
  }
  return reread(order);
}
