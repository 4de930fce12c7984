import { GIFT_CARD_PRODUCT_ID } from '#shared/gift-cards';
import { lineKey, lineLabel } from '#shared/aftersale';
import { formatPrice } from '#shared/money';
import { orderLabel } from '#shared/order-number';
import { REFUND_REASON_LABEL, type RefundPlan } from '#shared/refunds';
import type { RefundBody } from '#shared/schemas/refunds';
import { NO_PARTS, partOf, refundParts, type LedgerLineParts } from '#shared/ledger-parts';
import { unescapeText } from '#shared/sanitize';
import { ledgerEntries } from '../../db/entities/ledger';
import { orders, type OrderRecord } from '../../db/entities/order';
import { refunds, type RefundRecord } from '../../db/entities/refund';
import { isConditionFailure, type TransactItem } from '../../db/table';
import { isCancelledTransaction, transactWrite } from '../../db/transaction';
import { conflict, HttpError, notFound } from '../../lib/errors';
import { logger } from '../../lib/logger';
import type { Mail } from '../../lib/mail';
import { paymentProvider } from '../money/payments';
import { stripeTaxProvider } from '../money/tax';
import { taxReference } from '../money/tax/transaction';
import { deliveryItem, sendAgain } from '../mail/deliveries';
import { getCard } from '../gift-cards/cards';
import { issueStoreCredit, storeCreditCardId } from '../gift-cards/owner';
import { purchasedCards } from '../gift-cards/purchase';
import { cardPaymentOf, giftCardPaymentsOf } from '../money/paid-by';
import {
  cardEntries,
  giftCardReturn,
  orderEntry,
  givenBackInAll,
  openLedger,
  paidInAll,
  refundedChange,
} from '../money/ledger';
import { planRefund, refundable, type PlannedEntry } from '../money/plans';
import { footer } from './mails';
import { stockMoves } from '../stock/moves';

export { refundable };

/** The delivery kind of a refund's mail to the customer (ref `<orderNumber>|<refundId>`): one per refund, ever. */
export const REFUND_MAIL = 'order-refund';
export const GIFT_CARD_NOT_AN_ITEM =
  'A gift card is not refunded as an item: void it in Gift cards (what is left on it goes), then refund that amount.';

/** The payment provider's idempotency key of a refund: derived from its id, so every attempt is the same refund. */
export const refundProviderKey = (record: Pick<RefundRecord, 'orderNumber' | 'refundId'>) =>
  `refund-${record.orderNumber}-${record.refundId}`;
/** The settle job leaves a refund the admin's own call is finishing alone for this long. */
export const REFUND_GRACE_MINUTES = 5;

const key = (record: Pick<RefundRecord, 'orderNumber' | 'refundId'>) => ({
  orderNumber: record.orderNumber,
  refundId: record.refundId,
});

/** Why an order cannot be refunded in part at all (null when it can). */
export function notRefundable(order: OrderRecord): string | null {
  if (order.replacementOf) return 'A replacement order was not paid for: there is nothing to refund.';
  if (order.status === 'cancelled')
    return 'This order was cancelled: its payment was given back with the cancellation.';
  if (!cardPaymentOf(order) && !order.giftCardPaid) return 'No payment paid this order.';
  if (order.paymentStatus === 'authorized')
    return 'The payment is not captured yet: wait a minute, or cancel the order instead.';
  if (order.paymentStatus === 'capture_failed') return 'Nothing was charged for this order.';
  return null;
}

/**
 * A refund in part (POST /api/admin/orders/{orderNumber}/refunds, docs/decisions/0116), exactly once per `refundId`:
 * 1. one transaction reserves it: the refund record (new: a second press with the same id finds it and goes on to
 *    step 2), its ledger entry, the order's `refunded` total (on the condition that it stays at most `captured`),
 *    its refunded units and shipping (at the order's version: two admins at once cannot both take the last unit),
 *    and, when asked, the units back in stock;
 * 2. the payment provider refunds the amount with the key refundProviderKey (the same key answers the same refund);
 * 3. one transaction records its answer: refunded, with the customer's mail owed (the mail outbox sends it, retried
 *    like every mail); or refused, with an entry that gives the reservation back.
 * A crash between steps leaves the refund pending: the same form sent again, or the settle job, finishes it.
 */
