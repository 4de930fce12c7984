import { cardPaymentOf, giftCardPaymentsOf } from '../money/paid-by';
import { amountRows } from '#shared/amount-rows';
import { giftCardLineText, goodsLines, isGiftCardLine } from '#shared/gift-card-lines';
import { CONFIRMATION_MAIL_MESSAGES as WORDS } from '#shared/messages';
import { formatPrice } from '#shared/money';
import { orderLabel } from '#shared/order-number';
import type { ConfirmationMailView, Dashboard } from '#shared/schemas/order-views';
import { hasShipTo } from '#shared/order-address';
import { unescapeText } from '#shared/sanitize';
import { orders, type OrderRecord } from '../../db/entities/order';
import { isConditionFailure } from '../../db/table';
import { conflict, HttpError, notFound } from '../../lib/errors';
import { logger } from '../../lib/logger';
import type { Mail } from '../../lib/mail';
import {
  beingRetried,
  deliver,
  getDelivery,
  inFlight,
  needingAttention,
  sendAgain,
  withdraw,
  type Delivery,
} from '../mail/deliveries';
import { footer as orderStatusLines, noticeNewOrder } from './mails';

/** The delivery kind of an order's confirmation (its ref is the order number): one per order, ever. */
export const ORDER_CONFIRMATION = 'order-confirmation';

/**
 * A line of the receipt: "2 x Tee (M) $50.00", or a gift card's "Gift card for Bea, mailed December 24, 2026 $50.00"
 * (docs/decisions/0127: who it is for and its day, not a size).
 */
const receiptLine = (line: OrderRecord['lines'][number]) =>
  line.giftCard
    ? `${giftCardLineText({ ...line.giftCard, recipientName: unescapeText(line.giftCard.recipientName) })} ${formatPrice(line.price)}`
    : `${line.quantity} x ${unescapeText(line.name)} (${line.size}) ${formatPrice(line.price * line.quantity)}`;

/**
 * Where the order goes: the address, and for gift cards how they reach their recipients; an order of gift cards only,
 * or a quote's design work (issue 37), ships nothing.
 */
function deliveryLines(order: OrderRecord): string[] {
  const address = order.shippingAddress;
  const cards = order.lines.some(isGiftCardLine);
  const cardsLine = 'Each gift card is mailed to its recipient on its day, with its code.';
  // A quote's design work ships nothing (issue 37): no address was asked.
  if (order.quote?.ships === false) return ['Nothing ships: we send your design work by mail and on your quote page.'];
  if ((cards && !goodsLines(order.lines).length) || !hasShipTo(address)) return [`Nothing ships. ${cardsLine}`];
  return [
    'Shipping to:',
    unescapeText(address.name),
    unescapeText(address.line1),
    `${unescapeText(address.city)}, ${unescapeText(address.state)} ${address.zip}`,
    ...(cards ? ['', cardsLine] : []),
  ];
}

/** The gift card's part and the card's, on an order a gift card paid (nothing for a card alone). */
function paidWith(order: OrderRecord): string[] {
  const gifts = giftCardPaymentsOf(order);
  if (!gifts.length) return [];
  const card = cardPaymentOf(order);
  return [
    ...gifts.map((gift) => `Paid with gift card ending ${gift.last4}: ${formatPrice(gift.amount)}`),
    ...(card ? [`Paid by card: ${formatPrice(card.amount)}`] : []),
  ];
}

