import { orders } from '../../db/entities/order';
import { HttpError } from '../../lib/errors';
import { logger, withCorrelationId } from '../../lib/logger';
import {
  CHECKOUT_RULES,
  closeVoided,
  dueCheckouts,
  isGiftOnly,
  minutesFrom,
  moveCheckout,
  sweepLater,
  voidCheckout,
  type Checkout,
} from './checkouts';
import { cancelOrder } from '../orders/cancel';
import { settleLegacyReservations } from './legacy-reservations';
import { finishPayment, getOrder, recordOrder } from './orders';
import { paymentProvider } from '../money/payments';
import { taxTransactionDue } from '../money/tax/transaction';

export interface SettleCounts {
  /** Orders whose capture (or mail) the job completed. */
  captured: number;
  /** Authorized checkouts nobody had taken (browser and webhook both lost) that the job took. */
  taken: number;
  /**
   * Checkouts closed: never authorized in time, cancelled, or refused (stock short) with the authorization cancelled.
   */
  closed: number;
  /** Captures that failed for good: stock returned, order cancelled. */
  failed: number;
  /** Reservations from before manual capture settled (stock returned, or the paid order recorded). */
  legacy: number;
}

/**
 * Settles each checkout in turn, under the correlation id of the request that made it (docs/decisions/0100): its
 * lines, and the confirmation mail of an order recorded here, carry that request's id.
 */
async function each(checkouts: Checkout[], settle: (checkout: Checkout) => Promise<void>): Promise<void> {
  for (const checkout of checkouts) {
    await withCorrelationId(checkout.correlationId, async () => {
      try {
        await settle(checkout);
      } catch (error) {
        logger.error('could not settle a checkout', {
          checkoutId: checkout.checkoutId,
          state: checkout.state,
          error: error as Error,
        });
      }
    });
  }
}

/**
 * The settle job (every few minutes): finishes whatever a checkout left half-way, by the same domain functions
 * the browser and the webhook use, so it is safe to run repeatedly and beside them:
 * taken but not captured (or not mailed) -> capture and mail (a mail that was started is the send-mails job's,
 * docs/decisions/0064); authorized but never taken -> take, then capture;
 * refused -> cancel the authorization; never authorized within CHECKOUT_RULES.abandonMinutes -> cancel the intent.
 */
export async function settleCheckouts(now = new Date()): Promise<SettleCounts> {
  const counts: SettleCounts = { captured: 0, taken: 0, closed: 0, failed: 0, legacy: 0 };
  const provider = await paymentProvider();

  await each(await dueCheckouts('taken', now), async (checkout) => {
    // Its order's number is on it since 0102; one taken before is keyed by the intent id.
    let order = await getOrder(checkout.orderNumber ?? checkout.intentId);
    if (!order) return;
    if (order.status === 'cancelled' && order.paymentStatus === 'authorized') {
      // Cancelled by the owner before its capture: finish the cancellation (it releases the authorization), then
      // the checkout is done; it is never captured.
      if (order.refund && order.refund.status !== 'refunded') await cancelOrder(order.orderNumber);
      if (await moveCheckout(checkout, { state: 'closed', closedReason: 'canceled' })) counts.closed++;
      return;
    }
    if (order.paymentStatus === 'authorized' && order.captureError) {
      // A retry after a failed capture gets its own idempotency key (Stripe replays a key's first answer).
      await orders.update({ orderNumber: order.orderNumber }, { add: { captureAttempts: 1 } });
      order = (await getOrder(order.orderNumber))!;
    }
    const after = await finishPayment(order);
    if (after.paymentStatus === 'captured' && taxTransactionDue(after))
      // Captured, its Stripe Tax transaction not recorded yet (docs/decisions/0108): later, less often each time.
      await sweepLater(
        checkout,
        minutesFrom(now, Math.min(60, 2 ** (after.stripeTax?.transactionAttempts ?? 0) * CHECKOUT_RULES.graceMinutes)),
      );
    else if (after.paymentStatus === 'captured') counts.captured++;
    else if (after.paymentStatus === 'capture_failed') counts.failed++;
    else
      await sweepLater(
        checkout,
        minutesFrom(now, Math.min(60, 2 ** (after.captureAttempts ?? 0) * CHECKOUT_RULES.graceMinutes)),
      );
  });

  await each(await dueCheckouts('voiding', now), async (checkout) => {
    await closeVoided(checkout);
    counts.closed++;
  });

  await each(await dueCheckouts('open', now), async (checkout) => {
    // Paid in full by a gift card: only the shopper places it (no authorization shows they meant to); given up
    // like an unpaid one, which gives nothing away (the card's balance is taken only by the take).
    if (isGiftOnly(checkout.intentId)) {
      if (checkout.abandonAt <= now.toISOString()) {
        if (await voidCheckout(checkout, 'abandoned')) counts.closed++;
      } else await sweepLater(checkout, checkout.abandonAt);
      return;
    }
    const intent = await provider.retrieveIntent(checkout.intentId);
    if (!intent || intent.status === 'canceled') {
      if (await moveCheckout(checkout, { state: 'closed', closedReason: 'canceled' })) counts.closed++;
    } else if (intent.status === 'requires_capture' || intent.status === 'succeeded') {
      try {
        if ((await recordOrder(intent.id, { kind: 'job' })).created) counts.taken++;
      } catch (error) {
        // Refused (stock short): the authorization was cancelled, the checkout closed.
        if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
        counts.closed++;
      }
    } else if (checkout.abandonAt <= now.toISOString()) {
      if (await voidCheckout(checkout, 'abandoned')) counts.closed++;
    } else {
      const recheck = minutesFrom(now, CHECKOUT_RULES.recheckMinutes);
      await sweepLater(checkout, recheck < checkout.abandonAt ? recheck : checkout.abandonAt);
    }
  });

  counts.legacy = await settleLegacyReservations(now);
  return counts;
}