export async function refundOrder(orderNumber: string, body: RefundBody): Promise<RefundRecord> {
  const earlier = await refunds.get({ orderNumber, refundId: body.refundId }, { consistent: true });
  if (earlier) return finishRefund(sameRefund(earlier, body));
  for (let attempt = 0; ; attempt++) {
    const order = await orders.get({ orderNumber }, { consistent: true });
    if (!order) throw notFound('No such order.');
    const refused = notRefundable(order);
    if (refused) throw conflict(refused);
    // A gift card bought is not refunded as an item (the card would stay spendable): the owner voids it in Gift
    // cards, then refunds its amount (docs/decisions/0126).
    if (body.lines.some((line) => line.id === GIFT_CARD_PRODUCT_ID)) throw conflict(GIFT_CARD_NOT_AN_ITEM);
    // Never money back for gift cards that can still be spent (docs/decisions/0139).
    const room = paidInAll(order) - givenBackInAll(order) - (await stillSpendable(order));
    const credit = body.to === 'store_credit';
    const asked = {
      refundId: body.refundId,
      lines: body.lines,
      shipping: body.shipping,
      ...(body.amount === undefined ? {} : { amount: body.amount }),
      to: credit ? ('store_credit' as const) : ('payment' as const),
      restock: body.restock,
    };
    // The plan (functions/domain/money/plans.ts): what goes back where, what to restock, which entries; applied below
    // in one transaction.
    const planned = planRefund(order, asked, room);
    if ('error' in planned) throw conflict(planned.error === 'room' ? giftCardsSpendable(room) : planned.error);
    const { plan } = planned;
    const now = new Date().toISOString();
    const record: RefundRecord = {
      orderNumber,
      refundId: body.refundId,
      status: 'pending',
      lines: plan.refund.lines,
      shipping: plan.refund.shipping,
      amount: plan.refund.amount,
      total: plan.refund.total,
      reason: body.reason,
      ...(body.note ? { note: body.note } : {}),
      restock: plan.restock.length > 0,
      toCard: plan.to.card,
      toGiftCard: plan.to.giftCard,
      ...(credit ? { storeCreditCardId: storeCreditCardIdOf(orderNumber, body.refundId) } : {}),
      createdAt: now,
      updatedAt: now,
    };
    const basis = (kind: PlannedEntry['kind']) => plan.entries.find((entry) => entry.kind === kind)?.basis ?? [];
    const ledger = openLedger(order, now);
    const money = refundedChange(order, plan.add.refunded);
    const gift =
      plan.to.giftCard > 0
        ? giftCardReturn(order, plan.to.giftCard, body.refundId, now, basis('gift_card_returned'))
        : null;
    const store = credit ? storeCreditParts(order, record, now, basis('store_credit')) : [];
    const left = paidInAll(order) - givenBackInAll(order);
    const moves = plan.restock.length ? (await stockMoves(plan.restock.map(lineOf(order)), 'return', now)).items : [];
    try {
      await transactWrite([
        refunds.transact.put(record, { ifNew: true }),
        ledgerEntries.transact.put(
          orderEntry(
            order,
            {
              entryId: `refund-${body.refundId}`,
              kind: 'refunded',
              amount: plan.to.card,
              refundId: body.refundId,
              at: now,
            },
            basis('refunded'),
          ),
          { ifNew: true },
        ),
        ...ledger.items,
        ...(gift?.items ?? []),
        ...store,
        orders.transact.update(
          { orderNumber },
          {
            set: {
              ...ledger.set,
              refundedUnits: plan.refundedUnits,
              ...(record.restock ? { restocked: plan.restocked } : {}),
              ...(plan.refund.shipping ? { shippingRefunded: true } : {}),
            },
            add: {
              ...money.add,
              ...(gift ? gift.add : {}),
              ...(credit ? { storeCredited: plan.add.storeCredited } : {}),
              version: 1,
            },
          },
          {
            when: {
              ...money.when,
              below: {
                ...money.when.below,
                ...(gift ? gift.when.below : {}),
                ...(credit ? { storeCredited: (order.storeCredited ?? 0) + left - plan.add.storeCredited + 1 } : {}),
              },
              equals: { version: order.version, status: order.status },
            },
          },
        ),
        ...moves,
      ]);
      break;
    } catch (error) {
      if (!isCancelledTransaction(error)) throw error;
      // The same form pressed twice at once: the other press reserved it.
      const now = await refunds.get({ orderNumber, refundId: body.refundId }, { consistent: true });
      if (now) return finishRefund(sameRefund(now, body));
      // Another refund, a cancel or a sale of the same stock came first: read again and decide anew.
      if (attempt >= 8) throw conflict('The order is busy. Please try again.');
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 30 * (attempt + 1)));
    }
  }
  return finishRefund((await refunds.get({ orderNumber, refundId: body.refundId }, { consistent: true }))!);
}

