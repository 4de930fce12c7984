import { CARRIERS, REPLACEMENT_STATUSES } from '../aftersale';
import { TRACKING_STATUSES } from '../tracking';
import { REFUND_REASONS } from '../refunds';
import { TAX_PROVIDERS } from '../tax-codes';
import { amountsSchema, whole } from './refs';
import { stockAlertCountSchema } from './stock-alerts';
import * as z from './zod';
import { shippingRateSchema } from './shipping';
import { orderLabelSchema } from './labels';

/**
 * What the after-sale endpoints answer (issue 14); the SPA parses with these. Kept apart from the request schemas
 * (orders.ts) so pages bundle only what they read.
 */

/**
 * Where an order ships, as its customer sees it; an order of gift cards only ships nothing and has its buyer's name and
 * email alone (issue 50 item 9).
 */
export const orderAddressSchema = z.object({
  name: z.string(),
  email: z.string(),
  line1: z.optional(z.string()),
  city: z.optional(z.string()),
  state: z.optional(z.string()),
  zip: z.optional(z.string()),
  /** The carrier's contact number, when a wallet gave one (docs/decisions/0129). */
  phone: z.optional(z.string()),
});
/**
 * A line of an order as its customer sees it. A gift card's (docs/decisions/0127) carries the card as it was bought:
 * the amount, who it is for, the message and the day it is mailed (never a code: only its recipient's mail has one).
 */
export const orderLineSchema = z.object({
  id: z.string(),
  name: z.string(),
  image: z.string(),
  price: z.number(),
  size: z.string(),
  quantity: z.number(),
  giftCard: z.optional(
    z.object({
      amount: whole(),
      recipientName: z.string(),
      recipientEmail: z.string(),
      message: z.optional(z.string()),
      deliverOn: z.string(),
    }),
  ),
});

/** Where the replacement order of an approved request stands, so the original's page can follow it. */
export const replacementShipmentSchema = z.object({
  status: z.enum(['pending', 'completed', 'cancelled']),
  carrier: z.nullable(z.enum(CARRIERS)),
  trackingNumber: z.nullable(z.string()),
  trackingUrl: z.nullable(z.string()),
  shippedAt: z.nullable(z.string()),
});
export type ReplacementShipment = z.infer<typeof replacementShipmentSchema>;

export const replacementViewSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  status: z.enum(REPLACEMENT_STATUSES),
  lines: z.array(
    z.object({ id: z.string(), name: z.string(), image: z.string(), size: z.string(), quantity: z.number() }),
  ),
  reason: z.string(),
  message: z.nullable(z.string()),
  createdAt: z.string(),
  decidedAt: z.nullable(z.string()),
  /** When its replacement order was cancelled (status cancelled). */
  cancelledAt: z.optional(z.nullable(z.string())),
  /** The replacement order (same number as the request) once approved: shipped with what, or cancelled. */
  shipment: z.optional(z.nullable(replacementShipmentSchema)),
});
export type ReplacementView = z.infer<typeof replacementViewSchema>;

/** A refund in part as the customer sees it (`status`: under way until the payment provider confirmed it). */
export const refundViewSchema = z.object({
  refundId: z.string(),
  status: z.enum(['pending', 'refunded', 'failed']),
  at: z.string(),
  total: whole(),
  reason: z.enum(REFUND_REASONS),
  lines: z.array(z.object({ id: z.string(), name: z.string(), size: z.string(), quantity: whole(), total: whole() })),
  shipping: z.boolean(),
  /** Where it went (docs/decisions/0126): to the card, back to a gift card that paid part, or as store credit. */
  toCard: z.optional(whole()),
  toGiftCard: z.optional(whole()),
  storeCredit: z.optional(z.boolean()),
});
export type RefundView = z.infer<typeof refundViewSchema>;

/**
 * A quote's order (issue 37): the quote's number, whether anything of it ships (design work alone does not), and when
 * its production started (null: not yet).
 */
const orderQuoteSchema = z.object({
  number: z.string(),
  ships: z.boolean(),
  productionStartedAt: z.nullable(z.string()),
});

/**
 * Where a shipped parcel is, as the provider's tracker said (docs/decisions/0176): its step and when the carrier said
 * it, EasyPost's estimated delivery date when it gave one, and each step reached. Null: not tracked.
 */
export const parcelTrackingSchema = z.object({
  status: z.enum(TRACKING_STATUSES),
  at: z.string(),
  estimatedDelivery: z.nullable(z.string()),
  steps: z.array(z.object({ status: z.enum(TRACKING_STATUSES), at: z.string() })),
});
export type ParcelTrackingView = z.infer<typeof parcelTrackingSchema>;

