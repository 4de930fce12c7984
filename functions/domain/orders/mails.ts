import { lineLabel } from '#shared/aftersale';
import { cardPaymentOf, giftCardPaymentsOf } from '../money/paid-by';
import { ORDER_STATUS_PATH, REPLACEMENT_DAYS, trackingUrl } from '#shared/aftersale';
import { amountRows } from '#shared/amount-rows';
import { GIFT_CARD_WORDS } from '#shared/gift-card-lines';
import { formatPrice } from '#shared/money';
import { orderLabel } from '#shared/order-number';
import { LOG_EVENT } from '#shared/observability';
import { hasShipTo } from '#shared/order-address';
import { unescapeText } from '#shared/sanitize';
import type { OrderRecord, SentMail } from '../../db/entities/order';
import type { ReplacementRecord } from '../../db/entities/replacement';
import { readEnv } from '../../lib/env';
import { logger } from '../../lib/logger';
import { sendMail, shopAddress, siteLink, type Mail } from '../../lib/mail';
import { TRACKING_MAIL_WORDS, type MailedStatus } from '#shared/tracking';

/**
 * The mails after the sale: on its way (with the carrier's tracking page), cancelled and refunded, and each step
 * of a replacement request. Each returns what happened to it; the caller keeps that on the record (the timeline).
 */
async function send(
  to: string,
  subject: string,
  body: string[],
  about: Record<string, string>,
  replyTo?: string,
): Promise<SentMail> {
  const at = new Date().toISOString();
  try {
    await sendMail({
      to: unescapeText(to),
      subject,
      text: body.join('\n'),
      ...(replyTo ? { replyTo: unescapeText(replyTo) } : {}),
    });
    return { status: 'sent', at };
  } catch (error) {
    logger.error('order mail failed', { event: LOG_EVENT.mailFailed, subject, ...about, error: error as Error });
    return { status: 'failed', at };
  }
}

const statusLink = (orderNumber: string) => siteLink(`${ORDER_STATUS_PATH}?order=${encodeURIComponent(orderNumber)}`);
const itemLines = (lines: readonly (Parameters<typeof lineLabel>[0] & { quantity: number })[]) =>
  lines.map((line) => `${line.quantity} x ${lineLabel({ ...line, name: unescapeText(line.name) })}`);
/** Where the owner opens an order in the admin area (none when the shop's address is not set). */
const adminLink = (orderNumber: string) => siteLink(`/admin/orders/${encodeURIComponent(orderNumber)}`);

/**
 * A word to the owner at the shop's address (SHOP_EMAIL, where the forms go too) about something waiting for them:
 * a new order to ship, a replacement to decide (docs/decisions/0050). The admin area shows the same, so a failed
 * notice is logged and not retried, and none is sent where no shop address is set (a dev stage). A reply goes to
 * the customer (Reply-To).
 */
async function notifyShop(
  subject: string,
  body: string[],
  orderNumber: string,
  customerEmail: string,
  about: Record<string, string> = {},
): Promise<void> {
  if (!readEnv().SHOP_EMAIL) return;
  const link = adminLink(orderNumber);
  await send(
    shopAddress(),
    subject,
    [...body, ...(link ? ['', `Open it in the admin area: ${link}`] : [])],
    { orderNumber, notice: 'shop', ...about },
    customerEmail,
  );
}

/** The owner's notice of a paid order: what to pack and where it goes. */
export function noticeNewOrder(order: OrderRecord): Promise<void> {
  const address = order.shippingAddress;
  const total = amountRows(order.amounts).find((row) => row.total)!.cents;
  return notifyShop(
    `New order ${orderLabel(order.orderNumber)}: ${formatPrice(total)}`,
    [
      `A new order was paid: ${orderLabel(order.orderNumber)}${order.promo ? ` (promo code ${order.promo.code})` : ''}.`,
      '',
      ...itemLines(order.lines),
      '',
      `Total: ${formatPrice(total)}`,
      '',
      // A quote's offer that ships nothing (design work, issue 37) has no address.
      ...(order.quote?.ships === false
        ? [`Nothing ships: quote Q${order.quote.number}, design work.`]
        : !hasShipTo(address)
          ? [GIFT_CARD_WORDS.nothingShips]
          : [
              'Ship to:',
              unescapeText(address.name),
              unescapeText(address.line1),
              `${unescapeText(address.city)}, ${unescapeText(address.state)} ${address.zip}`,
            ]),
      '',
      `Customer: ${unescapeText(address.email)} (a reply to this mail goes to them)`,
    ],
    order.orderNumber,
    address.email,
  );
}