/** The customer's confirmation of a paid order: lines, amounts, where it goes, and the order-status page. */
function confirmationMail(order: OrderRecord): Mail {
  const lines = order.lines.map(receiptLine);
  const address = order.shippingAddress;
  const text = [
    `Hi ${unescapeText(address.name)},`,
    '',
    `Thank you for your order ${orderLabel(order.orderNumber)}.`,
    '',
    ...lines,
    '',
    // Subtotal, the promo code's discount (when there is one), shipping, tax, total: the rows every page shows.
    ...amountRows(order.amounts, order.promo?.code).map(
      (row) => `${row.label}: ${row.cents < 0 ? `-${formatPrice(-row.cents)}` : formatPrice(row.cents)}`,
    ),
    // How it was paid, when a gift card paid part or all of it (docs/decisions/0126).
    ...paidWith(order),
    '',
    ...deliveryLines(order),
    ...orderStatusLines(order.orderNumber),
  ].join('\n');
  return { to: unescapeText(address.email), subject: `Your order ${orderLabel(order.orderNumber)}`, text };
}

/**
 * The order's own summary of its confirmation (`mailStatus`), for readers of the order alone; the delivery is the
 * truth.
 */
const ORDER_MAIL_STATUS: Partial<Record<Delivery['status'], OrderRecord['mailStatus']>> = {
  pending: 'sending',
  sending: 'sending',
  sent: 'sent',
  failed: 'failed',
  unknown: 'failed',
};

/**
 * Copies a confirmation delivery's state onto its order; `sent` is final there, so a late copy of an older state never
 * hides it.
 */
