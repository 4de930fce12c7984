import type { GivenSale } from '#shared/sales';
import type { ShippingRate } from '#shared/shipping';
import type { Carrier } from '#shared/aftersale';
import type { Amounts } from '#shared/money';
import type { PromoKind } from '#shared/promo';
import type { LabelStatus } from '#shared/labels';
import type { LineShares } from '#shared/shares';
import type { TaxProviderName } from '#shared/tax-codes';
import type { OrderAddress } from '#shared/order-address';
import type { CartLine } from '#shared/schemas/cart';
import type { TrackingStatus } from '#shared/tracking';
import { model, type Timestamps } from '../table';

/**
 * An order, keyed by its number (docs/decisions/0102): the short number from the order counter ("1042", shown #1042)
 * for orders since then, the payment intent id (`pi_...`) for orders from before, `<number>_r<n>` for a replacement.
 * Exactly one per checkout: the checkout's move to taken and the payment's pointer (order-payment.ts) are written in
 * the same transaction. `customer` is the user id or "guest". Completed orders are the archive (design section 5).
 */
export interface OrderRecord extends Timestamps {
  orderNumber: string;
  /**
   * The payments that paid it: a card's intent, a gift card's part (docs/decisions/0126). Missing on orders from before 0102 (their
   * number is their intent id) and on $0 replacements.
   */
  payments?: OrderPayment[];
  customer: string;
  /**
   * Fulfilment: pending, then completed (shipped; the spec's word). `cancelled`: cancelled before shipping (stock
   * back, payment refunded, see `refund`), or the payment could never be captured (paymentStatus capture_failed).
   */
  status: 'pending' | 'completed' | 'cancelled';
  /** Where it ships; the buyer alone (name, email) when nothing ships: gift cards only (issue 50 item 9). */
  shippingAddress: OrderAddress;
  lines: OrderLine[];
  amounts: Amounts;
  /** The promo code of the order (its discount is amounts.discount), redeemed in the take's transaction. */
  promo?: OrderPromo;
  /** The sales without a code the order was given (issue 54): each with what it took off. */
  sales?: GivenSale[];
  /** Who computed amounts.tax (docs/decisions/0107, 0108); missing on orders from before issue 35 (the table). */
  taxProvider?: TaxProviderName;
  /** Why the table computed it although the stage uses Stripe Tax: Stripe Tax did not answer (what the owner sees). */
  taxFallback?: string;
  /** The shipping rate chosen and priced by the server (issue 53; shared/shipping.ts); missing: the flat rate. */
  shippingRate?: ShippingRate;
  /** Why the flat rate took the place of the chosen one: the provider did not answer in time. */
  shippingFallback?: string;
  /** Stripe Tax's calculation of the order, when it computed the tax (and why its transaction is not recorded yet). */
  stripeTax?: StripeTaxRecord;
  /** The Stripe Tax transaction recorded after the capture (set once). */
  stripeTaxTransaction?: StripeTaxTransaction;
  /** The transaction reversed in whole after a cancellation (set once). */
  stripeTaxReversal?: { id: string; at: string };
  completedAt?: string;
  checkoutId?: string;
  /**
   * How the order was recorded first: the browser's callback, the payment provider's webhook or a job (`expiry`: before
   * manual capture).
   */
  recordedVia?: 'callback' | 'webhook' | 'expiry' | 'job';
  /** The order confirmation mail to the customer (sent once, after the capture; `sending`: claimed by one sender). */
  mailStatus: 'pending' | 'sending' | 'sent' | 'failed';
  /**
   * The payment (docs/decisions/0022): `authorized` when the stock was taken, then `captured`; `capture_failed` when
   * the authorization was gone (nothing charged, stock returned). Missing on orders from before manual capture (paid).
   */
  paymentStatus?: 'authorized' | 'captured' | 'capture_failed';
  authorizedAt?: string;
  capturedAt?: string;
  captureFailedAt?: string;
  /** Captures tried by the settle job after a transient failure, and the last failure. */
  captureAttempts?: number;
  captureError?: string;
  version: number;
  // ---- After the sale (issue 14, docs/decisions/0035..0037).
  /** Shipping: what the admin entered (both optional). `completedAt` is when it shipped. */
  carrier?: Carrier;
  trackingNumber?: string;
  /** The "on its way" mail, sent once by whoever shipped it. */
  shipMail?: SentMail;
  /**
   * The shipping label (issue 53 item 3, docs/decisions/0174): the current attempt, its status (top-level, so a write
   * can be conditioned on them), and what it bought; the voided ones before it, oldest first.
   */
  labelAttempt?: number;
  labelStatus?: LabelStatus;
  label?: OrderLabel;
  voidedLabels?: OrderLabel[];
  /** Corrections of carrier or tracking number after shipping, oldest first, each mailed once (decision 0053). */
  trackingChanges?: TrackingChange[];
  /** The parcel's tracking updates from the shipping provider (issue 53 item 4, docs/decisions/0176). */
  tracking?: OrderTracking;
  cancelledAt?: string;
  /**
   * The refund of a cancelled order: pending until the provider confirmed it (idempotency key `refund-<intentId>`,
   * which for an order from before 0102 is `refund-<orderNumber>`, the key it always had).
   */
  refund?: { status: 'pending' | 'refunded' | 'failed'; id?: string; at?: string; amount?: number };
  // ---- The ledger's running totals (docs/decisions/0117): changed only beside a ledger entry, in its transaction.
  /** Cents captured; missing until the capture's entry (or, on an older order, until its first refund) is written. */
  captured?: number;
  /** Cents given back: refunds in parts and a cancellation's rest; never above `captured` (the condition). */
  refunded?: number;
  /** Units refunded per line (`id|size`) and units put back to stock per line (refunds that restocked, a cancel). */
  refundedUnits?: Record<string, number>;
  restocked?: Record<string, number>;
  /**
   * Cents a gift card paid (docs/decisions/0126), and cents given back to it since (a cancel, refunds in parts: never
   * above `giftCardPaid`); cents given back as store credit instead of money (never above what was paid in all).
   */
  giftCardPaid?: number;
  giftCardReturned?: number;
  storeCredited?: number;
  /** The shipping and its tax were refunded (once). */
  shippingRefunded?: boolean;
  cancelMail?: SentMail;
  /** Units per line (`id|size`) in open or approved replacement requests; changed only at `replacementVersion`. */
  replaced?: Record<string, number>;
  replacementVersion?: number;
  /** Requests made so far (numbers the next one). */
  replacementCount?: number;
  /** A replacement order ($0): the order it replaces. */
  replacementOf?: string;
  /**
   * The quote's offer the order was paid from (issue 37): made to order, it cannot be cancelled once in production
   * (`productionStartedAt`), and an order that ships nothing has the shopper's name and email as its address only.
   */
  quote?: CheckoutQuote;
  productionStartedAt?: string;
}