/** The owner's notice of a replacement request waiting for a decision. */
export function noticeReplacementRequest(request: ReplacementRecord): Promise<void> {
  return notifyShop(
    `Replacement requested for order ${orderLabel(request.orderNumber)}`,
    [
      `${unescapeText(request.name)} (${unescapeText(request.email)}) asks for a replacement (${orderLabel(request.id)}):`,
      '',
      ...itemLines(request.lines),
      '',
      'Reason:',
      unescapeText(request.reason),
    ],
    request.orderNumber,
    request.email,
    { replacement: request.id },
  );
}

/** The lines that point a mail's reader to the order-status page (none when the shop's address is not set). */
export const footer = (orderNumber: string) => {
  const link = statusLink(orderNumber);
  return link ? ['', `Your order at any time: ${link}`, '(enter the order number and this email address)'] : [];
};

/** Where the parcel is: the carrier and tracking number with the carrier's page, or that there is no number. */
function trackingLines(order: Pick<OrderRecord, 'carrier' | 'trackingNumber'>): string[] {
  const url = trackingUrl(order.carrier, order.trackingNumber);
  return order.trackingNumber
    ? [
        `${order.carrier && order.carrier !== 'other' ? order.carrier : 'Tracking number'}: ${order.trackingNumber}`,
        ...(url ? [`Track it: ${url}`] : []),
      ]
    : [
        order.carrier && order.carrier !== 'other'
          ? `It is on its way with ${order.carrier}, without a tracking number.`
          : 'It is on its way without a tracking number.',
      ];
}

export function mailShipped(order: OrderRecord): Promise<SentMail> {
  const tracking = trackingLines(order);
  const address = order.shippingAddress;
  return send(
    address.email,
    order.replacementOf
      ? `Your replacement ${orderLabel(order.orderNumber)} is on its way`
      : `Your order ${orderLabel(order.orderNumber)} is on its way`,
    [
      `Hi ${unescapeText(address.name)},`,
      '',
      `Good news: ${order.replacementOf ? 'your replacement' : `your order ${orderLabel(order.orderNumber)}`} has shipped.`,
      '',
      ...tracking,
      '',
      ...itemLines(order.lines),
      '',
      `If anything arrives damaged or wrong, you can ask for a replacement within ${REPLACEMENT_DAYS} days.`,
      ...footer(order.orderNumber),
    ],
    { orderNumber: order.orderNumber },
  );
}

/** A correction of the carrier or tracking number after the "on its way" mail (decision 0053). */
export function mailTrackingChanged(order: OrderRecord): Promise<SentMail> {
  const address = order.shippingAddress;
  const what = order.replacementOf
    ? `your replacement ${orderLabel(order.orderNumber)}`
    : `your order ${orderLabel(order.orderNumber)}`;
  return send(
    address.email,
    order.replacementOf
      ? `New tracking for your replacement ${orderLabel(order.orderNumber)}`
      : `New tracking for your order ${orderLabel(order.orderNumber)}`,
    [
      `Hi ${unescapeText(address.name)},`,
      '',
      `We sent you the wrong tracking for ${what}. This is the right one:`,
      '',
      ...trackingLines(order),
      '',
      'Please use it instead of the one in our earlier mail. Sorry for the mix-up.',
      ...footer(order.orderNumber),
    ],
    { orderNumber: order.orderNumber },
  );
}

/**
 * What a cancellation gives back, and where: what is left of the card's payment (after refunds in part) to the card,
 * and a gift card's part to that card (docs/decisions/0126).
 */
function cancelMoneyLines(order: OrderRecord, total: number): string[] {
  const card = cardPaymentOf(order);
  // An order from before the ledger (no amount), or an authorization released before its capture (0, nothing
  // captured), is told as the card's whole part.
  const amount = order.refund?.amount;
  const toCard = !card ? 0 : amount === undefined || (amount === 0 && !order.captured) ? card.amount : amount;
  const toGiftCard = order.giftCardReturned ?? 0;
  const lines: string[] = [];
  if (toCard > 0)
    lines.push(
      `${toCard === total ? `The full amount, ${formatPrice(toCard)},` : formatPrice(toCard)} ${order.refund?.status === 'refunded' ? 'is refunded to your card' : 'is on its way back to your card'}; banks usually show it within 5-10 business days.`,
    );
  const gift = giftCardPaymentsOf(order)[0];
  if (toGiftCard > 0 && gift)
    lines.push(`${formatPrice(toGiftCard)} is back on your gift card ending ${gift.last4}, ready to spend again.`);
  return lines.length ? lines : ['Nothing was charged for it, so there is nothing to refund.'];
}