/** An order as its customer (or a guest with its number and email) sees it. */
export const orderViewSchema = z.object({
  orderNumber: z.string(),
  status: z.enum(['pending', 'completed', 'cancelled']),
  createdAt: z.string(),
  shippingAddress: orderAddressSchema,
  lines: z.array(orderLineSchema),
  amounts: amountsSchema,
  /** The promo code whose discount amounts.discount is (issue 13). */
  promoCode: z.nullable(z.string()),
  carrier: z.nullable(z.enum(CARRIERS)),
  trackingNumber: z.nullable(z.string()),
  trackingUrl: z.nullable(z.string()),
  shippedAt: z.nullable(z.string()),
  /** The parcel's tracking updates (issue 53 item 4); absent or null: not tracked. */
  tracking: z.optional(z.nullable(parcelTrackingSchema)),
  cancelledAt: z.nullable(z.string()),
  /**
   * A cancelled order's refund as the customer is told it: done, or under way (the shop finishes it); null when nothing
   * was paid back (not cancelled, or a $0 replacement).
   */
  refund: z.optional(z.nullable(z.enum(['refunded', 'under-way']))),
  replacementOf: z.nullable(z.string()),
  /** Refunds in part (docs/decisions/0116), oldest first: each as its customer is told it. */
  refunds: z.optional(z.array(refundViewSchema)),
  /** Cents given back so far (refunds in part and a cancellation's rest). */
  refunded: z.optional(whole()),
  /**
   * Units refunded per line (`id|size`): what is left to send is the rest (shared/to-ship.ts, docs/decisions/0145).
   */
  refundedUnits: z.optional(z.record(z.string(), z.number())),
  /** The quote an order was paid from (made to order, docs/decisions/0115); null for any other order. */
  quote: z.optional(z.nullable(orderQuoteSchema)),
});
export type OrderView = z.infer<typeof orderViewSchema>;

/** GET /auth/orders: the customer's orders, newest first. */
export const customerOrdersSchema = z.object({ orders: z.array(orderViewSchema) });
/** GET /auth/previousOrderCombined: the lines of the latest order (the spec's account page). */
export const previousOrderSchema = z.object({
  cart: z.array(orderLineSchema),
  /** The ids of the products above the customer may rate now: those of an order that has shipped (issue 50 item 7). */
  rateable: z.array(z.string()),
});
/** POST /auth/adminOrders: the order recorded (201) or as it was recorded before (200). */
export const recordedOrderSchema = z.object({ order: orderViewSchema });
/**
 * POST /auth/adminOrders/guest: the whole order with the checkout's secret, else its number and status only (decision
 * 0062).
 */
export const recordedGuestOrderSchema = z.object({
  order: z.union([
    orderViewSchema,
    z.object({ orderNumber: z.string(), status: z.enum(['pending', 'completed', 'cancelled']) }),
  ]),
});

/** The order page: the order, its replacement requests, and what can still be asked for until when. */
export const orderPageSchema = z.object({
  order: orderViewSchema,
  replacements: z.array(replacementViewSchema),
  /** Units per line (`id|size`) that can still be asked for; empty when no request is possible. */
  replaceable: z.record(z.string(), z.number()),
  replaceableUntil: z.nullable(z.string()),
});
export type OrderPage = z.infer<typeof orderPageSchema>;

/**
 * How an order's tax was computed, for the owner (issue 35, docs/decisions/0106 to 0108): who computed it, why the
 * table did when the stage uses Stripe Tax, Stripe Tax's record of the sale, and each line's shares.
 */
export const orderTaxSchema = z.object({
  /** `table` also for orders from before the provider was kept (the table computed theirs). */
  provider: z.enum(TAX_PROVIDERS),
  /** Why the table computed it although the stage uses Stripe Tax (Stripe Tax did not answer); null otherwise. */
  fallback: z.nullable(z.string()),
  /** Stripe Tax's record of the sale (null when the table computed the tax). */
  stripeTax: z.nullable(
    z.object({
      calculationId: z.string(),
      /** The transaction recorded after the capture; null until then. */
      transactionId: z.nullable(z.string()),
      /** The transaction's reversal after a cancellation; null when none was made. */
      reversalId: z.nullable(z.string()),
      /** What went wrong last, recording or reversing, while it is not done; null otherwise. */
      problem: z.nullable(z.string()),
      /** Stripe refused the reversal: the owner reverses the sale in Stripe's dashboard. */
      reversalRefused: z.boolean(),
    }),
  ),
  /** Each line's shares in cents, in the order of `lines`; null on orders recorded before they were kept. */
  lines: z.nullable(z.array(z.object({ discount: whole(), shipping: whole(), tax: whole(), shippingTax: whole() }))),
});
export type OrderTaxView = z.infer<typeof orderTaxSchema>;