export async function noteOnOrder(delivery: Delivery): Promise<void> {
  const mailStatus = delivery.kind === ORDER_CONFIRMATION ? ORDER_MAIL_STATUS[delivery.status] : undefined;
  if (!mailStatus) return;
  try {
    await orders.update(
      { orderNumber: delivery.ref },
      { set: { mailStatus } },
      mailStatus === 'sent' ? {} : { when: { notEquals: { mailStatus: 'sent' } } },
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/**
 * The order confirmation to the customer, after the payment is captured: one delivery per order (docs/decisions/0064),
 * so the browser, the webhook and the settle job may all call this, at once or again later, and the customer gets it
 * once. SES refusing it is tried again by the send-mails job with backoff; a send that never reported back is left
 * to the admin (the order page). The caller that creates the delivery also tells the owner (noticeNewOrder, 0050),
 * beside the customer's mail, so the owner hears of an order once and the shopper waits for one send, not two.
 */
export async function sendOrderConfirmation(order: OrderRecord): Promise<void> {
  const notice = () =>
    noticeNewOrder(order).catch((error: unknown) =>
      logger.error('order notice failed', { orderNumber: order.orderNumber, error: error as Error }),
    );
  const { delivery } = await deliver(ORDER_CONFIRMATION, order.orderNumber, confirmationMail(order), {
    beside: notice,
  });
  await noteOnOrder(delivery);
}

/** A cancelled order's confirmation, if it has not gone out yet, is not sent any more. */
export async function withdrawConfirmation(orderNumber: string): Promise<void> {
  const delivery = await withdraw(ORDER_CONFIRMATION, orderNumber);
  if (delivery?.status === 'withdrawn')
    logger.info('order confirmation withdrawn: the order was cancelled first', { orderNumber });
}

/** Why an order gets no confirmation (a replacement, a payment never taken), or null when it does. */
function noConfirmation(order: OrderRecord): string | null {
  if (order.replacementOf) return WORDS.replacement;
  if (order.paymentStatus === 'capture_failed') return WORDS.notCharged;
  return null;
}

/** The admin's view of an order's confirmation mail (null when the order gets none). */
export function confirmationMailView(
  order: OrderRecord,
  delivery: Delivery | null,
  now = new Date(),
): ConfirmationMailView | null {
  if (!delivery && noConfirmation(order)) return null;
  const to = delivery?.mail?.to ?? unescapeText(order.shippingAddress.email);
  const open = order.status !== 'cancelled' && order.paymentStatus !== 'authorized' && !noConfirmation(order);
  const view = (
    state: ConfirmationMailView['state'],
    at: string | null,
    canSendAgain: boolean,
  ): ConfirmationMailView => ({
    state,
    to,
    at,
    attempts: delivery?.attempts ?? 0,
    error: delivery?.lastError ?? null,
    canSendAgain: canSendAgain && open,
  });
  if (!delivery) {
    // An order from before deliveries, or one whose first send has not started: its own summary.
    if (order.mailStatus === 'sent') return view('sent', null, false);
    if (order.status === 'cancelled') return null;
    if (order.paymentStatus === 'authorized' || order.mailStatus === 'pending')
      return view('waiting', null, order.paymentStatus !== 'authorized');
    return view('unknown', null, true);
  }
  switch (delivery.status) {
    case 'sent':
      return view('sent', delivery.sentAt ?? null, false);
    case 'pending':
      return delivery.attempts ? view('retrying', delivery.dueAt ?? null, true) : view('waiting', null, true);
    case 'sending':
      // A claim whose lease ran out is a stalled send: the job marks it unknown on its next run.
      return inFlight(delivery, now) ? view('sending', null, false) : view('unknown', delivery.updatedAt, true);
    case 'failed':
    case 'unknown':
      return view(delivery.status, delivery.attentionAt ?? delivery.updatedAt, true);
    case 'withdrawn':
      return view('withdrawn', null, false);
  }
}

/** The view of an order's confirmation as the table holds it now. */
export async function confirmationMailOf(order: OrderRecord): Promise<ConfirmationMailView | null> {
  return confirmationMailView(order, await getDelivery(ORDER_CONFIRMATION, order.orderNumber));
}

/**
 * The admin's Send again (POST /api/admin/orders/{orderNumber}/send-confirmation): one send now of a confirmation that
 * is not sent, exactly once under double clicks and two tabs (sendAgain). A mail SES accepted is never sent again:
 * 409 says it was sent (the customer can see the order on the order-status page; decision 0064). A send that does not
 * go through answers 502 with why, and the delivery goes on as after any refusal.
 */
export async function sendConfirmationAgain(orderNumber: string): Promise<{ confirmationMail: ConfirmationMailView }> {
  const order = await orders.get({ orderNumber }, { consistent: true });
  if (!order) throw notFound('No such order.');
  const none = noConfirmation(order);
  if (none) throw conflict(none);
  if (order.status === 'cancelled') throw conflict(WORDS.cancelled);
  if (order.paymentStatus === 'authorized') throw conflict(WORDS.notCaptured);
  const result = await sendAgain(ORDER_CONFIRMATION, orderNumber, () => confirmationMail(order));
  await noteOnOrder(result.delivery);
  if (result.outcome === 'sent-before') throw conflict(WORDS.alreadySent);
  if (result.outcome === 'in-flight') throw conflict(WORDS.beingSent);
  if (result.outcome === 'withdrawn') throw conflict(WORDS.cancelled);
  const { delivery } = result;
  if (delivery.status === 'unknown') throw new HttpError(502, 'mail_not_sent', WORDS.unknownAgain);
  if (delivery.status !== 'sent')
    throw new HttpError(502, 'mail_not_sent', WORDS.refusedAgain(delivery.lastError ?? 'no reason given'));
  return { confirmationMail: confirmationMailView(order, delivery)! };
}

/**
 * The dashboard's tile: orders whose confirmation waits for a person, oldest first (the first `limit` of them), and how
 * many the shop is still trying to send after SES refused them (so the tile never says every one went out meanwhile).
 */
export async function unsentConfirmations(limit = 10): Promise<Dashboard['unsentConfirmations']> {
  const [{ count, deliveries }, retrying] = await Promise.all([
    needingAttention(ORDER_CONFIRMATION, limit),
    beingRetried(ORDER_CONFIRMATION),
  ]);
  return {
    count,
    retrying,
    orders: deliveries.map((delivery) => ({
      orderNumber: delivery.ref,
      state: delivery.status === 'failed' ? 'failed' : 'unknown',
      since: delivery.attentionAt ?? delivery.updatedAt,
    })),
  };
}