export function mailCancelled(order: OrderRecord): Promise<SentMail> {
  const address = order.shippingAddress;
  const refunded = amountRows(order.amounts).find((row) => row.total)!.cents;
  if (order.replacementOf) {
    return send(
      address.email,
      `Your replacement ${orderLabel(order.orderNumber)} was cancelled`,
      [
        `Hi ${unescapeText(address.name)},`,
        '',
        `We cancelled your replacement ${orderLabel(order.orderNumber)} for order ${orderLabel(order.replacementOf)} before it shipped. It was free of charge, so there is nothing to refund.`,
        '',
        ...itemLines(order.lines),
        '',
        `If you still need these replaced, you can ask again from the page of order ${orderLabel(order.replacementOf)}, or reply to this mail.`,
        ...footer(order.replacementOf),
      ],
      { orderNumber: order.orderNumber },
    );
  }
  return send(
    address.email,
    `Your order ${orderLabel(order.orderNumber)} was cancelled`,
    [
      `Hi ${unescapeText(address.name)},`,
      '',
      `We cancelled your order ${orderLabel(order.orderNumber)} before it shipped.`,
      // Said as it stands when the mail goes: a provider may still have the refund pending (Stripe can).
      ...cancelMoneyLines(order, refunded),
      '',
      ...itemLines(order.lines),
      '',
      'We are sorry for the trouble. Reply to this mail if you have a question.',
      ...footer(order.orderNumber),
    ],
    { orderNumber: order.orderNumber },
  );
}

export function mailReplacement(
  request: ReplacementRecord,
  step: 'received' | 'approved' | 'declined',
): Promise<SentMail> {
  const intro = {
    received: [
      `We received your request for a replacement (${orderLabel(request.id)}) for order ${orderLabel(request.orderNumber)}:`,
    ],
    approved: [
      `Your replacement ${orderLabel(request.id)} for order ${orderLabel(request.orderNumber)} is approved. We will ship these at no cost:`,
    ],
    declined: [
      `We looked at your replacement request ${orderLabel(request.id)} for order ${orderLabel(request.orderNumber)} and cannot replace these items:`,
    ],
  }[step];
  const after = {
    received: ['', 'We will look at it shortly and write to you again.'],
    approved: ['', 'You will get another mail with tracking when it ships.'],
    declined: ['', 'Our message:', unescapeText(request.message ?? '')],
  }[step];
  const subject = {
    received: `We received your replacement request for order ${orderLabel(request.orderNumber)}`,
    approved: `Your replacement for order ${orderLabel(request.orderNumber)} is approved`,
    declined: `About your replacement request for order ${orderLabel(request.orderNumber)}`,
  }[step];
  return send(
    request.email,
    subject,
    [
      `Hi ${unescapeText(request.name)},`,
      '',
      ...intro,
      '',
      ...itemLines(request.lines),
      ...after,
      ...footer(request.orderNumber),
    ],
    {
      orderNumber: request.orderNumber,
      replacement: request.id,
    },
  );
}

/**
 * The mail of a tracking step (issue 53 item 4, docs/decisions/0176): out for delivery, or delivered. Written into
 * the mail outbox (functions/domain/mail/deliveries.ts) in the transaction that records the step: one each, ever.
 */
export function trackingStepMail(order: OrderRecord, step: MailedStatus): Mail {
  const address = order.shippingAddress;
  const words = TRACKING_MAIL_WORDS[step];
  const what = order.replacementOf ? 'your replacement' : 'your order';
  return {
    to: unescapeText(address.email),
    subject: words.subject(what, orderLabel(order.orderNumber)),
    text: [
      `Hi ${unescapeText(address.name)},`,
      '',
      words.body(what, orderLabel(order.orderNumber)),
      '',
      ...trackingLines(order),
      '',
      ...itemLines(order.lines),
      ...(step === 'delivered'
        ? ['', `If anything arrived damaged or wrong, you can ask for a replacement within ${REPLACEMENT_DAYS} days.`]
        : []),
      ...footer(order.orderNumber),
    ].join('\n'),
  };
}
