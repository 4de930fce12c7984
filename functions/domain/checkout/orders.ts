import { saleValue } from '#shared/aftersale';
import { MESSAGES } from '#shared/messages';
import { orders, type OrderRecord } from '../../db/entities/order';
import { isConditionFailure } from '../../db/table';
import { isCancelledTransaction, transactWrite, transactWriteOrFailures } from '../../db/transaction';
import { conflict, forbidden, HttpError, notFound } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { recordMetric } from '../../lib/metrics';
import {
  checkoutChange,
  checkoutIdOfGiftOnly,
  checkoutOf,
  finishedCheckoutError,
  getCheckout,
  holdsSecret,
  isGiftOnly,
  moveCheckout,
  voidCheckout,
  type Checkout,
} from './checkouts';
import { sendOrderConfirmation } from '../orders/confirmation-mail';
import { paymentProvider } from '../money/payments';
import { CaptureError, type Intent } from '../money/payments/provider';
import { cellsOf } from '../stock/counts';
import { returnStock } from '../stock/writes';
import { take, type TakeOutcome } from './take';
import { recordTaxTransaction, taxTransactionDue } from '../money/tax/transaction';
import { giveBackParts } from '../promo/redeem';
import { saleGiveBackItems } from '../money/sales';
import { cardPaymentOf } from '../money/paid-by';
import { nextOrderNumber, orderOfPayment } from '../orders/identity';
import { captureEntry, giftCardLeft, giftCardReturn, saleParts } from '../money/ledger';
import { purchaseItems } from '../gift-cards/purchase';
import { whyOfferEnded } from '../money/quote-offer';
import { publicOrder } from '../orders/view';
import type { OrderView } from '#shared/schemas/order-views';

export type { OrderRecord };

/**
 * Who is asking to record the order: a signed-in user (their id), a guest, the provider's webhook or the settle job.
 */
export type Recorder =
  | { kind: 'user'; userId: string }
  | { kind: 'guest' }
  | { kind: 'webhook' }
  | { kind: 'job' }
  /** A quote page whose signed link was checked, for a checkout of that quote (functions/domain/quotes/pay.ts). */
  | { kind: 'quote' };

function allowed(record: { customer: string }, by: Recorder): boolean {
  if (by.kind === 'user') return record.customer === by.userId;
  if (by.kind === 'guest') return record.customer === 'guest';
  return true;
}

const stamp = () => new Date().toISOString();

export async function getOrder(orderNumber: string): Promise<OrderRecord | null> {
  return orders.get({ orderNumber }, { consistent: true });
}

/**
 * The order a checkout becomes, under its new number, made from the server's checkout record only (the body names
 * just the intent), with the card payment that pays it.
 */
function orderFrom(checkout: Checkout, orderNumber: string, mode: 'stripe' | 'test' | null, by: Recorder): OrderRecord {
  const now = stamp();
  const gift = checkout.giftCard;
  const cardAmount = cardAmountOf(checkout);
  return {
    orderNumber,
    // The gift card's part (taken off its balance in the take), then the card's (none when the gift card paid it all).
    payments: [
      ...(gift ? [{ method: 'gift_card' as const, cardId: gift.cardId, last4: gift.last4, amount: gift.amount }] : []),
      ...(mode ? [{ method: 'card' as const, provider: mode, intentId: checkout.intentId, amount: cardAmount }] : []),
    ],
    ...(gift ? { giftCardPaid: gift.amount } : {}),
    customer: checkout.customer,
    status: 'pending',
    shippingAddress: checkout.shippingAddress,
    lines: checkout.lines.map(({ cell: _cell, ...line }) => line),
    amounts: checkout.amounts,
    ...(checkout.promo ? { promo: checkout.promo } : {}),
    ...(checkout.sales?.length ? { sales: checkout.sales } : {}),
    // Who computed the tax (and why the table, when Stripe Tax did not answer), and Stripe Tax's calculation (its
    // transaction is recorded after the capture). Each line carries its tax code and shares (0106).
    ...(checkout.taxProvider ? { taxProvider: checkout.taxProvider } : {}),
    ...(checkout.taxFallback ? { taxFallback: checkout.taxFallback } : {}),
    // The shipping rate the shopper chose, as the server priced it (issue 53), and why the flat rate if it took its place.
    ...(checkout.shippingRate ? { shippingRate: checkout.shippingRate } : {}),
    ...(checkout.shippingFallback ? { shippingFallback: checkout.shippingFallback } : {}),
    ...(checkout.stripeTax ? { stripeTax: checkout.stripeTax } : {}),
    ...(checkout.quote ? { quote: checkout.quote } : {}),
    checkoutId: checkout.checkoutId,
    recordedVia: by.kind === 'webhook' ? 'webhook' : by.kind === 'job' ? 'job' : 'callback',
    mailStatus: 'pending',
    // Paid in full by a gift card: nothing to capture (the card's balance was taken with the stock).
    ...(mode
      ? { paymentStatus: 'authorized' as const, authorizedAt: now, captureAttempts: 0 }
      : { paymentStatus: 'captured' as const, capturedAt: now, captured: 0 }),
    version: 1,
    createdAt: now.replace(/\.\d{3}Z$/, 'Z'),
    updatedAt: now,
  };
}

