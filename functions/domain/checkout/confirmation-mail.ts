import { formatPrice } from '../../../shared/money';
import { LOG_EVENT } from '../../../shared/observability';
import { unescapeText } from '../../../shared/sanitize';
import { orders, type OrderRecord } from '../../db/entities/order';
import { logger } from '../../lib/logger';
import { sendMail } from '../../lib/mail';

/** The order confirmation to the customer, sent once by whoever recorded the order; its status is kept. */
export async function sendOrderConfirmation(order: OrderRecord): Promise<void> {
  const lines = order.lines.map((line) => `${line.quantity} x ${line.name} (${line.size}) ${formatPrice(line.price * line.quantity)}`);
  const address = order.shippingAddress;
  const text = [
    `Hi ${unescapeText(address.name)},`,
    '',
    `Thank you for your order ${order.orderNumber}.`,
    '',
    ...lines,
    '',
    `Subtotal: ${formatPrice(order.amounts.subtotal)}`,
    `Shipping: ${formatPrice(order.amounts.shipping)}`,
    `Tax: ${formatPrice(order.amounts.tax)}`,
    `Total: ${formatPrice(order.amounts.total)}`,
    '',
    'Shipping to:',
    unescapeText(address.name),
    unescapeText(address.line1),
    `${unescapeText(address.city)}, ${unescapeText(address.state)} ${address.zip}`,
  ].join('\n');
  let mailStatus: 'sent' | 'failed' = 'sent';
  try {
    await sendMail({ to: unescapeText(address.email), subject: `Your order ${order.orderNumber}`, text });
  } catch (error) {
    mailStatus = 'failed';
    logger.error('order confirmation mail failed', { event: LOG_EVENT.mailFailed, orderNumber: order.orderNumber, error: error as Error });
  }
  await orders.update({ orderNumber: order.orderNumber }, { set: { mailStatus } });
}