export const timelineEntrySchema = z.object({ at: z.string(), text: z.string() });
/**
 * A payment that paid an order (decision 0102): a card's payment intent at Stripe (or the built-in test processor),
 * its id as the provider's dashboard shows it, and the amount in cents.
 */
export const orderPaymentSchema = z.union([
  z.object({
    method: z.literal('card'),
    provider: z.enum(['stripe', 'test']),
    intentId: z.string(),
    amount: whole(),
  }),
  /** A gift card's part (docs/decisions/0126): the card by its id and last four. */
  z.object({ method: z.literal('gift_card'), cardId: z.string(), last4: z.string(), amount: whole() }),
]);
export type OrderPaymentView = z.infer<typeof orderPaymentSchema>;
export const adminOrderSchema = z.extend(orderViewSchema, {
  /** The quote with its id, for the owner's link to it (issue 50 item 5). */
  quote: z.optional(z.nullable(z.extend(orderQuoteSchema, { quoteId: z.string() }))),
  customer: z.enum(['guest', 'account']),
  completedAt: z.nullable(z.string()),
  payment: z.object({
    state: z.string(),
    refund: z.nullable(z.object({ status: z.string(), id: z.nullable(z.string()), at: z.nullable(z.string()) })),
  }),
  /** What paid it (none: a $0 replacement). */
  payments: z.array(orderPaymentSchema),
  /** The order's version: Change tracking sends the one its page read (decision 0053). */
  version: z.number(),
  tax: orderTaxSchema,
  /**
   * The shipping rate the shopper chose, as the server priced it (issue 53), and why the flat rate when it took the
   * chosen one's place (the provider did not answer); missing on orders from before.
   */
  shippingRate: z.optional(z.extend(shippingRateSchema, { fallback: z.nullable(z.string()) })),
  /** The shipping label (issue 53 item 3): the current attempt, bought, being bought or voided; null without one. */
  label: z.optional(z.nullable(orderLabelSchema)),
  /**
   * The money (docs/decisions/0116, 0117): captured, given back, what the refund form may still give back (units per
   * line `id|size`, the shipping), and the ledger check: its entries agree with the totals (`problems` otherwise).
   */
  money: z.optional(
    z.object({
      captured: whole(),
      refunded: whole(),
      refundable: z.boolean(),
      why: z.nullable(z.string()),
      refundedUnits: z.record(z.string(), z.number()),
      shippingRefunded: z.boolean(),
      discountOnShipping: z.boolean(),
      refunds: z.array(
        z.extend(refundViewSchema, {
          note: z.nullable(z.string()),
          restock: z.boolean(),
          providerRefundId: z.nullable(z.string()),
          taxReversalId: z.nullable(z.string()),
          taxProblem: z.nullable(z.string()),
        }),
      ),
      ledger: z.optional(z.object({ ok: z.boolean(), entries: z.number(), problems: z.array(z.string()) })),
    }),
  ),
});
export type AdminOrderView = z.infer<typeof adminOrderSchema>;

/**
 * Where an order's confirmation mail stands for the admin (decision 0064); words in shared/messages.ts
 * CONFIRMATION_MAIL_MESSAGES.
 */
export const CONFIRMATION_MAIL_STATES = [
  'waiting',
  'sending',
  'retrying',
  'sent',
  'failed',
  'unknown',
  'withdrawn',
] as const;
export type ConfirmationMailState = (typeof CONFIRMATION_MAIL_STATES)[number];
export const confirmationMailSchema = z.object({
  /**
   * waiting: not sent yet (the payment is not captured, or the shop is about to send it); sending: being sent right
   * now; retrying: SES refused it and the shop tries again at `at`; sent: SES accepted it at `at` (null: an older
   * order, time not kept); failed: SES refused every try; unknown: a send never reported back, so it may have been
   * sent (never sent again by itself); withdrawn: the order was cancelled before it went out.
   */
  state: z.enum(CONFIRMATION_MAIL_STATES),
  to: z.string(),
  at: z.nullable(z.string()),
  attempts: z.number(),
  /** Why the last try did not send it. */
  error: z.nullable(z.string()),
  /** Whether Send again is offered (not sent, not being sent, the order paid and not cancelled). */
  canSendAgain: z.boolean(),
});
export type ConfirmationMailView = z.infer<typeof confirmationMailSchema>;
/** What POST /api/admin/orders/{orderNumber}/send-confirmation answers when SES accepted the mail. */
export const sendConfirmationAnswerSchema = z.object({ confirmationMail: confirmationMailSchema });

