import { CARRIERS, LOW_STOCK_THRESHOLD, REPLACEMENT_STATUSES } from '../aftersale';
import { ALL_SIZES, MAX_CART_LINES, MAX_QUANTITY, MIN_QUANTITY } from '../sizes';
import { canonicalOrderNumber } from '../order-number';
import { orderNumberSchema } from './refs';
import { cleanText } from './text';
import * as z from './zod';

/** After the sale (issue 14): shipping, look-up, replacements, cancellation, the archive and the dashboard. */

const email = z.pipe(
  z.string({ message: 'Please enter the email address of the order.' }).check(z.trim(), z.maxLength(200)),
  z.email('Please enter a valid email address.'),
);
const orderNumber = z.pipe(z.string({ message: 'Please enter your order number.' }).check(z.trim()), orderNumberSchema);

/** POST /api/admin/orders/{orderNumber}/complete: both optional (a parcel without tracking ships too). */
export const shipOrderBodySchema = z.object({
  carrier: z.optional(z.enum(CARRIERS, { message: 'Choose USPS, UPS, FedEx or other.' })),
  trackingNumber: z.optional(
    z
      .pipe(
        z.string().check(z.trim(), z.maxLength(64, 'A tracking number has at most 64 characters.')),
        z.transform((value: string) => value.replace(/\s+/g, '')),
      )
      .check(
        z.refine((value: string) => value === '' || /^[A-Za-z0-9-]+$/.test(value), 'Use letters, digits and - only.'),
      ),
  ),
});
export type ShipOrderBody = z.output<typeof shipOrderBodySchema>;

/**
 * POST /api/admin/orders/{orderNumber}/tracking: the corrected carrier and tracking number of a shipped order, and
 * the order's `version` the admin's page read (a page that missed another correction gets 409, decision 0053).
 */
export const trackingChangeBodySchema = z.extend(shipOrderBodySchema, {
  version: z.number({ message: 'Reload the order and try again.' }).check(z.int(), z.gte(1)),
});
export type TrackingChangeBody = z.output<typeof trackingChangeBodySchema>;

/** POST /api/orders/lookup: the order number and the email it was placed with prove who asks. */
export const orderLookupBodySchema = z.object({ orderNumber, email });

const QUANTITY = 'Quantity must be a whole number from 1 to 9.';
export const replacementLineSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(64)),
  size: z.enum(ALL_SIZES, { message: 'Invalid size selected.' }),
  quantity: z
    .number({ message: QUANTITY })
    .check(z.int(QUANTITY), z.gte(MIN_QUANTITY, QUANTITY), z.lte(MAX_QUANTITY, QUANTITY)),
});

/** POST /api/orders/replacements: from the order page of a customer or a guest (same proof as the look-up). */
export const replacementRequestBodySchema = z.object({
  orderNumber,
  email,
  lines: z
    .array(replacementLineSchema)
    .check(z.minLength(1, 'Choose what should be replaced.'), z.maxLength(MAX_CART_LINES)),
  reason: cleanText(1000, 'Please tell us what went wrong.', true),
});

/** POST /api/admin/replacements/{id}: approve (a $0 replacement order) or decline with a message to the customer. */
const DECLINE_MESSAGE = 'Please write the customer a short message.';
export const replacementDecisionBodySchema = z
  .object({
    decision: z.enum(['approve', 'decline'], { message: 'Approve or decline.' }),
    message: z.optional(cleanText(1000, DECLINE_MESSAGE, true)),
  })
  .check(
    z.refine((value) => value.decision === 'approve' || !!value.message, {
      message: DECLINE_MESSAGE,
      path: ['message'],
    }),
  );

/** Orders on one page of GET /api/admin/orders when no `limit` is given (the pending list and the archive). */
export const ADMIN_ORDERS_PAGE = 25;

const DATE_MESSAGE = 'Dates look like 2025-01-31, or an instant like 2025-01-31T08:00:00.000Z.';
/**
 * One end of a date range: an instant (what the admin pages send: the start or the last moment of a day where the
 * admin is, decision 0054), or a day `YYYY-MM-DD`, read as a UTC day (the older form, kept for links and scripts).
 */
const rangeEnd = z
  .string()
  .check(
    z.refine(
      (value: string) =>
        /^\d{4}-\d{2}-\d{2}$/.test(value) ||
        (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/.test(value) &&
          !Number.isNaN(Date.parse(value))),
      DATE_MESSAGE,
    ),
  );

/**
 * The views of GET /api/admin/orders: one status (`pending`: the orders waiting to ship), `sales`, the paid orders
 * whether shipped or not ($0 replacements and gift cards alone left out): what the dashboard's sales figures count
 * (decision 0054, 0146), or `all`, every order (where a search looks first, docs/decisions/0145).
 */
export const ORDER_LIST_VIEWS = ['pending', 'completed', 'cancelled', 'sales', 'all'] as const;
export type OrderListView = (typeof ORDER_LIST_VIEWS)[number];

/**
 * GET /api/admin/orders query: the view, search words, a date range (from and to, each included), a page cursor,
 * CSV, and the order: `newest` first (the default, the archive) or `oldest` first (the pending orders to ship,
 * decision 0047).
 */
export const adminOrdersQuerySchema = z.strictObject({
  status: z._default(
    z.enum(ORDER_LIST_VIEWS, { message: 'Status is one of pending, completed, cancelled, sales or all.' }),
    'pending',
  ),
  q: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  from: z.optional(rangeEnd),
  to: z.optional(rangeEnd),
  cursor: z.optional(z.string().check(z.maxLength(1000))),
  limit: z.optional(z.pipe(z.string(), z.transform(Number)).check(z.int(), z.gte(1), z.lte(100))),
  format: z.optional(z.enum(['json', 'csv'])),
  order: z._default(z.enum(['newest', 'oldest']), 'newest'),
});
export type AdminOrdersQuery = z.output<typeof adminOrdersQuerySchema>;

/** GET /api/admin/dashboard query: where "today" starts for the viewer, and the low-stock threshold. */
export const dashboardQuerySchema = z.strictObject({
  today: z.optional(z.iso.datetime({ offset: true })),
  /** Where the last 30 days start for the viewer: their midnight 29 days before today (decision 0054). */
  since: z.optional(z.iso.datetime({ offset: true })),
  threshold: z._default(
    z.pipe(z.string(), z.transform(Number)).check(z.int(), z.gte(0), z.lte(1000)),
    LOW_STOCK_THRESHOLD,
  ),
});

/** GET /api/admin/replacements query. */
export const replacementsQuerySchema = z.strictObject({ status: z._default(z.enum(REPLACEMENT_STATUSES), 'open') });

/**
 * A replacement request's id (path parameter): `<orderNumber>_r<n>` ("1042_r1", an older order's "pi_..._r1"), also
 * its replacement order's number; as shown (`#1042-R1`) too.
 */
export const replacementIdSchema = z.pipe(
  z
    .string()
    .check(
      z.maxLength(140),
      z.regex(
        /^(?:[\s#]*\d[\d\s]{0,15}[-_\s]*[rR]\s*\d{1,4}|pi_[A-Za-z0-9_]{1,120}_r\d{1,4})\s*$/,
        'Not a replacement request id',
      ),
    ),
  z.transform((value: string) => canonicalOrderNumber(value) ?? value),
);

/** POST /api/shipping/webhook's answer: received, and what the event did (docs/decisions/0176). */
export const shippingWebhookAnswerSchema = z.object({
  received: z.literal(true),
  outcome: z.enum(['applied', 'updated', 'stale', 'repeated', 'unknown-parcel', 'not-tracked', 'ignored']),
});
