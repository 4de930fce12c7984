import { LOG_EVENT } from '#shared/observability';
import { cancellationsDue, type CancellationDueRecord } from '../../db/entities/cancellation-due';
import { cancellationsTracked } from '../../db/entities/marker';
import { orders, type OrderRecord } from '../../db/entities/order';
import { replacements } from '../../db/entities/replacement';
import { isConditionFailure, type TransactItem } from '../../db/table';
import { isCancelledTransaction, transactWrite } from '../../db/transaction';
import { conflict, HttpError, notFound } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { recordMetric } from '../../lib/metrics';
import { withdrawConfirmation } from './confirmation-mail';
import { paymentProvider } from '../money/payments';
import { reverseTaxTransaction, taxReversalDue } from '../money/tax/transaction';
import { mailCancelled } from './mails';
import { countsUpdate, releasedUnits } from './replacements';
import { stockMoves } from '../stock/moves';
import { giveBackParts } from '../promo/redeem';
import { saleGiveBackItems } from '../money/sales';
import { cardPaymentOf } from '../money/paid-by';
import { lineKey } from '#shared/aftersale';
import { ledgerEntries } from '../../db/entities/ledger';
import { capturedOf, giftCardReturn, openLedger, orderEntry, refundedChange } from '../money/ledger';
import { planCancel, type PlannedEntry } from '../money/plans';
import { refundsOf } from './refunds';
import { giftCards } from '../../db/entities/gift-card';
import { voidItems } from '../gift-cards/owner';
import { purchasedCards } from '../gift-cards/purchase';

/**
 * The refund's idempotency key: derived from the payment (its intent), so every attempt for it is the same refund. For
 * an order from before 0102, whose number is its intent id, it is the `refund-<orderNumber>` it always had: a retry of
 * such a refund can never refund twice.
 */
export const refundKey = (intentId: string) => `refund-${intentId}`;

/** When the settle job finishes a cancellation nobody finished (docs/decisions/0048). */
export const CANCEL_RULES = {
  /** The job leaves a fresh cancellation to the admin's own call for this long. */
  graceMinutes: 5,
  /** A cancellation mail claimed (`sending`) this long ago never reported back: the sender died. */
  mailStuckMinutes: 10,
  /** Longest wait between the job's attempts after failures (5, 10, 20, 40, then 60 minutes). */
  maxBackoffMinutes: 60,
} as const;

const minutesFrom = (from: Date, minutes: number) => new Date(from.getTime() + minutes * 60_000).toISOString();

/**
 * Cancels an unshipped order, exactly once however often it is pressed (docs/decisions/0035):
 * 1. one transaction: pending -> cancelled (on the condition that it is still pending), the refund and the mail
 * marked pending, the stock of its lines put back and its promo code's use given back; a second press or tab fails the
 * condition and goes on
 *    to step 2 with the order as it is;
 * 2. the refund of its card payment through the payment provider with the key `refund-<intentId>` (the provider
 *    answers the same refund to the same key), then its result is kept on the order;
 * 3. the mail, claimed by one caller (pending -> sending) before it is sent.
 * After a confirmed refund, the sale Stripe Tax recorded (if any) is reversed in whole (docs/decisions/0108).
 * A $0 replacement order has nothing to refund; its transaction also marks its request cancelled (approved ->
 * cancelled) and gives the request's units back to the original order's counts, so they can be asked for again
 * (decision 0055).
 * A crash after step 1 leaves a cancelled order with its refund pending: calling this again finishes it, and so
 * does the settle job (finishCancellations), which finds it by the `cancellation-due` item step 1 writes.
 */