/** An order whose payment could not be captured is answered as the failure it is. */
function paidOrThrow(order: OrderRecord): OrderRecord {
  if (order.paymentStatus === 'capture_failed') throw new HttpError(409, 'payment_failed', MESSAGES.paymentNotCaptured);
  return order;
}

/**
 * Turns an authorized payment into an order, exactly once per checkout (docs/decisions/0022, 0102): the stock is
 * taken, the order written under a new number, the payment's pointer to it written and the checkout moved
 * open -> taken, in one transaction (take.ts); then the payment is captured and the confirmation mailed
 * (finishPayment), and the number is put on the payment at the provider (labelPayment). If the stock is gone, the
 * authorization is cancelled and the answer is 409 out_of_stock with the names. The browser's call, the webhook and
 * the settle job all come here with the intent id, any number of times, concurrently, in any order: whoever loses
 * the take finds the winner's order by the payment's pointer.
 */
export async function recordOrder(
  intentId: string,
  by: Recorder,
  secret?: string,
): Promise<{ order: OrderRecord; created: boolean }> {
  if (isGiftOnly(intentId)) return recordGiftOnly(intentId, by, secret);
  for (let round = 0; round < 6; round++) {
    const existing = await orderOfPayment(intentId);
    if (existing) {
      if (!allowed(existing, by)) throw forbidden('This order belongs to someone else.');
      return { order: paidOrThrow(await finishPayment(existing)), created: false };
    }
    const provider = await paymentProvider();
    const intent = await provider.retrieveIntent(intentId);
    if (!intent) throw notFound('No such payment.');
    const checkout = await checkoutOf(intent);
    if (!checkout) throw notFound('No checkout belongs to this payment.');
    if (!allowed(checkout, by)) throw forbidden('This order belongs to someone else.');
    if (checkout.state === 'voiding' || checkout.state === 'closed') throw finishedCheckoutError(checkout);
    if (checkout.state !== 'open') continue; // taken by someone else just now: the order is there on the next read
    if (intent.status === 'canceled') {
      await moveCheckout(checkout, { state: 'closed', closedReason: 'canceled' });
      continue;
    }
    if (intent.status !== 'requires_capture' && intent.status !== 'succeeded')
      throw new HttpError(409, 'payment_not_authorized', 'The payment has not been authorized.');
    if (intent.amount !== cardAmountOf(checkout)) {
      // The cart changed in another tab while this card was confirmed: never charge an amount the order does not say.
      logger.error('authorized amount differs from the checkout', {
        intentId,
        authorized: intent.amount,
        expected: cardAmountOf(checkout),
      });
      await voidCheckout(checkout, 'amount_changed');
      continue;
    }
    // The number is taken just before the take: a take that fails leaves a gap in the numbers, never a duplicate.
    const order = orderFrom(checkout, await nextOrderNumber(), provider.mode, by);
    // A drop counts the card too, where the provider knows it (Stripe's fingerprint; docs/decisions/0170).
    const outcome = await take(checkout, order, new Date(), intent.cardFingerprint);
    if (outcome.taken) {
      logger.info('order recorded', {
        orderNumber: order.orderNumber,
        intentId,
        by: by.kind,
        checkoutId: checkout.checkoutId,
      });
      const finished = paidOrThrow(await finishPayment(order));
      await labelPayment(finished);
      return { order: finished, created: true };
    }
    // The promo code's limit was reached while paying: the authorization is cancelled and the shopper told.
    await refuseTaken(checkout, outcome);
  }
  throw conflict('The order is being recorded. Please try again.');
}

