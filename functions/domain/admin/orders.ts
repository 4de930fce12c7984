import { ORDER_STATUS_LABEL, REPLACEMENT_STATUS_LABEL, shipmentText } from '../../../shared/aftersale';
import { formatCents, formatPrice, withDiscount } from '../../../shared/money';
import type { AdminOrderView } from '../../../shared/schemas/order-views';
import { ADMIN_ORDERS_PAGE, type AdminOrdersQuery, type ShipOrderBody, type TrackingChangeBody } from '../../../shared/schemas/orders';
import { unescapeText } from '../../../shared/sanitize';
import { orders, type OrderRecord } from '../../db/entities/order';
import { replacements, type ReplacementRecord } from '../../db/entities/replacement';
import { TABLE_KEYS } from '../../db/table-definition';
import { badRequest, notFound } from '../../lib/errors';
import { hasReplacementOrder, publicOrder, replacementView } from '../orders/view';
import { changeTracking, shipOrder } from '../orders/shipping';

/** How the payment stands, as far as this shop's records say. */
function payment(order: OrderRecord): AdminOrderView['payment'] {
  const refund = order.refund ? { status: order.refund.status, id: order.refund.id ?? null, at: order.refund.at ?? null } : null;
  // paymentStatus: the manual-capture state checkout keeps (issue 12); missing on orders paid in one step.
  const captured = (order as { paymentStatus?: string }).paymentStatus;
  const state = order.replacementOf
    ? 'no charge (replacement)'
    : order.refund?.status === 'refunded'
      ? 'refunded'
      : order.refund
        ? `refund ${order.refund.status}`
        : captured === 'authorized'
          ? 'authorized, not captured yet'
          : captured === 'capture_failed'
            ? 'not charged (the authorization was gone)'
            : 'paid';
  return { state, refund };
}

/** An order as the admin sees it: the customer's view plus who placed it, when it shipped, the payment state. */
export const adminOrder = (order: OrderRecord): AdminOrderView => ({
  ...publicOrder(order),
  customer: order.customer === 'guest' ? 'guest' : 'account',
  completedAt: order.completedAt ?? null,
  payment: payment(order),
  version: order.version,
});

/** Ships a pending order (POST /api/admin/orders/{orderNumber}/complete); see shipOrder. */
export async function completeOrder(orderNumber: string, shipment: ShipOrderBody = {}) {
  return adminOrder(await shipOrder(orderNumber, shipment));
}

/** Corrects a shipped order's carrier or tracking number (POST /api/admin/orders/{orderNumber}/tracking); see changeTracking. */
export async function changeOrderTracking(orderNumber: string, body: TrackingChangeBody) {
  return adminOrder(await changeTracking(orderNumber, body));
}

// ---- The archive: search, date range, pages, CSV (docs/decisions/0036).

/** At most this many index items are read for one page of a search, so a rare word cannot make a request slow. */
const READ_BUDGET = 2000;
const CSV_LIMIT = 10_000;
const GSI2 = TABLE_KEYS.globalSecondaryIndexes[1];

function encodeCursor(key: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/** A cursor from the client must be an index position of this status' partition, or it is refused. */
function decodeCursor(cursor: string, status: string): Record<string, unknown> {
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
    const names = [TABLE_KEYS.partitionKey, TABLE_KEYS.sortKey, GSI2.partitionKey, GSI2.sortKey];
    if (Object.keys(key).length === 4 && names.every((name) => typeof key[name] === 'string') && key[GSI2.partitionKey] === `order#${status}`) return key;
  } catch {
    /* refused below */
  }
  throw badRequest('This page link is no longer valid. Start the search again.');
}

/** The index position of a record (the cursor after it). */
const positionOf = (order: OrderRecord): Record<string, unknown> => ({ ...orders.key({ orderNumber: order.orderNumber }), [GSI2.partitionKey]: `order#${order.status}`, [GSI2.sortKey]: order.createdAt });

const matches = (order: OrderRecord, words: string) => [order.orderNumber, order.shippingAddress.email, unescapeText(order.shippingAddress.name)].some((field) => field.toLowerCase().includes(words));

/**
 * Orders of one status, newest first, in pages. A date range (UTC days of the order date) is a key condition on
 * the byStatus index (status + createdAt), so only that range is read. An order number is one GetItem. Other
 * words (email, name, part of a number) are matched on the items of the range as they are read, case-insensitive,
 * at most READ_BUDGET items per page: the answer then carries a cursor to read on. `order: 'oldest'` reads the same
 * index the other way (the pending orders to ship, decision 0047). A page without words reads one order more than it
 * shows, so a full last page says there is nothing after it instead of leading to an empty page.
 */
