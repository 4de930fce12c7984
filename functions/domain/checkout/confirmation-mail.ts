import { amountRows } from '../../../shared/amount-rows';
import { formatPrice } from '../../../shared/money';
import { LOG_EVENT } from '../../../shared/observability';
import { unescapeText } from '../../../shared/sanitize';
import { orders, type OrderRecord } from '../../db/entities/order';
import { isConditionFailure } from '../../db/table';
import { logger } from '../../lib/logger';
import { sendMail } from '../../lib/mail';
import { footer as orderStatusLines, noticeNewOrder } from '../orders/mails';

/** Claims the order's mail (pending -> sending): only the one caller that moves it sends. */
async function claimMail(orderNumber: string): Promise<boolean> {
  try {
    await orders.update({ orderNumber }, { set: { mailStatus: 'sending' } }, { when: { equals: { mailStatus: 'pending' } } });
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * The order confirmation to the customer, sent once (by whoever claims it) after the payment is captured; its
 * status is kept. The same claimer tells the owner at the same time (noticeNewOrder), so the owner hears of an
 * order once.
 */
export async function sendOrderConfirmation(order: OrderRecord): Promise<void> {
  if (!(await claimMail(order.orderNumber))) return;
  const lines = order.lines.map((line) => `${line.quantity} x ${line.name} (${line.size}) ${formatPrice(line.price * line.quantity)}`);
  const address = order.shippingAddress;
  const text = [
    `Hi ${unescapeText(address.name)},`,
    '',
    `Thank you for your order ${order.orderNumber}.`,
    '',
    ...lines,
    '',
    // Subtotal, the promo code's discount (when there is one), shipping, tax, total: the rows every page shows.
    ...amountRows(order.amounts, order.promo?.code).map((row) => `${row.label}: ${row.cents < 0 ? `-${formatPrice(-row.cents)}` : formatPrice(row.cents)}`),
    '',
    'Shipping to:',
    unescapeText(address.name),
    unescapeText(address.line1),
    `${unescapeText(address.city)}, ${unescapeText(address.state)} ${address.zip}`,
    ...orderStatusLines(order.orderNumber),
  ].join('\n');
  // The owner's notice goes out beside the customer's mail, not after it: the shopper waits for one send, not two.
  const notice = noticeNewOrder(order).catch((error: unknown) => logger.error('order notice failed', { orderNumber: order.orderNumber, error: error as Error }));
  let mailStatus: 'sent' | 'failed' = 'sent';
  try {
    await sendMail({ to: unescapeText(address.email), subject: `Your order ${order.orderNumber}`, text });
  } catch (error) {
    mailStatus = 'failed';
    logger.error('order confirmation mail failed', { event: LOG_EVENT.mailFailed, orderNumber: order.orderNumber, error: error as Error });
  }
  await orders.update({ orderNumber: order.orderNumber }, { set: { mailStatus } });
  await notice;
}