/**
 * A take that was refused: the checkout is voided with why (an offer replaced, the gift card spent meanwhile, the
 * promo code's limit reached, stock short), so its authorization is cancelled and the shopper told. Nothing when
 * someone else moved first (read again).
 */
async function refuseTaken(checkout: Checkout, outcome: Exclude<TakeOutcome, { taken: true }>): Promise<void> {
  // A drop's refusals (docs/decisions/0170): its limit, its start, or its shards empty.
  if ('drop' in outcome) {
    const { refused, names } = outcome.drop;
    const reason = refused === 'limit' ? 'drop_limit' : refused === 'not_started' ? 'drop_not_started' : 'out_of_stock';
    await voidCheckout(checkout, reason, { shortNames: names });
    return;
  }
  if (outcome.offer) await voidCheckout(checkout, await whyOfferEnded(checkout.quote!));
  else if (outcome.giftCard) await voidCheckout(checkout, 'gift_card_spent');
  else if ('sale' in outcome && outcome.sale) await voidCheckout(checkout, 'sale_used_up');
  else if (outcome.promo) await voidCheckout(checkout, `promo_${outcome.promo}`);
  else if (outcome.short) await voidCheckout(checkout, 'out_of_stock', { shortNames: outcome.short });
}

/**
 * An order paid (its card captured, or a gift card's part taken): counted once, by the caller that did it. Its revenue
 * is its sale (saleValue: gift cards bought are money owed until spent, docs/decisions/0146).
 */
function countPlaced(order: OrderRecord): void {
  recordMetric('ordersPlaced');
  const sale = saleValue(order);
  if (sale > 0) recordMetric('revenueCents', sale);
  if (order.promo) recordMetric('promoRedemptions');
}

/** What the card pays of a checkout: its total less the gift card's part. */
export const cardAmountOf = (checkout: Pick<Checkout, 'amounts' | 'giftCard'>) =>
  checkout.amounts.total - (checkout.giftCard?.amount ?? 0);

/**
 * The order of a checkout a gift card pays in full (docs/decisions/0126): no card, so nothing to authorize or capture.
 * Placing it is the shopper's own step (the browser names the checkout's gift-only id); a guest's needs the
 * checkout's secret too, since no card's authorization shows it is theirs. The take is the same transaction as a
 * card's (stock, promo code, the gift card's balance, the order, the checkout taken), exactly once.
 */
async function recordGiftOnly(
  intentId: string,
  by: Recorder,
  secret: string | undefined,
): Promise<{ order: OrderRecord; created: boolean }> {
  const checkoutId = checkoutIdOfGiftOnly(intentId);
  for (let round = 0; round < 6; round++) {
    const checkout = checkoutId ? await getCheckout(checkoutId) : null;
    const theirs =
      checkout?.intentId === intentId &&
      allowed(checkout, by) &&
      (by.kind !== 'guest' || holdsSecret(checkout, secret)) &&
      by.kind !== 'webhook';
    if (!checkout || !theirs) throw notFound('No checkout belongs to this payment.');
    const existing = await orderOfPayment(intentId);
    if (existing) return { order: await finishPayment(existing), created: false };
    if (checkout.state === 'voiding' || checkout.state === 'closed') throw finishedCheckoutError(checkout);
    if (checkout.state !== 'open') continue;
    if (cardAmountOf(checkout) !== 0)
      throw new HttpError(409, 'payment_not_authorized', 'The payment has not been authorized.');
    const order = orderFrom(checkout, await nextOrderNumber(), null, by);
    const outcome = await take(checkout, order);
    if (outcome.taken) {
      logger.info('order recorded', { orderNumber: order.orderNumber, by: by.kind, checkoutId, paidBy: 'gift card' });
      countPlaced(order);
      return { order: await finishPayment(order), created: true };
    }
    await refuseTaken(checkout, outcome);
  }
  throw conflict('The order is being recorded. Please try again.');
}

