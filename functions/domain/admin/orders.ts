import { TRACKING_WORDS } from '#shared/tracking';
import { getDelivery, type Delivery } from '../mail/deliveries';
import { TRACKING_MAIL_KIND } from '../orders/tracking';
import {
  isSale,
  lineLabel,
  REPLACEMENT_STATUS_LABEL,
  SALE_STATUSES,
  shipmentText,
  type OrderStatus,
} from '#shared/aftersale';
import { ORDER_STATE_LABEL, orderState, waitsToShip } from '#shared/to-ship';
import { formatCents, formatPrice, withDiscount } from '#shared/money';
import type { AdminOrderView } from '#shared/schemas/order-views';
import {
  ADMIN_ORDERS_PAGE,
  type AdminOrdersQuery,
  type OrderListView,
  type ShipOrderBody,
  type TrackingChangeBody,
} from '#shared/schemas/orders';
import { canonicalOrderNumber, orderLabel } from '#shared/order-number';
import { unescapeText } from '#shared/sanitize';
import { orders, type OrderRecord } from '../../db/entities/order';
import { replacements, type ReplacementRecord } from '../../db/entities/replacement';
import { csvText, type CsvRow } from '../../lib/csv';
import { badRequest, notFound } from '../../lib/errors';
import { confirmationMailOf } from '../orders/confirmation-mail';
import { orderOfPayment } from '../orders/identity';
import { paymentsOf } from '../money/paid-by';
import { hasReplacementOrder, publicOrder, replacementView } from '../orders/view';
import { changeTracking, ordersToShip, shipOrder } from '../orders/shipping';
import { buyLabel, labelTimeline, labelView, voidLabel } from '../orders/labels';
import type { BuyLabelBody, VoidLabelBody } from '#shared/schemas/labels';
import { REFUND_REASON_LABEL } from '#shared/refunds';
import type { RefundBody } from '#shared/schemas/refunds';
import type { RefundRecord } from '../../db/entities/refund';
import { checkLedger, givenBackInAll, paidInAll, type LedgerCheck } from '../money/ledger';
import { notRefundable as refusal, refundable, refundOrder, refundsOf, refundWhat } from '../orders/refunds';
import { refundView } from '../orders/view';

/** How the payment stands, as far as this shop's records say. */
function payment(order: OrderRecord): AdminOrderView['payment'] {
  const refund = order.refund
    ? { status: order.refund.status, id: order.refund.id ?? null, at: order.refund.at ?? null }
    : null;
  // paymentStatus: the manual-capture state checkout keeps (issue 12); missing on orders paid in one step.
  const captured = (order as { paymentStatus?: string }).paymentStatus;
  const state = order.replacementOf
    ? 'no charge (replacement)'
    : order.refund?.status === 'refunded'
      ? 'refunded'
      : order.refund
        ? `refund ${order.refund.status}`
        : (order.refunded ?? 0) > 0
          ? `paid, ${formatPrice(order.refunded!)} refunded`
          : captured === 'authorized'
            ? 'authorized, not captured yet'
            : captured === 'capture_failed'
              ? 'not charged (the authorization was gone)'
              : 'paid';
  return { state, refund };
}

/**
 * An order as the admin sees it: the customer's view plus who placed it, when it shipped, the payment state and how
 * its tax was computed.
 */
export const adminOrder = (order: OrderRecord): AdminOrderView => ({
  ...publicOrder(order),
  quote: order.quote
    ? {
        quoteId: order.quote.quoteId,
        number: order.quote.number,
        ships: order.quote.ships,
        productionStartedAt: order.productionStartedAt ?? null,
      }
    : null,
  customer: order.customer === 'guest' ? 'guest' : 'account',
  completedAt: order.completedAt ?? null,
  payment: payment(order),
  payments: paymentsOf(order),
  version: order.version,
  tax: orderTax(order),
  ...(order.shippingRate ? { shippingRate: { ...order.shippingRate, fallback: order.shippingFallback ?? null } } : {}),
  label: labelView(order),
});