/**
 * What the gift cards an order bought can still spend (docs/decisions/0139): each card's amount less what was voided
 * off it. What was spent from a card paid for goods of other orders; what is left on a voided card is gone; what is
 * left on a card not voided can still be spent, so the order gives back at most what it paid less that. Voiding only
 * ever lowers it, so a refund read before a void never gives back too much.
 */
async function stillSpendable(order: OrderRecord): Promise<number> {
  const kept = await Promise.all(
    purchasedCards(order).map(async ({ cardId }) => {
      const [card, entries] = await Promise.all([getCard(cardId), cardEntries(cardId)]);
      if (!card) return 0;
      const voided = entries.filter((entry) => entry.kind === 'voided').reduce((sum, entry) => sum - entry.amount, 0);
      return Math.max(0, card.amount - voided);
    }),
  );
  return kept.reduce((sum, cents) => sum + cents, 0);
}

/** A refund that would give back money for gift cards that can still be spent: refused, with what can be refunded. */
export const giftCardsSpendable = (room: number) =>
  room > 0
    ? `At most ${formatPrice(room)} can be refunded while the gift cards this order bought can still be spent. Void them in Gift cards first (what is left on them goes) to refund more.`
    : 'The gift cards this order bought can still be spent. Void them in Gift cards first (what is left on them goes), then refund up to that amount.';

/** An order line by the refunded line's key (for the stock's moves). */
const lineOf = (order: OrderRecord) => (part: { id: string; size: string; quantity: number }) => {
  const line = order.lines.find((candidate) => lineKey(candidate) === lineKey(part))!;
  return { ...line, quantity: part.quantity };
};

/** The same id sent with other items is another form's: refused rather than taken for the first one. */
function sameRefund(record: RefundRecord, body: RefundBody): RefundRecord {
  const asked = body.lines.map((line) => `${lineKey(line)}x${line.quantity}`).sort();
  const kept = record.lines.map((line) => `${lineKey(line)}x${line.quantity}`).sort();
  const same =
    asked.join() === kept.join() &&
    (body.amount ?? null) === record.amount &&
    body.shipping === (record.shipping !== null);
  if (!same) throw conflict('This refund was sent already with other items. Reload the order to see it.');
  return record;
}

/**
 * Steps 2 and 3 of a refund (and the Stripe Tax reversal of its lines): nothing for one finished already, so any
 * number of callers may run it. A provider that cannot be reached leaves it pending (the error is thrown: the admin
 * sees it and may press again; the settle job tries too).
 */