/**
 * Puts the order's number on its card payment at the provider (Stripe: the description "Order #1042" and
 * metadata.order_number), so the owner finds the order from the provider's dashboard. Only a help: a failure is
 * logged and never fails the order.
 */
async function labelPayment(order: OrderRecord): Promise<void> {
  const card = cardPaymentOf(order);
  if (!card) return;
  try {
    await (await paymentProvider()).labelIntent(card.intentId, order.orderNumber);
  } catch (error) {
    logger.warn('order number not put on the payment', {
      orderNumber: order.orderNumber,
      intentId: card.intentId,
      error: error as Error,
    });
  }
}

/**
 * What recording a guest's order answers (docs/decisions/0062): the whole order to the browser that holds the
 * checkout's secret; anyone else who knows the number (it is in every mail subject and on the confirmation page)
 * learns its number and status only. The order itself is shown against its number and email (orders/lookup).
 */
export async function guestOrderAnswer(
  order: OrderRecord,
  secret: string | undefined,
): Promise<OrderView | Pick<OrderView, 'orderNumber' | 'status'>> {
  const checkout = secret && order.checkoutId ? await getCheckout(order.checkoutId) : null;
  return checkout && holdsSecret(checkout, secret)
    ? publicOrder(order)
    : { orderNumber: order.orderNumber, status: order.status };
}

/**
 * After the take: the capture (Stripe idempotency key per intent and attempt), then the one confirmation mail,
 * then the checkout is finished. Each step is conditional, so repeating it or running it twice at once is safe.
 * A capture that fails for now leaves the order authorized for the settle job; one that never can gives the
 * stock back.
 */
export async function finishPayment(order: OrderRecord): Promise<OrderRecord> {
  let current = order;
  // An order the owner cancelled before its capture is never captured: the cancellation releases the authorization.
  if (current.paymentStatus === 'authorized' && current.status !== 'cancelled') current = await capture(current);
  if (current.paymentStatus === 'captured') {
    // The sale, for Stripe Tax's reports, once (an order the table priced has nothing to record). Until it is
    // recorded the checkout stays taken, so the settle job tries again.
    current = await recordTaxTransaction(current);
    if (current.mailStatus === 'pending') await sendOrderConfirmation(current);
    if (!taxTransactionDue(current)) await finishCheckout(current, 'captured');
    return (await getOrder(current.orderNumber))!;
  }
  return current;
}

async function capture(order: OrderRecord): Promise<OrderRecord> {
  const provider = await paymentProvider();
  const card = cardPaymentOf(order);
  if (!card) throw new Error(`order ${order.orderNumber} is authorized but has no card payment`);
  try {
    // The key names the intent (for an order from before 0102 its number), as it always did.
    await provider.captureIntent(card.intentId, {
      idempotencyKey: `capture-${card.intentId}-${order.captureAttempts ?? 0}`,
    });
  } catch (error) {
    if (error instanceof CaptureError && error.permanent) return releaseFailedCapture(order, error.message);
    // For now only (no answer, Stripe busy): the order stays authorized and the settle job captures it.
    logger.warn('capture failed; the settle job retries', { orderNumber: order.orderNumber, error: error as Error });
    await orders
      .update({ orderNumber: order.orderNumber }, { set: { captureError: (error as Error).message } })
      .catch(() => undefined);
    return order;
  }
  try {
    // The capture and its ledger entry in one transaction (docs/decisions/0117): `captured` is the card's amount.
    const at = stamp();
    await transactWrite([
      orders.transact.update(
        { orderNumber: order.orderNumber },
        { set: { paymentStatus: 'captured', capturedAt: at, captured: card.amount } },
        { when: { equals: { paymentStatus: 'authorized' } } },
      ),
      captureEntry(order, card.amount, at),
      // The gift cards the order buys, made with the capture or not at all (docs/decisions/0127).
      ...purchaseItems(order),
    ]);
    // Counted once: only the caller whose write moved the payment to captured gets here.
    countPlaced(order);
  } catch (error) {
    if (!isConditionFailure(error) && !isCancelledTransaction(error)) throw error; // another caller marked it first
  }
  return (await getOrder(order.orderNumber))!;
}