export const adminOrderDetailSchema = z.object({
  order: adminOrderSchema,
  replacements: z.array(replacementViewSchema),
  replacementOrders: z.array(adminOrderSchema),
  timeline: z.array(timelineEntrySchema),
  /** Null for an order that gets none: a replacement, or a payment that was never taken. */
  confirmationMail: z.nullable(confirmationMailSchema),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;
/**
 * A page of orders; `total` (every order of the status) only on the unfiltered pending list, where counting is cheap;
 * `readThrough`, on a search that stopped at its read budget, the order date it has read back to (decision 0054).
 */
export const adminOrderListSchema = z.object({
  orders: z.array(adminOrderSchema),
  nextCursor: z.nullable(z.string()),
  total: z.optional(z.number()),
  readThrough: z.optional(z.string()),
});

/** POST /api/orders/replacements: the request made. */
export const replacementAnswerSchema = z.object({ replacement: replacementViewSchema });
/** POST /api/admin/replacements/{id}: the request as decided, and the number of its replacement order once approved. */
export const replacementDecisionAnswerSchema = z.object({
  replacement: replacementViewSchema,
  replacementOrder: z.nullable(z.string()),
});

export const adminReplacementSchema = z.extend(replacementViewSchema, {
  name: z.string(),
  email: z.string(),
  replacementOrder: z.nullable(z.string()),
});
export const adminReplacementListSchema = z.object({ replacements: z.array(adminReplacementSchema) });

const salesSchema = z.object({ orders: z.number(), revenue: z.number(), discounts: z.number() });
/**
 * Reminders sent, and orders recovered (paid by a reminded address within 7 days of its reminder) with their revenue.
 */
const reminderFiguresSchema = z.object({ sent: z.number(), recovered: z.number(), revenue: z.number() });
/**
 * The dashboard's reminder tile: the delay in force (0: off) and the figures of today and the last 30 days (issue 27).
 */
export const reminderDashboardSchema = z.object({
  delayMinutes: z.number(),
  today: reminderFiguresSchema,
  last30Days: reminderFiguresSchema,
});
export type ReminderDashboard = z.infer<typeof reminderDashboardSchema>;

export const dashboardSchema = z.object({
  today: salesSchema,
  last30Days: salesSchema,
  /** Refunds in part made (confirmed by the payment provider) today and in the last 30 days: how many, and cents. */
  refunds: z.optional(
    z.object({
      today: z.object({ count: z.number(), cents: z.number() }),
      last30Days: z.object({ count: z.number(), cents: z.number() }),
    }),
  ),
  waitingToShip: z.number(),
  oldestWaiting: z.nullable(z.string()),
  openReplacements: z.number(),
  /**
   * Quotes (issue 37): waiting for a price, offers out, and quotes paid this calendar month (UTC) with their value in
   * cents.
   */
  quotes: z.object({ waiting: z.number(), offersOut: z.number(), wonThisMonth: z.number(), wonValue: z.number() }),
  /**
   * Gift cards and store credit (issue 36): the outstanding balance (the shop's liability, docs/decisions/0128), and
   * the cards bought this calendar month in the shop's time zone, how many and their value in cents.
   */
  giftCards: z.object({ outstanding: z.number(), soldThisMonth: z.number(), soldValue: z.number() }),
  /**
   * Orders whose confirmation mail waits for a person (SES refused every try, or it may not have been sent), oldest
   * first: the count and the first few.
   */
  unsentConfirmations: z.object({
    count: z.number(),
    /** Not sent yet, but the shop tries again by itself (SES refused an earlier try): nobody's task yet. */
    retrying: z.number(),
    orders: z.array(z.object({ orderNumber: z.string(), state: z.enum(['failed', 'unknown']), since: z.string() })),
  }),
  /** Abandoned-checkout reminders: the delay in force, reminders sent and orders recovered (issue 27 item 4). */
  reminders: reminderDashboardSchema,
  /** Back-in-stock requests waiting (issue 27 item 7), and for how many sizes. */
  stockAlerts: stockAlertCountSchema,
  /**
   * Shipped parcels not delivered by the day they were expected (docs/decisions/0176), most overdue first: how many,
   * and the first few with their expected day.
   */
  lateParcels: z.optional(
    z.object({
      count: z.number(),
      orders: z.array(z.object({ orderNumber: z.string(), expectedBy: z.string() })),
    }),
  ),
  threshold: z.number(),
  lowStock: z.array(
    z.object({
      kind: z.enum(['product', 'stockItem']),
      id: z.string(),
      name: z.string(),
      /** The stored size (a stock item's S to 2XL). */
      size: z.string(),
      /** The size as shoppers pick it (a gift wrap's 18inX36in for its stock item's S). */
      label: z.string(),
      count: z.number(),
    }),
  ),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