/** Who computed an order's tax, Stripe Tax's record of it, and each line's shares (docs/decisions/0106 to 0108). */
function orderTax(order: OrderRecord): AdminOrderView['tax'] {
  const stripe = order.stripeTax;
  const problem = !stripe
    ? null
    : order.stripeTaxReversal
      ? null
      : order.stripeTaxTransaction
        ? (stripe.reversalError ?? null)
        : (stripe.transactionError ?? null);
  return {
    provider: order.taxProvider ?? 'table',
    fallback: order.taxFallback ?? null,
    stripeTax: stripe
      ? {
          calculationId: stripe.calculationId,
          transactionId: order.stripeTaxTransaction?.id ?? null,
          reversalId: order.stripeTaxReversal?.id ?? null,
          problem,
          reversalRefused: stripe.reversalRefused === true,
        }
      : null,
    lines: order.lines.every((line) => line.shares) ? order.lines.map((line) => ({ ...line.shares! })) : null,
  };
}

/** Ships a pending order (POST /api/admin/orders/{orderNumber}/complete); see shipOrder. */
export async function completeOrder(orderNumber: string, shipment: ShipOrderBody = {}) {
  return adminOrder(await shipOrder(orderNumber, shipment));
}

/**
 * Corrects a shipped order's carrier or tracking number (POST /api/admin/orders/{orderNumber}/tracking); see
 * changeTracking.
 */
export async function changeOrderTracking(orderNumber: string, body: TrackingChangeBody) {
  return adminOrder(await changeTracking(orderNumber, body));
}

// ---- The archive: search, date range, pages, CSV (docs/decisions/0036, 0054).

/** At most this many index items are read for one page of a search, so a rare word cannot make a request slow. */
export const READ_BUDGET = 2000;
const CSV_LIMIT = 10_000;

type Position = Record<string, unknown>;
/**
 * Where a view's status partitions were read to: an index position, `false` once read to the end; absent: not begun.
 */
type Positions = Partial<Record<OrderStatus, Position | false>>;

/** The status partitions of a view, newest-first order of reading: `all` is every order (a search's first answer). */
const ALL_STATUSES = [...SALE_STATUSES, 'cancelled'] as const satisfies readonly OrderStatus[];
const statusesOf = (view: OrderListView): readonly OrderStatus[] =>
  view === 'sales' ? SALE_STATUSES : view === 'all' ? ALL_STATUSES : [view];

function encodeCursor(positions: Positions): string {
  return Buffer.from(JSON.stringify(positions)).toString('base64url');
}

/** A cursor from the client must hold index positions of this view's status partitions, or it is refused. */
function decodeCursor(cursor: string, statuses: readonly OrderStatus[]): Positions {
  try {
    const positions = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
    const entries =
      typeof positions === 'object' && positions !== null && !Array.isArray(positions) ? Object.entries(positions) : [];
    const fits = (status: string, value: unknown) =>
      (statuses as readonly string[]).includes(status) &&
      (value === false || orders.isPosition(value, 'byStatus', { status: status as OrderStatus }));
    if (entries.length && entries.every(([status, value]) => fits(status, value))) return positions;
  } catch {
    /* refused below */
  }
  throw badRequest('This page link is no longer valid. Start the search again.');
}

/** The index position of a record (the cursor after it). */
const positionOf = (order: OrderRecord): Position => orders.position(order, 'byStatus');

const matches = (order: OrderRecord, words: string) =>
  [
    order.orderNumber,
    order.shippingAddress.email,
    unescapeText(order.shippingAddress.name),
    ...paymentsOf(order).map((payment) => (payment.method === 'card' ? payment.intentId : payment.last4)),
  ].some((field) => field.toLowerCase().includes(words));

/**
 * One end of a date range as a bound on the index's sort key (createdAt, UTC ISO, to the second or the millisecond).
 * An instant counts to the second it falls in; a day `YYYY-MM-DD` is a UTC day (the older form).
 */