export async function cancelOrder(orderNumber: string): Promise<OrderRecord> {
  for (let attempt = 0; ; attempt++) {
    const order = await orders.get({ orderNumber }, { consistent: true });
    if (!order) throw notFound('No such order.');
    if (order.status === 'completed') throw conflict('This order has shipped and can no longer be cancelled.');
    // Made to order (issue 37, docs/decisions/0115): once in production the work is the customer's alone.
    if (order.productionStartedAt && order.status === 'pending')
      throw conflict('This made-to-order work is in production and can no longer be cancelled.');
    if (order.status === 'cancelled') break;
    // A refund in part under way is finished first (its money is reserved but its answer not recorded).
    if ((await refundsOf(orderNumber)).some((refund) => refund.status === 'pending'))
      throw conflict('A refund of this order is under way. Try again in a minute.');
    const now = new Date().toISOString();
    // The plan (functions/domain/money/plans.ts): what is left goes back the way it was paid (0 when nothing was
    // captured: the authorization is released; an order a gift card paid in full has no card entry), and every unit
    // no refund in part put back already goes back to stock (docs/decisions/0117, 0126). Applied below in one
    // transaction.
    const plan = planCancel(order);
    const basis = (kind: PlannedEntry['kind']) => plan.entries.find((entry) => entry.kind === kind)?.basis ?? [];
    const back = plan.restock.map((part) => ({
      ...order.lines.find((line) => lineKey(line) === lineKey(part))!,
      quantity: part.quantity,
    }));
    const moves = await stockMoves(back, 'return', now);
    const byCard = plan.byCard;
    const rest = plan.to.card;
    const ledger = byCard ? openLedger(order, now) : { items: [], set: {} };
    const money = refundedChange(order, rest);
    const gift =
      plan.to.giftCard > 0 ? giftCardReturn(order, plan.to.giftCard, 'cancel', now, basis('gift_card_returned')) : null;
    const entry = !byCard
      ? []
      : [
          ledgerEntries.transact.put(
            orderEntry(order, { entryId: 'cancel', kind: 'cancelled', amount: rest, at: now }, basis('cancelled')),
            { ifNew: true },
          ),
        ];
    // Gift cards it bought are voided with it, while nobody spent from them (docs/decisions/0126).
    const cards = await boughtCardsVoided(order, now);
    // A cancelled order gives its promo code's use back (docs/decisions/0040), in the same conditional transaction.
    const giveBack = [...(await giveBackParts(order.promo, now)), ...(await saleGiveBackItems(order.sales, now))];
    const request = order.replacementOf ? await requestParts(order, now) : [];
    const transition = orders.transact.update(
      { orderNumber },
      {
        set: {
          ...ledger.set,
          status: 'cancelled',
          cancelledAt: now,
          cancelMail: { status: 'pending', at: now },
          restocked: plan.restocked,
          ...(byCard ? { refund: { status: 'pending', amount: rest } } : {}),
        },
        add: { version: 1, ...(byCard ? money.add : {}), ...(gift ? gift.add : {}) },
      },
      {
        when: {
          ...(byCard ? money.when : {}),
          ...(gift ? { below: { ...(byCard ? money.when.below : {}), ...gift.when.below } } : {}),
          equals: { status: 'pending' },
        },
        current: order,
      },
    );
    try {
      // The job's to-do item, in the same transaction: a crash after it cannot lose the refund or the mail.
      const due = cancellationsDue.transact.put({
        list: 'due',
        orderNumber,
        sweepAt: minutesFrom(new Date(now), CANCEL_RULES.graceMinutes),
      });
      await transactWrite([
        transition,
        ...ledger.items,
        ...entry,
        ...(gift?.items ?? []),
        ...cards,
        ...moves.items,
        ...giveBack,
        ...request,
        due,
      ]);
      if (byCard) recordMetric('paymentsCancelled');
      break;
    } catch (error) {
      if (!isCancelledTransaction(error)) throw error;
      // Shipped or cancelled in another tab (read again), a checkout touched the same stock, or a request changed the
      // original's counts (try again).
      if (attempt >= 8) throw conflict('The order is busy. Please try again.');
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 30 * (attempt + 1)));
    }
  }
  try {
    return await finishCancellation(orderNumber);
  } finally {
    // A confirmation not sent yet (SES refused it so far) would now only confuse: it is not sent any more (0064).
    // After the refund and the mail, so the customer's money is not kept waiting for it.
    await withdrawConfirmation(orderNumber).catch((error: unknown) =>
      logger.error('confirmation not withdrawn', { orderNumber, error: error as Error }),
    );
  }
}

/**
 * The voids of the gift cards an order bought (made at its capture), for the cancel's transaction, each at the card as
 * read: nothing for a card voided already. A card someone spent from cannot be taken back: the cancel is refused
 * (the owner refunds the order's other items in parts instead).
 */
async function boughtCardsVoided(order: OrderRecord, now: string): Promise<TransactItem[]> {
  const ids = purchasedCards(order).map((card) => ({ cardId: card.cardId }));
  if (!ids.length) return [];
  const cards = await giftCards.getMany(ids);
  if (cards.some((card) => card.balance < card.amount && card.status !== 'voided'))
    throw conflict(
      'A gift card of this order has been spent from, so the order can no longer be cancelled. Refund its other items in parts instead.',
    );
  return cards.filter((card) => card.status !== 'voided').flatMap((card) => voidItems(card, now));
}

/**
 * The request of a replacement order, cancelled with it: approved -> cancelled, and its units back in the original
 * order's counts (at the counts' version, as every request and decline writes them). Nothing when the request is not
 * approved (never the case for an order approval made; an older record is cancelled as an order alone).
 */
