import { saleValue } from '#shared/aftersale';
import { canonicalEmail } from '#shared/email';
import { CHECKOUT_REMINDER, REMINDER_RULES } from '#shared/reminders';
import type { ReminderDashboard } from '#shared/schemas/order-views';
import { unescapeText } from '#shared/sanitize';
import type { OrderRecord } from '../../db/entities/order';
import { sentSince } from '../mail/deliveries';
import { readReminderSettings } from './settings';

const DAY = 24 * 3600_000;

/**
 * The dashboard's reminder tile (issue 27 item 4; docs/decisions/0079): reminders SES accepted from `todayStart` and
 * from `monthStart`, and the sales among `sales` that were recovered: paid by an address (its canonical email) that
 * got a reminder in the 7 days before the order, whether through the reminder's link or not. Each such order counts
 * once, with its sale (its total less the gift cards it bought: saleValue, docs/decisions/0146).
 */
export async function reminderFigures(
  sales: readonly OrderRecord[],
  todayStart: Date,
  monthStart: Date,
): Promise<ReminderDashboard> {
  const from = new Date(
    Math.min(todayStart.getTime(), monthStart.getTime()) - REMINDER_RULES.recoveredWithinDays * DAY,
  );
  const [settings, sent] = await Promise.all([
    readReminderSettings(),
    sentSince(CHECKOUT_REMINDER, from.toISOString()),
  ]);
  const remindedAt = new Map<string, number[]>();
  for (const delivery of sent) {
    if (!delivery.mail || !delivery.sentAt) continue;
    const email = canonicalEmail(delivery.mail.to);
    remindedAt.set(email, [...(remindedAt.get(email) ?? []), Date.parse(delivery.sentAt)]);
  }
  const recovered = (order: OrderRecord) => {
    // An order's time is to the second: a reminder of the same second is before it.
    const at = Date.parse(order.createdAt) + 999;
    return (remindedAt.get(canonicalEmail(unescapeText(order.shippingAddress.email))) ?? []).some(
      (sentAt) => sentAt <= at && at - sentAt <= REMINDER_RULES.recoveredWithinDays * DAY + 999,
    );
  };
  const figures = (start: Date) => {
    const orders = sales.filter(
      (order) => Date.parse(order.createdAt) >= Math.floor(start.getTime() / 1000) * 1000 && recovered(order),
    );
    return {
      sent: sent.filter((delivery) => (delivery.sentAt ?? '') >= start.toISOString()).length,
      recovered: orders.length,
      revenue: orders.reduce((sum, order) => sum + saleValue(order), 0),
    };
  };
  return { delayMinutes: settings.reminderDelayMinutes, today: figures(todayStart), last30Days: figures(monthStart) };
}
