/**
 * Structured log fields that alarms read: functions log them, infra turns them into CloudWatch metrics with
 * metric filters. One definition for both sides.
 */
export const LOG_EVENT = {
  /** A mail (order confirmation or form mail) that SES did not take. Logged as `{"event": "mail_failed"}`. */
  mailFailed: 'mail_failed',
  /**
   * A request refused by a rate limit (shared/rate-limits.ts). Logged by the local gateway as
   * `{"event": "rate_limited", "group": ..., "client": ...}`; in AWS WAF counts them itself (a metric per rule).
   */
  rateLimited: 'rate_limited',
} as const;

/**
 * The `service` dimension every business metric carries (Powertools Metrics adds it) and the service name of the
 * logs and traces. The namespace is `Shop/<stage>` (set on each function by infra as POWERTOOLS_METRICS_NAMESPACE).
 */
export const METRICS_SERVICE = 'shop';

/** CloudWatch units the business metrics use (the names Powertools' MetricUnit and CloudWatch share). */
export type BusinessMetricUnit = 'Count' | 'None';

/**
 * The shop's business metrics: functions record them by key through functions/lib/metrics.ts (`recordMetric`),
 * as CloudWatch embedded metrics (EMF) in their logs; the dashboard (infra/lib/dashboard.ts) shows each one. One
 * definition for both sides: add a metric here and both pick it up.
 */
export const BUSINESS_METRICS = {
  /** An order was recorded (paid); once per order, however many callbacks, webhooks or job runs see it. */
  ordersPlaced: { name: 'OrdersPlaced', unit: 'Count', label: 'Orders placed' },
  /** The order's total in cents (integer), recorded with each placed order; its Sum is the revenue. */
  revenueCents: { name: 'RevenueCents', unit: 'None', label: 'Revenue (cents)' },
  /** A card payment was declined or failed (the shopper may try again with another card). */
  paymentsFailed: { name: 'PaymentsFailed', unit: 'Count', label: 'Failed payments' },
  /** A payment was cancelled: an abandoned checkout whose reservation expired, or a cancelled order. */
  paymentsCancelled: { name: 'PaymentsCancelled', unit: 'Count', label: 'Cancelled payments' },
  /** An order used a promotion code. */
  promoRedemptions: { name: 'PromoRedemptions', unit: 'Count', label: 'Promo redemptions' },
  /** A replacement was sent for an order. */
  replacements: { name: 'Replacements', unit: 'Count', label: 'Replacements' },
  // Rate-limited requests are not here: in AWS WAF refuses them before any function runs, and the dashboard shows
  // WAF's own metric of each rule (infra/lib/dashboard.ts); locally the gateway logs LOG_EVENT.rateLimited.
} as const satisfies Record<string, { name: string; unit: BusinessMetricUnit; label: string }>;

export type BusinessMetric = keyof typeof BUSINESS_METRICS;