async function requestParts(order: OrderRecord, now: string): Promise<TransactItem[]> {
  const [request, original] = await Promise.all([
    replacements.get({ id: order.orderNumber }, { consistent: true }),
    orders.get({ orderNumber: order.replacementOf! }, { consistent: true }),
  ]);
  if (!request || request.status !== 'approved' || !original) return [];
  return [
    replacements.transact.update(
      { id: request.id },
      { set: { status: 'cancelled', cancelledAt: now } },
      { when: { equals: { status: 'approved' } }, current: request },
    ),
    countsUpdate(original, releasedUnits(original, request.lines), {}, now),
  ];
}

/**
 * Nothing is left to do: the refund confirmed (or none: a replacement), the Stripe Tax sale reversed (or none, or
 * refused and left to the owner) and the mail gone out or failed.
 */
const finished = (order: OrderRecord) =>
  (!order.refund || order.refund.status === 'refunded') &&
  !taxReversalDue(order) &&
  (!order.cancelMail || order.cancelMail.status === 'sent' || order.cancelMail.status === 'failed');

/**
 * Steps 2 and 3 of a cancellation: the refund (idempotent) and the customer's mail (once). When both are done the
 * job's to-do item goes (a finished cancellation never becomes unfinished again, so deleting it is safe at any time).
 */
async function finishCancellation(orderNumber: string): Promise<OrderRecord> {
  let order = (await orders.get({ orderNumber }, { consistent: true }))!;
  if (order.refund && order.refund.status !== 'refunded') {
    // The admin tries a refused refund again: pending again and back on the job's list first (one transaction), so
    // a crash in the provider call leaves what a crash after step 1 leaves, and the job finishes it.
    if (order.refund.status === 'failed') await retryRefused(order);
    const card = cardPaymentOf(order);
    if (!card) throw new Error(`order ${orderNumber} has no card payment to refund`);
    // What is left after refunds in part (docs/decisions/0117); nothing to ask for when they gave it all back. An
    // uncaptured payment (nothing captured) is released by the provider's refund call.
    const amount = order.refund.amount;
    const result =
      amount === 0 && capturedOf(order) > 0
        ? { id: '', status: 'succeeded' as const }
        : await (
            await paymentProvider()
          ).refund(card.intentId, {
            idempotencyKey: refundKey(card.intentId),
            ...(amount && amount < capturedOf(order) ? { amount } : {}),
          });
    const status: 'pending' | 'refunded' | 'failed' = result.status === 'succeeded' ? 'refunded' : result.status;
    const refund = {
      status,
      ...(result.id ? { id: result.id } : {}),
      at: new Date().toISOString(),
      ...(amount === undefined ? {} : { amount }),
    };
    await orders.update({ orderNumber }, { set: { refund } });
    order = { ...order, refund };
    if (status === 'failed') {
      logger.error('refund failed', { orderNumber, refundId: result.id });
      throw new HttpError(
        502,
        'refund_failed',
        "The payment provider refused the refund. The order stays cancelled; refund it in the provider's dashboard or try again.",
      );
    }
  }
  // The money is back: the sale comes off Stripe Tax's records (docs/decisions/0108), when Stripe Tax priced it.
  if (taxReversalDue(order)) order = await reverseTaxTransaction(order);
  if (order.cancelMail?.status === 'pending' && (await claimMail(order))) {
    const mail = await mailCancelled(order);
    await orders.update({ orderNumber }, { set: { cancelMail: mail } });
  }
  const final = (await orders.get({ orderNumber }, { consistent: true }))!;
  if (finished(final)) await cancellationsDue.delete({ list: 'due', orderNumber });
  return final;
}

/**
 * failed -> pending on a refused refund, with the job's to-do item; a second retry at once finds it pending already.
 */
async function retryRefused(order: OrderRecord): Promise<void> {
  const due = cancellationsDue.transact.put({
    list: 'due',
    orderNumber: order.orderNumber,
    sweepAt: minutesFrom(new Date(), CANCEL_RULES.graceMinutes),
  });
  const pending = orders.transact.update(
    { orderNumber: order.orderNumber },
    { set: { refund: { ...order.refund!, status: 'pending' } } },
    { when: { equals: { refund: order.refund } } },
  );
  try {
    await transactWrite([pending, due]);
  } catch (error) {
    if (!isCancelledTransaction(error)) throw error;
  }
}