export async function finishRefund(record: RefundRecord): Promise<RefundRecord> {
  if (record.status === 'pending') {
    const order = (await orders.get({ orderNumber: record.orderNumber }, { consistent: true }))!;
    const card = cardPaymentOf(order);
    const toCard = cardPartOf(record);
    // Nothing for the card (all back to a gift card, or store credit): written in the reserving transaction already.
    const answer =
      toCard === 0 || !card
        ? { status: 'succeeded' as const, id: '' }
        : await (
            await paymentProvider()
          ).refund(card.intentId, { amount: toCard, idempotencyKey: refundProviderKey(record) });
    if (answer.status === 'succeeded') await recordRefunded(order, record, answer.id);
    else if (answer.status === 'failed') await recordRefused(order, record, answer.id);
    else logger.warn('refund pending at the payment provider', { orderNumber: record.orderNumber });
    record = (await refunds.get(key(record), { consistent: true }))!;
    if (record.status === 'refunded') await sendRefundMail(record);
    if (record.status === 'failed')
      throw new HttpError(
        502,
        'refund_failed',
        "The payment provider refused the refund; nothing was refunded. Check the payment in the provider's dashboard.",
      );
  }
  if (record.status === 'refunded' && !record.taxReversal) record = await reverseTax(record);
  return record;
}

/** pending -> refunded, with the customer's mail owed, in one transaction (a second caller's condition fails). */
async function recordRefunded(order: OrderRecord, record: RefundRecord, providerRefundId: string): Promise<void> {
  const at = new Date().toISOString();
  try {
    await transactWrite([
      refunds.transact.update(
        key(record),
        { set: { status: 'refunded', ...(providerRefundId ? { providerRefundId } : {}), refundedAt: at } },
        { when: { equals: { status: 'pending' } }, current: record },
      ),
      deliveryItem(REFUND_MAIL, `${record.orderNumber}|${record.refundId}`, refundMail(order, record)),
    ]);
  } catch (error) {
    if (!isCancelledTransaction(error)) throw error; // recorded by another caller
  }
}

/**
 * pending -> failed: the provider refused it (nothing was refunded), so its reservation comes off the ledger again,
 * its units count as not refunded, the shipping too. Units put back to stock stay there (the owner said they went
 * back; the stock page corrects it otherwise).
 */
async function recordRefused(order: OrderRecord, record: RefundRecord, providerRefundId: string): Promise<void> {
  const at = new Date().toISOString();
  const units = { ...(order.refundedUnits ?? {}) };
  for (const line of record.lines) units[lineKey(line)] = Math.max(0, (units[lineKey(line)] ?? 0) - line.quantity);
  logger.error('refund refused by the payment provider', { orderNumber: record.orderNumber, providerRefundId });
  try {
    await transactWrite([
      refunds.transact.update(
        key(record),
        { set: { status: 'failed', failedAt: at, error: 'The payment provider refused the refund.' } },
        { when: { equals: { status: 'pending' } }, current: record },
      ),
      ledgerEntries.transact.put(
        orderEntry(
          order,
          {
            entryId: `refund-${record.refundId}-failed`,
            kind: 'refund_failed',
            amount: -cardPartOf(record),
            refundId: record.refundId,
            at,
          },
          // The reserved entry's parts, taken back: what the refund planned, its card part, negated.
          partOf(refundParts(record, order), cardPartOf(record)).map(negated),
        ),
        { ifNew: true },
      ),
      orders.transact.update(
        { orderNumber: record.orderNumber },
        {
          set: { refundedUnits: units, ...(record.shipping ? { shippingRefunded: false } : {}) },
          add: { refunded: -cardPartOf(record), version: 1 },
        },
        { when: { equals: { version: order.version } } },
      ),
    ]);
  } catch (error) {
    if (!isCancelledTransaction(error)) throw error;
    const now = (await refunds.get(key(record), { consistent: true }))!;
    if (now.status === 'pending') {
      // The order changed meanwhile (another refund): read it again and give this one back at its new version.
      const fresh = (await orders.get({ orderNumber: record.orderNumber }, { consistent: true }))!;
      await recordRefused(fresh, record, providerRefundId);
    }
  }
}