export async function searchOrders(query: AdminOrdersQuery, limit = query.limit ?? ADMIN_ORDERS_PAGE): Promise<{ orders: OrderRecord[]; nextCursor: string | null }> {
  const words = query.q?.trim().toLowerCase() ?? '';
  if (/^pi_[a-z0-9_]+$/.test(words)) {
    const exact = (await orders.get({ orderNumber: query.q!.trim() })) ?? (await orders.get({ orderNumber: words }));
    if (exact) return { orders: [exact], nextCursor: null };
  }
  if (query.from && query.to && query.from > query.to) throw badRequest('The start date is after the end date.', { from: 'The start date is after the end date.' });
  const range = { ...(query.from ? { skAtLeast: `${query.from}T` } : {}), ...(query.to ? { skAtMost: `${query.to}T~` } : {}) };
  const found: OrderRecord[] = [];
  let start = query.cursor ? decodeCursor(query.cursor, query.status) : null;
  let read = 0;
  do {
    const direction = query.order === 'oldest' ? 'asc' : 'desc';
    const page = await orders.queryPage('byStatus', { status: query.status }, { order: direction, limit: words ? 200 : limit - found.length + 1, ...range }, start);
    read += page.records.length;
    for (const order of page.records) {
      if (words && !matches(order, words)) continue;
      found.push(order);
      if (found.length === limit) return { orders: found, nextCursor: order === page.records.at(-1) && !page.next ? null : encodeCursor(positionOf(order)) };
    }
    start = page.next;
  } while (start && read < READ_BUDGET);
  return { orders: found, nextCursor: start ? encodeCursor(start) : null };
}

/**
 * A page of orders for the admin. The unfiltered pending list also carries `total`: the orders waiting to ship are
 * few (the dashboard reads them all), so counting them is one cheap query; the archive's statuses grow without end
 * and are not counted.
 */
export async function listOrders(query: AdminOrdersQuery) {
  const counted = query.status === 'pending' && !query.q?.trim() && !query.from && !query.to;
  const [{ orders: found, nextCursor }, total] = await Promise.all([searchOrders(query), counted ? orders.count('byStatus', { status: 'pending' }) : undefined]);
  return { orders: found.map(adminOrder), nextCursor, ...(total === undefined ? {} : { total }) };
}