/** Moves the order's checkout from taken to its finished state (once). */
async function finishCheckout(order: OrderRecord, state: 'captured' | 'failed'): Promise<void> {
  const checkout = order.checkoutId ? await getCheckout(order.checkoutId) : null;
  if (checkout?.state === 'taken') await moveCheckout(checkout, { state });
}

/**
 * A capture that can never happen (the authorization was cancelled or has expired): in one transaction the
 * stock goes back, the promo code's redemption too, the order is cancelled with its payment marked
 * capture_failed, and the checkout fails. No confirmation mail; nothing was charged.
 */
export async function releaseFailedCapture(order: OrderRecord, reason: string): Promise<OrderRecord> {
  const checkout = order.checkoutId ? await getCheckout(order.checkoutId) : null;
  const failed = { paymentStatus: 'capture_failed' as const, captureFailedAt: stamp(), captureError: reason };
  // The gift card's part goes back to it (it was taken in the take): nothing was paid for.
  const gift =
    giftCardLeft(order) > 0
      ? giftCardReturn(
          order,
          giftCardLeft(order),
          'capture-failed',
          stamp(),
          saleParts(order, order.giftCardPaid ?? 0).giftCard,
        )
      : null;
  const items = [
    ...(checkout?.state === 'taken' ? await returnStock(cellsOf(checkout.lines), stamp()) : []),
    ...(checkout?.state === 'taken' ? await giveBackParts(order.promo, stamp()) : []),
    ...(checkout?.state === 'taken' ? await saleGiveBackItems(order.sales, stamp()) : []),
    ...(gift?.items ?? []),
    orders.transact.update(
      { orderNumber: order.orderNumber },
      { set: { ...failed, status: 'cancelled' }, ...(gift ? { add: gift.add } : {}) },
      {
        when: { equals: { paymentStatus: 'authorized', status: 'pending' }, ...(gift ? gift.when : {}) },
        current: order,
      },
    ),
    ...(checkout?.state === 'taken' ? [checkoutChange(checkout, { state: 'failed' })] : []),
  ];
  if (!(await transactWriteOrFailures(items)).length) recordMetric('paymentsCancelled');
  else {
    const now = (await getOrder(order.orderNumber))!;
    if (now.paymentStatus !== 'authorized') return now;
    // Shipped before the capture failed: the goods are gone, so only the payment is marked, for the owner to see.
    logger.error('capture failed for an order already shipped', { orderNumber: order.orderNumber, reason });
    await orders
      .update(
        { orderNumber: order.orderNumber },
        { set: failed },
        { when: { equals: { paymentStatus: 'authorized' } } },
      )
      .catch(() => undefined);
  }
  return (await getOrder(order.orderNumber))!;
}

/** Stripe cancelled an intent (payment_intent.canceled): an open checkout closes; a taken one gives its stock back. */
export async function settleCanceledIntent(event: Intent): Promise<void> {
  // Events may be old: what counts is the intent as it is now (a cancelled intent stays cancelled).
  const intent = await (await paymentProvider()).retrieveIntent(event.id);
  if (intent?.status !== 'canceled') return;
  const order = await orderOfPayment(intent.id);
  if (order?.paymentStatus === 'authorized') {
    await releaseFailedCapture(order, 'The authorization was cancelled or has expired.');
    return;
  }
  const checkout = await checkoutOf(intent);
  if (checkout?.state === 'open' || checkout?.state === 'voiding')
    await moveCheckout(checkout, { state: 'closed', closedReason: checkout.closedReason ?? 'canceled' });
}