/** Where a refund's money went, in the customer's words (docs/decisions/0126). */
function whereItWent(order: OrderRecord, record: RefundRecord): string[] {
  const label = orderLabel(order.orderNumber);
  if (record.storeCreditCardId)
    return [
      `We gave you ${formatPrice(record.total)} of store credit for your order ${label}: a gift card you can spend on anything in the shop.`,
      'Its code comes in a separate mail.',
    ];
  const toCard = cardPartOf(record);
  const toGiftCard = record.toGiftCard ?? 0;
  const gift = giftCardPaymentsOf(order)[0];
  return [
    ...(toCard > 0 ? [`We refunded ${formatPrice(toCard)} of your order ${label} to your card.`] : []),
    ...(toGiftCard > 0 && gift
      ? [`${formatPrice(toGiftCard)} of your order ${label} is back on your gift card ending ${gift.last4}.`]
      : []),
  ];
}

/** Parts taken back (a refused refund's entry gives its reservation back). */
const negated = (line: LedgerLineParts): LedgerLineParts => {
  const back = { ...line };
  for (const field of Object.keys(NO_PARTS) as (keyof typeof NO_PARTS)[]) back[field] = -line[field];
  return back;
};

/** What of a refund goes to the card (a refund from before gift cards: all of it). */
const cardPartOf = (record: RefundRecord) => record.toCard ?? record.total;

/** The new card a refund as store credit makes: its id derived from the refund, so a retry makes the same one. */
export const storeCreditCardIdOf = (orderNumber: string, refundId: string) =>
  storeCreditCardId(`${orderNumber}|${refundId}`);

/**
 * The store credit of a refund (docs/decisions/0126): a new card for the order's customer, mailed at once, and the
 * order's ledger entry, in the refund's reserving transaction.
 */
function storeCreditParts(
  order: OrderRecord,
  record: RefundRecord,
  at: string,
  given: readonly LedgerLineParts[],
): TransactItem[] {
  const { cardId, items } = issueStoreCredit(
    `${order.orderNumber}|${record.refundId}`,
    {
      amount: record.total,
      reason: `Refund of order ${orderLabel(order.orderNumber)}: ${REFUND_REASON_LABEL[record.reason]}`,
      recipient: { name: order.shippingAddress.name, email: order.shippingAddress.email },
      issuedBy: 'a refund',
      sourceOrder: order.orderNumber,
    },
    new Date(at),
  );
  return [
    ...items,
    ledgerEntries.transact.put(
      orderEntry(
        order,
        {
          entryId: `store-credit-${record.refundId}`,
          kind: 'store_credit',
          amount: record.total,
          refundId: record.refundId,
          cardId,
          at,
        },
        given,
      ),
      { ifNew: true },
    ),
  ];
}

/** The customer's mail of a refund: what was refunded, how much, why. */
function refundMail(order: OrderRecord, record: RefundRecord): Mail {
  const address = order.shippingAddress;
  const what = record.lines.length
    ? [
        ...record.lines.map(
          (line) => `${line.quantity} x ${lineLabel({ name: unescapeText(line.name), size: line.size })}`,
        ),
        ...(record.shipping ? ['Shipping'] : []),
      ]
    : record.shipping
      ? ['Shipping']
      : [];
  const text = [
    `Hi ${unescapeText(address.name)},`,
    '',
    ...whereItWent(order, record),
    ...(what.length ? ['', 'Refunded:', ...what] : []),
    '',
    `Reason: ${REFUND_REASON_LABEL[record.reason]}`,
    '',
    ...(cardPartOf(record) > 0 ? ['It can take 5 to 10 business days to show on your statement.'] : []),
    ...footer(order.orderNumber),
  ].join('\n');
  return {
    to: unescapeText(address.email),
    subject: `Refund of ${formatPrice(record.total)} for your order ${orderLabel(order.orderNumber)}`,
    text,
  };
}

/**
 * Tries the refund's mail at once (the delivery was written with the refund's record; a failure here is the mail
 * outbox's to retry, as with every mail).
 */