/** A payment that paid an order: a card's payment intent (at Stripe or the built-in test processor), or a gift card. */
export type OrderPayment = CardPayment | GiftCardPayment;

/** A card's payment intent, in cents. */
export interface CardPayment {
  method: 'card';
  provider: 'stripe' | 'test';
  intentId: string;
  amount: number;
}

/** The part a gift card (or store credit) paid, in cents, taken off its balance in the take's transaction (0126). */
export interface GiftCardPayment {
  method: 'gift_card';
  cardId: string;
  last4: string;
  amount: number;
}

/**
 * A line of an order: what was bought, its tax code and its shares of the order's discount, shipping and tax to the
 * cent (shared/shares.ts; summing over the lines to amounts), from which a refund of the line gives back its part.
 * Orders from before issue 35 have neither.
 */
export type OrderLine = CartLine & { taxCode?: string; shares?: LineShares };

/**
 * Stripe Tax's side of an order (docs/decisions/0108): the calculation the card step priced it with.
 * `transactionError`: why its transaction is not recorded yet (the next finishing of the order tries again, with a
 * new idempotency key after each of the `transactionAttempts` answers that Stripe keeps under its key). The same for
 * the reversal of a cancelled order; `reversalRefused`: Stripe refused it (a 4xx), left to the owner.
 */
export interface StripeTaxRecord {
  calculationId: string;
  transactionAttempts?: number;
  transactionError?: string;
  reversalAttempts?: number;
  reversalError?: string;
  reversalRefused?: boolean;
}

/**
 * The tax transaction made from the calculation once the payment was captured (reference: the order number and the
 * card's intent id, domain/money/tax/transaction.ts taxReference), which a
 * refund reverses in part and a cancel in full. `lineItems`: the transaction's line item id per line reference
 * (`<product id>|<size>`), what a partial reversal names.
 */