function rangeBound(value: string, end: 'from' | 'to'): string {
  const start = /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T` : new Date(value).toISOString().slice(0, 19);
  return end === 'from' ? start : `${start}~`;
}

/** One status partition as it is read: records read but not yet taken, and where it stands. */
interface Stream {
  status: OrderStatus;
  /** The position after the last record taken (or the view's cursor), null: from the start of the range. */
  at: Position | null;
  /** Records read and not taken yet, in reading order. */
  buffer: OrderRecord[];
  /** Where the next page starts; null once the partition's range is read to its end. */
  next: Position | null;
  /** A page has been read (so `next: null` means the end). */
  begun: boolean;
}

/**
 * The order a search names exactly: by its number (`#1042`, `1042`, a replacement's `#1042-R1`, an older `pi_...`), or
 * by the id of the payment that paid it at Stripe (the payment's pointer: one GetItem; an older order is keyed by it).
 */
async function namedOrder(number: string): Promise<OrderRecord | null> {
  if (!number.startsWith('pi_')) return orders.get({ orderNumber: number });
  return (await orderOfPayment(number)) ?? (await orderOfPayment(number.toLowerCase()));
}

/**
 * Orders of a view (one status; the sales: shipped and not yet shipped together; or all of them), newest first, in
 * pages. A date range (`from` and `to`, each an instant, or a UTC day) is a key condition on the byStatus index
 * (status + createdAt), so only that range is read; a view of several statuses reads their partitions side by side
 * and merges them by date, its cursor holding a position in each. An order number or a payment's id is one or two
 * GetItems, whatever the view. Other words (email, name, part of a number) are matched on the items of the range as
 * they are read, case-insensitive, at most READ_BUDGET items per request: the answer then carries a cursor to read on
 * and `readThrough`, the order date it has read back to (the admin's page reads on by itself, decision 0054).
 * `order: 'oldest'` reads the other way (the pending orders to ship, decision 0047). Without words a page reads one
 * order more than it shows, so a full last page says there is nothing after it instead of leading to an empty page;
 * an order the view leaves out after a full page is passed over to know so.
 */
export async function searchOrders(
  query: AdminOrdersQuery,
  limit = query.limit ?? ADMIN_ORDERS_PAGE,
): Promise<{ orders: OrderRecord[]; nextCursor: string | null; readThrough?: string }> {
  const named = query.q ? canonicalOrderNumber(query.q) : null;
  const exact = named ? await namedOrder(named) : null;
  if (exact) return { orders: [exact], nextCursor: null };
  // A number that names no order is still looked for as part of numbers ("#104" finds 1040..1049 as before).
  const words = (named && !named.startsWith('pi_') ? named : (query.q?.trim() ?? '')).toLowerCase();
  const range = {
    ...(query.from ? { skAtLeast: rangeBound(query.from, 'from') } : {}),
    ...(query.to ? { skAtMost: rangeBound(query.to, 'to') } : {}),
  };
  if (range.skAtLeast && range.skAtMost && range.skAtLeast > range.skAtMost)
    throw badRequest('The start date is after the end date.', { from: 'The start date is after the end date.' });
  const statuses = statusesOf(query.status);
  const positions = query.cursor ? decodeCursor(query.cursor, statuses) : {};
  const streams: Stream[] = statuses.map((status) => {
    const at = positions[status];
    return { status, at: at || null, buffer: [], next: at || null, begun: at === false };
  });
  const newest = query.order !== 'oldest';
  // The ship queue (pending) holds the orders that wait to ship: not one that ships nothing (a quote's design work,
  // gift cards only) or has nothing left to send (every unit refunded), docs/decisions/0145.
  const wanted = (order: OrderRecord) =>
    (query.status !== 'sales' || isSale(order)) &&
    (query.status !== 'pending' || waitsToShip(order)) &&
    (!words || matches(order, words));
  const filtered = Boolean(words) || query.status === 'sales' || query.status === 'pending';
  const found: OrderRecord[] = [];
  let read = 0;
  let readThrough: string | undefined;
  const ended = (stream: Stream) => stream.begun && !stream.next && !stream.buffer.length;

  /** Reads the next page of a partition whose records are all taken; false when the budget is spent. */
  async function refill(stream: Stream): Promise<boolean> {
    if (stream.buffer.length || (stream.begun && !stream.next)) return true;
    if (read >= READ_BUDGET) return false;
    const page = await orders.queryPage(
      'byStatus',
      { status: stream.status },
      { order: newest ? 'desc' : 'asc', limit: words ? 200 : limit - found.length + 1, ...range },
      stream.next,
    );
    read += page.records.length;
    stream.buffer = page.records;
    stream.next = page.next;
    stream.begun = true;
    return true;
  }

  const cursorOf = () => {
    if (streams.every(ended)) return null;
    const at: Positions = {};
    for (const stream of streams) {
      if (ended(stream)) at[stream.status] = false;
      else if (stream.at) at[stream.status] = stream.at;
    }
    return encodeCursor(at);
  };

  for (;;) {
    // Every partition shows its next record (reading a page where needed), unless the budget ran out.
    const refilled = await Promise.all(streams.map(refill));
    if (refilled.includes(false)) break;
    const heads = streams.filter((stream) => stream.buffer.length);
    if (!heads.length) break;
    const stream = heads.reduce((best, candidate) =>
      (
        newest
          ? candidate.buffer[0].createdAt > best.buffer[0].createdAt
          : candidate.buffer[0].createdAt < best.buffer[0].createdAt
      )
        ? candidate
        : best,
    );
    // One more looked at: the page is full and there is more after it. Without words, one the view leaves out (a
    // sale view's replacement, an order with nothing to ship) is passed over first, so a full last page never leads
    // to an empty one; a search stops at once (its next page may say "No more orders match", decision 0054).
    if (found.length === limit && (words || wanted(stream.buffer[0]))) break;
    const order = stream.buffer.shift()!;
    stream.at = positionOf(order);
    readThrough = order.createdAt;
    if (found.length < limit && wanted(order)) found.push(order);
  }
  const nextCursor = cursorOf();
  return { orders: found, nextCursor, ...(nextCursor && filtered && readThrough ? { readThrough } : {}) };
}
/**
 * A page of orders for the admin. The unfiltered pending list (To ship) also carries `total`: the orders waiting to
 * ship, counted by the same rule its pages and the dashboard use (ordersToShip: the pending orders are few, the
 * dashboard reads them all); the archive's statuses grow without end and are not counted.
 */
export async function listOrders(query: AdminOrdersQuery) {
  const counted = query.status === 'pending' && !query.q?.trim() && !query.from && !query.to;
  const [{ orders: found, nextCursor, readThrough }, total] = await Promise.all([
    searchOrders(query),
    counted ? ordersToShip().then((waiting) => waiting.length) : undefined,
  ]);
  return {
    orders: found.map(adminOrder),
    nextCursor,
    ...(readThrough ? { readThrough } : {}),
    ...(total === undefined ? {} : { total }),
  };
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
  // Each discount by name (issue 54): "Candle trio 18.00; Promo code TEN 3.60"; empty with a code alone or none.
  'discounts',
  'shipping',
  'tax',
  'total',
  'carrier',
  'tracking',
  'replacement of',
  'payment',
  'refunded',
  'refunds',
];

/** CSV of the orders of a status and date range (and search words), every page, newest first. */
export async function ordersCsv(query: AdminOrdersQuery): Promise<{ csv: string; fileName: string }> {
  const rows: CsvRow[] = [CSV_COLUMNS];
  let cursor: string | null | undefined = query.cursor;
  do {
    const page = await searchOrders({ ...query, cursor: cursor ?? undefined }, 500);
    // Each refund in part, for the orders that have some (their `refunded` total says so).
    const withRefunds = page.orders.filter((order) => (order.refunded ?? 0) > 0);
    const made = new Map(
      await Promise.all(
        withRefunds.map(async (order) => [order.orderNumber, await refundsOf(order.orderNumber)] as const),
      ),
    );
    for (const order of page.orders) {
      // An order of gift cards only has its buyer alone (issue 50 item 9): its address columns stay empty.
      const a = { line1: '', city: '', state: '', zip: '', ...order.shippingAddress };
      const amounts = withDiscount(order.amounts);
      rows.push([
        orderLabel(order.orderNumber),
        order.createdAt,
        ORDER_STATE_LABEL[orderState(order)],
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
        (amounts.discounts ?? []).map((part) => `${part.name} ${formatCents(part.amount)}`).join('; '),
        formatCents(amounts.shipping),
        formatCents(amounts.tax),
        formatCents(amounts.total),
        order.carrier,
        order.trackingNumber,
        order.replacementOf && orderLabel(order.replacementOf),
        paymentsOf(order)
          .map((payment) =>
            payment.method === 'card' ? payment.intentId : `gift card ${payment.last4} ${formatCents(payment.amount)}`,
          )
          .join('; '),
        formatCents(order.refunded ?? 0),
        (made.get(order.orderNumber) ?? [])
          .map(
            (refund) =>
              `${refund.createdAt.slice(0, 10)} ${formatCents(refund.total)} ${refund.status} ${REFUND_REASON_LABEL[refund.reason]}: ${refundWhat(refund)}`,
          )
          .join('; '),
      ]);
    }
    cursor = page.nextCursor;
  } while (cursor && rows.length <= CSV_LIMIT);
  // A day as it was given; an instant without the characters a file name should not carry (the admin's page names
  // its download by the admin's own dates).
  const named = (value: string | undefined, none: string) => (value ? value.replace(/[:.]/g, '') : none);
  const fileName = `orders-${query.status}-${named(query.from, 'start')}-to-${named(query.to, 'now')}.csv`;
  return { csv: csvText(rows), fileName };
}

// ---- One order: detail and timeline.

/** The order's money for the admin: totals, what the refund form may still give back, each refund, the ledger check. */
function money(order: OrderRecord, made: RefundRecord[], ledger: LedgerCheck): AdminOrderView['money'] {
  const why = refusal(order);
  return {
    // Paid in all and given back in all: a gift card's part and store credit included (docs/decisions/0126).
    captured: paidInAll(order),
    refunded: givenBackInAll(order),
    refundable: why === null,
    why,
    refundedUnits: order.refundedUnits ?? {},
    shippingRefunded: order.shippingRefunded === true,
    discountOnShipping: refundable(order).discountOnShipping,
    refunds: made.map((refund) => ({
      ...refundView(refund),
      note: refund.note ?? null,
      restock: refund.restock,
      providerRefundId: refund.providerRefundId ?? null,
      taxReversalId: refund.taxReversal?.id ?? null,
      taxProblem: refund.taxReversal ? null : (refund.taxReversalError ?? null),
    })),
    ledger: { ok: ledger.ok, entries: ledger.entries.count, problems: ledger.problems },
  };
}

/** POST /api/admin/orders/{orderNumber}/label: buys the label once (buyLabel), answered with the order's detail. */
export async function buyOrderLabel(orderNumber: string, body: BuyLabelBody) {
  await buyLabel(orderNumber, body);
  return orderDetail(orderNumber);
}

/** POST /api/admin/orders/{orderNumber}/label/void: voids the label (voidLabel), answered with the order's detail. */
export async function voidOrderLabel(orderNumber: string, body: VoidLabelBody) {
  await voidLabel(orderNumber, body);
  return orderDetail(orderNumber);
}

/** POST /api/admin/orders/{orderNumber}/refunds: a refund in part (refundOrder), answered with the order's detail. */
export async function refundOrderPart(orderNumber: string, body: RefundBody) {
  await refundOrder(orderNumber, body);
  return orderDetail(orderNumber);
}

function timeline(
  order: OrderRecord,
  requests: ReplacementRecord[],
  replacementOrders: OrderRecord[],
  made: RefundRecord[] = [],
  trackingMails: (Delivery | null)[] = [],
) {
  const entries: { at: string; text: string }[] = [];
  const add = (at: string | undefined, text: string) => at && entries.push({ at, text });
  add(
    order.createdAt,
    order.replacementOf
      ? `Replacement order created for ${orderLabel(order.replacementOf)} (no charge)`
      : `Order placed, ${formatPrice(order.amounts.total)} paid`,
  );
  if (order.status === 'completed') {
    // What it shipped with first: later corrections are entries of their own.
    const shipped = order.trackingChanges?.[0]?.from ?? order;
    add(
      order.completedAt,
      `Shipped${shipped.carrier ? ` with ${shipped.carrier}` : ''}${shipped.trackingNumber ? `, tracking ${shipped.trackingNumber}` : ', no tracking number'}`,
    );
  }
  if (order.shipMail)
    add(
      order.shipMail.at,
      order.shipMail.status === 'sent'
        ? '"On its way" mail sent to the customer'
        : `"On its way" mail ${order.shipMail.status}`,
    );
  for (const entry of labelTimeline(order)) add(entry.at, entry.text);
  // The parcel's tracking (docs/decisions/0176): each step the provider reported, and a tracker not registered yet.
  for (const step of order.tracking?.steps ?? []) add(step.at, TRACKING_WORDS.timeline(step.status, order.carrier));
  if (order.tracking?.registerError) add(order.completedAt, TRACKING_WORDS.registerFailed);
  for (const mail of trackingMails)
    if (mail) add(mail.sentAt ?? mail.createdAt, TRACKING_WORDS.mailState(mail.kind, mail.status));
  for (const change of order.trackingChanges ?? []) {
    add(
      change.at,
      `Tracking changed to ${shipmentText(change.to.carrier, change.to.trackingNumber)} (was ${shipmentText(change.from.carrier, change.from.trackingNumber)})`,
    );
    add(
      change.mail.at,
      change.mail.status === 'sent'
        ? 'Corrected tracking mailed to the customer'
        : `Corrected tracking mail ${change.mail.status}`,
    );
  }
  add(
    order.cancelledAt,
    order.replacementOf
      ? `Cancelled before shipping; stock put back, nothing to refund; request ${orderLabel(order.orderNumber)} is marked cancelled and its items can be asked for again`
      : 'Cancelled before shipping; stock put back',
  );
  if (order.refund)
    add(
      order.refund.at ?? order.cancelledAt,
      order.refund.status === 'refunded'
        ? `Refunded ${formatPrice(order.refund.amount ?? order.amounts.total)}${order.refund.id ? ` (${order.refund.id})` : ''}`
        : `Refund ${order.refund.status}`,
    );
  if (order.cancelMail)
    add(
      order.cancelMail.at,
      order.cancelMail.status === 'sent'
        ? 'Cancellation mail sent to the customer'
        : `Cancellation mail ${order.cancelMail.status}`,
    );
  for (const request of requests) {
    const items = request.lines
      .map((line) => `${line.quantity} x ${lineLabel({ name: unescapeText(line.name), size: line.size })}`)
      .join(', ');
    add(
      request.createdAt,
      `Replacement ${orderLabel(request.id)} requested: ${items}. Reason: ${unescapeText(request.reason)}`,
    );
    // A cancelled request was approved first (its replacement order was cancelled later).
    const decision = request.status === 'cancelled' ? 'approved' : request.status;
    if (decision !== 'open')
      add(
        request.decidedAt,
        `Replacement ${orderLabel(request.id)} ${REPLACEMENT_STATUS_LABEL[decision].toLowerCase()}${request.message ? `: ${unescapeText(request.message)}` : ''}`,
      );
    if (request.status === 'cancelled')
      add(
        request.cancelledAt,
        `Replacement ${orderLabel(request.id)} cancelled before it shipped; its items can be asked for again`,
      );
  }
  for (const refund of made) {
    const why = `${REFUND_REASON_LABEL[refund.reason]}${refund.note ? `: ${unescapeText(refund.note)}` : ''}`;
    const stock = refund.restock ? '; back to stock' : '';
    add(refund.createdAt, `Refund of ${formatPrice(refund.total)} started: ${refundWhat(refund)} (${why}${stock})`);
    if (refund.status === 'refunded')
      add(
        refund.refundedAt,
        `Refunded ${formatPrice(refund.total)}${refund.providerRefundId ? ` (${refund.providerRefundId})` : ''}`,
      );
    if (refund.status === 'failed')
      add(refund.failedAt, `Refund of ${formatPrice(refund.total)} refused by the payment provider; nothing refunded`);
    if (refund.taxReversal) add(refund.taxReversal.at, `Stripe Tax reversed in part (${refund.taxReversal.id})`);
  }
  for (const replacement of replacementOrders) {
    if (replacement.status === 'completed')
      add(
        replacement.completedAt,
        `Replacement ${orderLabel(replacement.orderNumber)} shipped${replacement.trackingNumber ? `, tracking ${replacement.trackingNumber}` : ''}`,
      );
  }
  // By time, then in the order the events were added (their natural order: placed, shipped, its mail, ...): the sort
  // is stable, and times are compared as instants (an order's createdAt is to the second, later stamps to the
  // millisecond, so comparing the text would put "12:00:00.5Z" before "12:00:00Z").
  return entries.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

/**
 * GET /api/admin/orders/{orderNumber}: the order, its requests and replacement orders, what happened when, and its
 * confirmation mail.
 */
export async function orderDetail(orderNumber: string) {
  const order = await orders.get({ orderNumber }, { consistent: true });
  if (!order) throw notFound('No such order.');
  const [requests, confirmationMail] = await Promise.all([
    replacements.query('byOrder', { orderNumber }, { order: 'asc' }),
    confirmationMailOf(order),
  ]);
  const withOrders = requests.filter(hasReplacementOrder).map((request) => ({ orderNumber: request.id }));
  const [replacementOrders, made, ledger, trackingMails] = await Promise.all([
    withOrders.length ? orders.getMany(withOrders) : [],
    refundsOf(orderNumber),
    checkLedger(orderNumber),
    order.tracking?.steps.length
      ? Promise.all(Object.values(TRACKING_MAIL_KIND).map((kind) => getDelivery(kind, orderNumber)))
      : [],
  ]);
  const byNumber = new Map(replacementOrders.map((replacement) => [replacement.orderNumber, replacement]));
  return {
    order: { ...adminOrder(order), money: money(order, made, ledger) },
    replacements: requests.map((request) => replacementView(request, byNumber.get(request.id))),
    replacementOrders: replacementOrders.map(adminOrder),
    timeline: timeline(order, requests, replacementOrders, made, trackingMails),
    confirmationMail,
  };
}