async function sendRefundMail(record: RefundRecord): Promise<void> {
  try {
    await sendAgain(REFUND_MAIL, `${record.orderNumber}|${record.refundId}`, () => {
      throw new Error('the refund mail has no delivery');
    });
  } catch (error) {
    logger.error('refund mail not sent now; the send-mails job tries again', {
      orderNumber: record.orderNumber,
      error: error as Error,
    });
  }
}

/**
 * Stripe Tax (docs/decisions/0108): the refunded lines and shipping come off the recorded sale, in part (reference
 * `<taxReference>-refund-<refundId>`). Nothing for an order the table priced, a refund of an amount (a price
 * adjustment, not goods returned: decision 0116) or before the sale was recorded. A failure is kept on the refund
 * (the owner sees it) and tried again by the next finishing.
 */
async function reverseTax(record: RefundRecord): Promise<RefundRecord> {
  const order = await orders.get({ orderNumber: record.orderNumber }, { consistent: true });
  const transaction = order?.stripeTaxTransaction;
  if (!order || !transaction || (!record.lines.length && !record.shipping)) return record;
  const attempt = record.taxReversalAttempts ?? 0;
  try {
    const provider = await stripeTaxProvider({ forNewCheckouts: false });
    if (!provider) throw new Error('No Stripe keys to reverse the Stripe Tax transaction with.');
    const reversal = await provider.reverseInPart(
      transaction.id,
      `${taxReference(order)}-refund-${record.refundId}`,
      {
        lines: record.lines.map((line) => ({
          lineItem: transaction.lineItems[lineKey(line)],
          reference: lineKey(line),
          quantity: line.quantity,
          amount: line.goods - line.discount,
          tax: line.tax,
        })),
        shipping: record.shipping,
      },
      attempt,
    );
    await refunds.update(
      key(record),
      { set: { taxReversal: { id: reversal.id, at: new Date().toISOString() } }, remove: ['taxReversalError'] },
      { when: { absent: ['taxReversal'] } },
    );
  } catch (error) {
    if (!isConditionFailure(error)) {
      logger.error('Stripe Tax partial reversal not made', { orderNumber: record.orderNumber, error: error as Error });
      const answered = typeof (error as { statusCode?: number }).statusCode === 'number';
      await refunds
        .update(key(record), {
          set: { taxReversalError: (error as Error).message, taxReversalAttempts: answered ? attempt + 1 : attempt },
        })
        .catch(() => undefined);
    }
  }
  return (await refunds.get(key(record), { consistent: true }))!;
}

/** An order's refunds, oldest first. */
export const refundsOf = async (orderNumber: string) =>
  (await refunds.query('byOrder', { orderNumber }, { consistent: true })).sort((a, b) =>
    a.createdAt.localeCompare(b.createdAt),
  );

/**
 * The settle job's part: refunds left pending (a crash between the provider and the record, a provider that did not
 * answer) are finished by the same finishRefund, so each is still made once (its key). Fresh ones are left to the
 * admin's own call for REFUND_GRACE_MINUTES.
 */
export async function finishRefunds(now = new Date()): Promise<{ finished: number; later: number }> {
  const counts = { finished: 0, later: 0 };
  const before = new Date(now.getTime() - REFUND_GRACE_MINUTES * 60_000).toISOString();
  for (const record of await refunds.query('byStatus', { status: 'pending' }, { skAtMost: before })) {
    try {
      const done = await finishRefund(record);
      if (done.status === 'pending') counts.later++;
      else counts.finished++;
    } catch (error) {
      logger.error('could not finish a refund', { orderNumber: record.orderNumber, error: error as Error });
      counts.later++;
    }
  }
  return counts;
}

/** A plan's total, named for the timeline and the CSV ("1 x Candle, shipping"). */
export function refundWhat(record: Pick<RefundPlan, 'lines' | 'shipping' | 'amount'>): string {
  const parts = record.lines.map(
    (line) => `${line.quantity} x ${lineLabel({ name: unescapeText(line.name), size: line.size })}`,
  );
  if (record.shipping) parts.push('shipping');
  return parts.length ? parts.join(', ') : 'an amount';
}