/** pending -> sending on the cancellation mail (as read: pending); only the caller that made the change sends it. */
async function claimMail(order: OrderRecord): Promise<boolean> {
  try {
    await orders.update(
      { orderNumber: order.orderNumber },
      { set: { cancelMail: { status: 'sending', at: new Date().toISOString() } } },
      { when: { equals: { cancelMail: order.cancelMail } } },
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export interface CancellationCounts {
  /** Cancellations the job finished (refund confirmed, mail sent or marked failed). */
  finished: number;
  /** Refunds the provider refused: left to the admin (the order page says so), off the job's list. */
  refused: number;
  /** Not finished this time (the provider could not be reached or answered pending, the mail is being sent): later. */
  later: number;
}

/**
 * The settle job's part for cancellations (docs/decisions/0048): every cancellation whose refund or mail a crash
 * or an outage left unfinished is finished by the same finishCancellation the admin's press runs, so the refund
 * (its key) and the mail (its claim) still happen once, whoever comes first. A mail claimed and never reported
 * back is marked failed (visible on the admin's order page), never sent a second time. A refund the provider
 * refused stays refused until the admin acts; errors on the way (outage, timeout) are retried with backoff.
 */
export async function finishCancellations(now = new Date()): Promise<CancellationCounts> {
  const counts: CancellationCounts = { finished: 0, refused: 0, later: 0 };
  await trackEarlierCancellations();
  // One partition that holds only the unfinished ones: normally empty.
  const due = (await cancellationsDue.query('due', { list: 'due' }, { consistent: true })).filter(
    (item) => item.sweepAt <= now.toISOString(),
  );
  for (const item of due) {
    const { orderNumber } = item;
    try {
      let order = await orders.get({ orderNumber }, { consistent: true });
      if (!order || order.status !== 'cancelled') {
        await cancellationsDue.delete({ list: 'due', orderNumber });
        continue;
      }
      if (order.refund?.status === 'failed') {
        await refusedLater(item);
        counts.refused++;
        continue;
      }
      if (
        order.cancelMail?.status === 'sending' &&
        Date.parse(order.cancelMail.at) <= now.getTime() - CANCEL_RULES.mailStuckMinutes * 60_000
      ) {
        logger.error('cancellation mail never finished', { event: LOG_EVENT.mailFailed, orderNumber });
        await orders
          .update(
            { orderNumber },
            { set: { cancelMail: { status: 'failed', at: now.toISOString() } } },
            { when: { equals: { cancelMail: order.cancelMail } } },
          )
          .catch((error: unknown) => {
            if (!isConditionFailure(error)) throw error; // reported back meanwhile
          });
      }
      order = await finishCancellation(orderNumber);
      if (finished(order)) counts.finished++;
      else {
        await retryLater(item, now);
        counts.later++;
      }
    } catch (error) {
      const order = await orders.get({ orderNumber }, { consistent: true }).catch(() => null);
      if (order?.refund?.status === 'failed') {
        await refusedLater(item);
        counts.refused++;
      } else {
        logger.error('could not finish a cancellation', {
          orderNumber,
          attempts: item.attempts + 1,
          error: error as Error,
        });
        await retryLater(item, now);
        counts.later++;
      }
    }
  }
  return counts;
}

/** The job's next look after an attempt that did not finish: 5, 10, 20, 40, then every 60 minutes. */
async function retryLater(item: CancellationDueRecord, now: Date): Promise<void> {
  const wait = Math.min(CANCEL_RULES.maxBackoffMinutes, CANCEL_RULES.graceMinutes * 2 ** item.attempts);
  await moveDue(item, { sweepAt: minutesFrom(now, wait) }, 1);
}

/**
 * A refused refund is the admin's to decide ("Refund refused" on the order page: refund in the provider's dashboard or
 * try again); the job takes it off its list and says so once. A retry by the admin puts it back (finishCancellation).
 */
async function refusedLater(item: CancellationDueRecord): Promise<void> {
  logger.error('refund refused by the payment provider; left to the admin', { orderNumber: item.orderNumber });
  await cancellationsDue.delete({ list: 'due', orderNumber: item.orderNumber });
}

async function moveDue(
  item: CancellationDueRecord,
  set: Partial<CancellationDueRecord>,
  attempts: number,
): Promise<void> {
  try {
    await cancellationsDue.update(
      { list: 'due', orderNumber: item.orderNumber },
      { set, ...(attempts ? { add: { attempts } } : {}) },
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error; // finished (and deleted) by someone else meanwhile
  }
}

/**
 * Once per table: cancellations from before the to-do items (an upgraded stage) get theirs. One GetItem on every
 * later run; the one-time pass reads the cancelled orders' status partition.
 */
async function trackEarlierCancellations(): Promise<void> {
  if (await cancellationsTracked.get({ name: 'cancellations-due' }, { consistent: true })) return;
  const now = new Date().toISOString();
  for (const order of await orders.query('byStatus', { status: 'cancelled' })) {
    const unfinished =
      (order.refund && order.refund.status !== 'refunded') ||
      order.cancelMail?.status === 'pending' ||
      order.cancelMail?.status === 'sending';
    if (!unfinished) continue;
    try {
      await cancellationsDue.create({ list: 'due', orderNumber: order.orderNumber, sweepAt: now });
    } catch (error) {
      if (!isConditionFailure(error)) throw error; // already has one
    }
  }
  await cancellationsTracked.put({ name: 'cancellations-due', trackedAt: now });
}