export interface StripeTaxTransaction {
  id: string;
  lineItems: Record<string, string>;
  at: string;
}

/** A promo code as an order used it: the terms it was priced with and whose use it counted. */
export interface OrderPromo {
  code: string;
  kind: PromoKind;
  value: number;
  description: string;
  /** The owner marked the code "combines with sales" (issue 54): it combines with an order's sale. */
  combinesWithSales?: boolean;
  /**
   * Whose per-customer count the order took: the first of `customerKeys` ('' for none; the only one on orders from
   * before 0063).
   */
  customerKey: string;
  /** shared/promo.ts promoCustomerKeys: every per-customer count the order took (docs/decisions/0063). */
  customerKeys?: string[];
  /** The per-customer limit when the order was priced (the take checks the customer's count against it; the code's
   * own limit is read from the code itself). */
  maxPerCustomer?: number;
  /** Uses of the same customer recorded under the keys of before 0063, when priced: they count against the limit. */
  priorUses?: number;
}

/** What a quote's checkout names of the quote (and its order keeps). */
export interface CheckoutQuote {
  quoteId: string;
  number: string;
  offerNo: number;
  /** Whether anything ships: an offer of design work only has no address and stays out of the ship queue. */
  ships: boolean;
  /** When the quote was made: its place in the quotes' status index, which the take moves it in. */
  quoteCreatedAt: string;
}

/** An order's label attempt: named before the provider is called, filled once bought, marked when voided. */
export interface OrderLabel {
  attempt: number;
  /** The idempotency key (shared/labels.ts labelKey). */
  key: string;
  status: LabelStatus;
  /** The rate bought: the provider's rate ids, one per parcel, joined by +. */
  rateId: string;
  /** Each parcel's shipment at the provider and the rate bought on it. */
  parcels: { shipmentId: string; rateId: string }[];
  carrier: string;
  service: string;
  /** What the label costs the shop, cents. */
  cents: number;
  startedAt: string;
  /** One per parcel, once bought. */
  trackingCodes?: string[];
  trackerIds?: string[];
  /** The PDFs' keys in the private bucket, one per parcel. */
  files?: string[];
  boughtAt?: string;
  voidedAt?: string;
  refundStatus?: string;
  /** The "Buy labels" batch that bought it. */
  batchId?: string;
}

/** A correction of what a shipped order went with, and the mail that told the customer. */
export interface TrackingChange {
  at: string;
  from: { carrier?: Carrier; trackingNumber?: string };
  to: { carrier?: Carrier; trackingNumber?: string };
  mail: SentMail;
}

/** A mail the shop sent about an order: whether it went out, and when. */
/**
 * Where the parcel is, as the provider's tracker said (docs/decisions/0176): written by the ship step (registered) and
 * by the tracking webhook, each step in one transaction with its timeline entry and its mail.
 */
export interface OrderTracking {
  /** The provider's tracker (`trk_...`), once registered. */
  trackerId?: string;
  status: TrackingStatus;
  /** When the carrier said the current step happened (the event's time). */
  statusAt: string;
  /** The newest event's time applied (a same-step update may bring a new estimated date). */
  lastEventAt: string;
  /** The provider's estimated delivery date, when it gave one (ISO). */
  estDeliveryDate?: string;
  /** The day it is expected by (YYYY-MM-DD): late after it (shared/tracking.ts `expectedBy`). */
  expectedBy: string;
  /** Each step reached, oldest first: the timeline. */
  steps: { status: TrackingStatus; at: string; eventId?: string }[];
  /** Registering the tracker failed (tried again by the shipping-trackers job): the last error and tries. */
  registerError?: string;
  registerAttempts?: number;
}

export interface SentMail {
  /** `sending`: claimed by one sender (a second press finds it claimed and sends nothing). */
  status: 'pending' | 'sending' | 'sent' | 'failed';
  at: string;
}

export const orders = model<OrderRecord, 'orderNumber', 'status' | 'mailStatus' | 'version'>({
  entity: 'order',
  pk: ['orderNumber'],
  indexes: {
    byCustomer: { index: 'gsi1', pk: ['customer'], sk: ['createdAt'] },
    byStatus: { index: 'gsi2', pk: ['status'], sk: ['createdAt'] },
  },
  defaults: () => ({ status: 'pending', mailStatus: 'pending', version: 1 }),
});