const CSV_COLUMNS = [
  'order',
  'date',
  'status',
  'shipped',
  'name',
  'email',
  'address',
  'city',
  'state',
  'zip',
  'items',
  'subtotal',
  'discount',
  'shipping',
  'tax',
  'total',
  'carrier',
  'tracking',
  'replacement of',
];
/** A CSV cell: quoted when needed; a leading = + - @ is defused so a spreadsheet never runs it as a formula. */
const cell = (value: string | number | null | undefined) => {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** CSV of the orders of a status and date range (and search words), every page, newest first. */
export async function ordersCsv(query: AdminOrdersQuery): Promise<{ csv: string; fileName: string }> {
  const rows: string[] = [CSV_COLUMNS.join(',')];
  let cursor: string | null | undefined = query.cursor;
  do {
    const page = await searchOrders({ ...query, cursor: cursor ?? undefined }, 500);
    for (const order of page.orders) {
      const a = order.shippingAddress;
      const amounts = withDiscount(order.amounts);
      rows.push(
        [
          order.orderNumber,
          order.createdAt,
          ORDER_STATUS_LABEL[order.status],
          order.status === 'completed' ? order.completedAt : '',
          unescapeText(a.name),
          a.email,
          unescapeText(a.line1),
          unescapeText(a.city),
          unescapeText(a.state),
          a.zip,
          order.lines.map((line) => `${line.quantity} x ${unescapeText(line.name)} (${line.size})`).join('; '),
          formatCents(amounts.subtotal),
          formatCents(amounts.discount),
          formatCents(amounts.shipping),
          formatCents(amounts.tax),
          formatCents(amounts.total),
          order.carrier,
          order.trackingNumber,
          order.replacementOf,
        ]
          .map(cell)
          .join(','),
      );
    }
    cursor = page.nextCursor;
  } while (cursor && rows.length <= CSV_LIMIT);
  const fileName = `orders-${query.status}-${query.from ?? 'start'}-to-${query.to ?? 'now'}.csv`;
  return { csv: `${rows.join('\r\n')}\r\n`, fileName };
}

// ---- One order: detail and timeline.

function timeline(order: OrderRecord, requests: ReplacementRecord[], replacementOrders: OrderRecord[]) {
  const entries: { at: string; text: string }[] = [];
  const add = (at: string | undefined, text: string) => at && entries.push({ at, text });
  add(order.createdAt, order.replacementOf ? `Replacement order created for ${order.replacementOf} (no charge)` : `Order placed, ${formatPrice(order.amounts.total)} paid`);
  if (order.status === 'completed') {
    // What it shipped with first: later corrections are entries of their own.
    const shipped = order.trackingChanges?.[0]?.from ?? order;
    add(order.completedAt, `Shipped${shipped.carrier ? ` with ${shipped.carrier}` : ''}${shipped.trackingNumber ? `, tracking ${shipped.trackingNumber}` : ', no tracking number'}`);
  }
  if (order.shipMail) add(order.shipMail.at, order.shipMail.status === 'sent' ? '"On its way" mail sent to the customer' : `"On its way" mail ${order.shipMail.status}`);
  for (const change of order.trackingChanges ?? []) {
    add(change.at, `Tracking changed to ${shipmentText(change.to.carrier, change.to.trackingNumber)} (was ${shipmentText(change.from.carrier, change.from.trackingNumber)})`);
    add(change.mail.at, change.mail.status === 'sent' ? 'Corrected tracking mailed to the customer' : `Corrected tracking mail ${change.mail.status}`);
  }
  add(
    order.cancelledAt,
    order.replacementOf
      ? `Cancelled before shipping; stock put back, nothing to refund; request ${order.orderNumber} is marked cancelled and its items can be asked for again`
      : 'Cancelled before shipping; stock put back',
  );
  if (order.refund)
    add(
      order.refund.at ?? order.cancelledAt,
      order.refund.status === 'refunded' ? `Refunded ${formatPrice(order.amounts.total)}${order.refund.id ? ` (${order.refund.id})` : ''}` : `Refund ${order.refund.status}`,
    );
  if (order.cancelMail) add(order.cancelMail.at, order.cancelMail.status === 'sent' ? 'Cancellation mail sent to the customer' : `Cancellation mail ${order.cancelMail.status}`);
  for (const request of requests) {
    const items = request.lines.map((line) => `${line.quantity} x ${unescapeText(line.name)} (${line.size})`).join(', ');
    add(request.createdAt, `Replacement ${request.id} requested: ${items}. Reason: ${unescapeText(request.reason)}`);
    // A cancelled request was approved first (its replacement order was cancelled later).
    const decision = request.status === 'cancelled' ? 'approved' : request.status;
    if (decision !== 'open') add(request.decidedAt, `Replacement ${request.id} ${REPLACEMENT_STATUS_LABEL[decision].toLowerCase()}${request.message ? `: ${unescapeText(request.message)}` : ''}`);
    if (request.status === 'cancelled') add(request.cancelledAt, `Replacement ${request.id} cancelled before it shipped; its items can be asked for again`);
  }
  for (const replacement of replacementOrders) {
    if (replacement.status === 'completed') add(replacement.completedAt, `Replacement ${replacement.orderNumber} shipped${replacement.trackingNumber ? `, tracking ${replacement.trackingNumber}` : ''}`);
  }
  // By time, then in the order the events were added (their natural order: placed, shipped, its mail, ...): the sort
  // is stable, and times are compared as instants (an order's createdAt is to the second, later stamps to the
  // millisecond, so comparing the text would put "12:00:00.5Z" before "12:00:00Z").
  return entries.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

/** GET /api/admin/orders/{orderNumber}: the order, its requests and replacement orders, and what happened when. */
export async function orderDetail(orderNumber: string) {
  const order = await orders.get({ orderNumber }, { consistent: true });
  if (!order) throw notFound('No such order.');
  const requests = await replacements.query('byOrder', { orderNumber }, { order: 'asc' });
  const withOrders = requests.filter(hasReplacementOrder).map((request) => ({ orderNumber: request.id }));
  const replacementOrders = withOrders.length ? await orders.getMany(withOrders) : [];
  const byNumber = new Map(replacementOrders.map((replacement) => [replacement.orderNumber, replacement]));
  return {
    order: adminOrder(order),
    replacements: requests.map((request) => replacementView(request, byNumber.get(request.id))),
    replacementOrders: replacementOrders.map(adminOrder),
    timeline: timeline(order, requests, replacementOrders),
  };
}
