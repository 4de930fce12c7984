import { refunds } from '../../db/entities/refund';
import { isSale, saleValue } from '#shared/aftersale';
import { sizeKind, stockItemFamilies, stockItemSizes, TUMBLER_SIZES } from '#shared/sizes';
import type { Dashboard } from '#shared/schemas/order-views';
import { waitsToShip } from '#shared/to-ship';
import { orders, type OrderRecord } from '../../db/entities/order';
import { replacements } from '../../db/entities/replacement';
import { stockItems } from '../../db/entities/stock-item';
import { listProductRecords } from '../catalog/products';
import { unsentConfirmations } from '../orders/confirmation-mail';
import { reminderFigures } from '../reminders/figures';
import { quoteFigures } from '../quotes/figures';
import { giftCardFigures } from '../gift-cards/figures';
import { stockAlertCount } from '../stock-alerts/demand';
import { lateParcels } from '../orders/tracking';

const DAY = 24 * 3600 * 1000;

/**
 * Sales counted when the goods are sold, whatever paid for them (docs/decisions/0146): a gift card bought is money
 * owed (the Gift cards tile), so an order of cards alone is no sale and an order's sale leaves out the cards it bought.
 */
function sales(list: readonly OrderRecord[]) {
  const paid = list.filter(isSale);
  return {
    orders: paid.length,
    revenue: paid.reduce((sum, order) => sum + saleValue(order), 0),
    discounts: paid.reduce((sum, order) => sum + (order.amounts.discount ?? 0), 0),
  };
}

/**
 * The owner's dashboard, from index queries only (docs/decisions/0036): orders of the last 30 days from the byStatus
 * index (pending and completed, createdAt from 30 days ago: a key condition, so only those are read), every pending
 * order (to ship), the open replacement requests (byStatus of requests), the confirmation mails waiting for a person
 * (their own small index, decision 0064), the checkout reminders sent and the orders they recovered (their own index,
 * decision 0079), the back-in-stock requests waiting (their demand counts, 0080), the gift cards' figures (their own
 * partition, 0128), the listed products and the stock items (the catalogue, not the table). Cancelled orders, $0
 * replacements and gift cards alone are not sales (isSale, the archive's Sales view lists the same), and an order's
 * sale leaves out the gift cards it bought (saleValue, decision 0146). "Today" starts at the viewer's
 * midnight (`today`) and the last 30 days at their midnight 29 days before (`since`), so the page's links open exactly
 * the orders counted (decision 0054); without them, UTC midnight and 30 times 24 hours.
 */
export async function dashboard(
  input: { today?: string; since?: string; threshold: number },
  now = new Date(),
): Promise<Dashboard> {
  const todayStart = input.today
    ? new Date(input.today)
    : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const monthStart = input.since ? new Date(input.since) : new Date(now.getTime() - 30 * DAY);
  // To the second, as the archive reads a range (an order's createdAt is to the second).
  const second = (date: Date) => date.toISOString().slice(0, 19);
  const since = second(new Date(Math.min(monthStart.getTime(), todayStart.getTime())));
  const calendarMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
  const [pending, completed, open, listed, items, unsent, stockAlerts, quotes, madeRefunds, giftCards, late] =
    await Promise.all([
      orders.query('byStatus', { status: 'pending' }, { order: 'asc' }),
      orders.query('byStatus', { status: 'completed' }, { skAtLeast: since }),
      replacements.query('byStatus', { status: 'open' }),
      listProductRecords('listed'),
      stockItems.query('all', {}),
      unsentConfirmations(),
      stockAlertCount(),
      quoteFigures(calendarMonth),
      refunds.query('byTime', {}, { skAtLeast: since }),
      giftCardFigures(now),
      lateParcels(now),
    ]);
  // Refunds in part the payment provider confirmed (docs/decisions/0116), by when they were made.
  const refundFigures = (from: Date) => {
    const counted = madeRefunds.filter((r) => r.status === 'refunded' && r.createdAt >= from.toISOString());
    return { count: counted.length, cents: counted.reduce((sum, r) => sum + r.total, 0) };
  };
  const recent = [...pending, ...completed];
  // Every pending order, oldest first, as ordersToShip reads them for To ship's count, by the same rule.
  const toShip = pending.filter(waitsToShip);
  const threshold = input.threshold;
  const reminders = await reminderFigures(recent.filter(isSale), todayStart, monthStart);

  const lowStock: Dashboard['lowStock'] = [];
  const itemTags = new Map<string, string[]>();
  const itemNames = new Map<string, string[]>();
  for (const product of listed) {
    const kind = sizeKind(product.tag);
    if (kind === 'apparel' || kind === 'giftwrap') {
      if (!product.stockRef) continue;
      itemTags.set(product.stockRef, [...(itemTags.get(product.stockRef) ?? []), product.tag]);
      itemNames.set(product.stockRef, [...(itemNames.get(product.stockRef) ?? []), product.name]);
      continue;
    }
    for (const size of kind === 'tumbler' ? TUMBLER_SIZES : (['CANDLE'] as const)) {
      const count = Number((product.stock as Record<string, number | undefined>)[size] ?? 0);
      if (count <= threshold)
        lowStock.push({ kind: 'product', id: product.id, name: product.name, size, label: size, count });
    }
  }
  for (const item of items) {
    // Sizes the linked products sell, by the names shoppers pick them by (gift wraps: S, M, L as 18inX36in, ...); an
    // item nothing links to shows all five.
    const names = itemNames.get(item.id);
    for (const { key, label, sold } of stockItemSizes(stockItemFamilies(itemTags.get(item.id) ?? []))) {
      if (!sold) continue;
      const count = Number(item.stock[key] ?? 0);
      if (count <= threshold)
        lowStock.push({
          kind: 'stockItem',
          id: item.id,
          name: names ? `${item.id} (${names.join(', ')})` : item.id,
          size: key,
          label,
          count,
        });
    }
  }
  lowStock.sort((a, b) => a.count - b.count || a.name.localeCompare(b.name));

  return {
    today: sales(recent.filter((order) => order.createdAt >= second(todayStart))),
    last30Days: sales(recent.filter((order) => order.createdAt >= second(monthStart))),
    refunds: { today: refundFigures(todayStart), last30Days: refundFigures(monthStart) },
    // Counted as To ship counts them: not an order that ships nothing (a quote's design work, gift
    // cards only) or has nothing left to send (every unit refunded).
    waitingToShip: toShip.length,
    oldestWaiting: toShip[0]?.createdAt ?? null,
    quotes,
    giftCards,
    openReplacements: open.length,
    unsentConfirmations: unsent,
    reminders,
    stockAlerts,
    lateParcels: { count: late.length, orders: late.slice(0, 10) },
    threshold,
    lowStock,
  };
}
