import { MAX_LABEL_BATCH } from '../labels';
import { orderNumberSchema } from './refs';
import { shippingRateIdSchema, shippingRateSchema } from './shipping';
import * as z from './zod';

/** The owner's label step (issue 53 item 3, shared/labels.ts, docs/decisions/0174). */

const attempt = () => z.number({ message: 'attempt is a whole number from 1.' }).check(z.int(), z.gte(1), z.lte(1000));

/**
 * POST /api/admin/orders/{orderNumber}/label: buy attempt `attempt` (the one the page offers: 1, or the voided
 * label's + 1) for `rateId` (from the label rates), or for the rate the customer chose when none is named.
 */
export const buyLabelBodySchema = z.object({ attempt: attempt(), rateId: z.optional(shippingRateIdSchema) });
export type BuyLabelBody = z.infer<typeof buyLabelBodySchema>;

/** POST /api/admin/orders/{orderNumber}/label/void: void the label of this attempt. */
export const voidLabelBodySchema = z.object({ attempt: attempt() });
export type VoidLabelBody = z.infer<typeof voidLabelBodySchema>;

/** A rate for a label, and how it differs from what the customer paid for shipping (cents; + dearer). */
export const labelRateSchema = z.extend(shippingRateSchema, { difference: z.number().check(z.int()) });
export const labelRatesAnswerSchema = z.object({
  rates: z.array(labelRateSchema),
  /** What the customer paid for shipping, cents. */
  paid: z.number().check(z.int()),
});
export type LabelRatesAnswer = z.infer<typeof labelRatesAnswerSchema>;

/** An order's label as the owner's page shows it. */
export const orderLabelSchema = z.object({
  attempt: z.number(),
  key: z.string(),
  status: z.enum(['buying', 'bought', 'voided']),
  carrier: z.string(),
  service: z.string(),
  label: z.string(),
  cost: z.number(),
  /** One per parcel. */
  trackingCodes: z.array(z.string()),
  trackerIds: z.array(z.string()),
  shipmentIds: z.array(z.string()),
  parcels: z.number(),
  boughtAt: z.nullable(z.string()),
  voidedAt: z.nullable(z.string()),
  refundStatus: z.nullable(z.string()),
  /** Whether Void is offered: bought, the order not shipped, within the carrier's window. */
  canVoid: z.boolean(),
});
export type OrderLabelView = z.infer<typeof orderLabelSchema>;

/** GET /api/admin/orders/{orderNumber}/label: short-lived links to the label's PDFs, one per parcel. */
export const labelLinksSchema = z.object({ urls: z.array(z.string()), expiresInSeconds: z.number() });

/** POST /api/admin/label-batches: buy the labels of these orders (each at its next attempt, its chosen rate). */
export const labelBatchBodySchema = z.object({
  orderNumbers: z
    .array(orderNumberSchema)
    .check(
      z.minLength(1, 'Choose at least one order.'),
      z.maxLength(MAX_LABEL_BATCH, `At most ${MAX_LABEL_BATCH} orders at once.`),
    ),
});
export type LabelBatchBody = z.infer<typeof labelBatchBodySchema>;

/** A batch's id. */
export const labelBatchIdSchema = z.uuid('Not a batch id');

export const labelBatchSchema = z.object({
  id: z.string(),
  status: z.enum(['waiting', 'running', 'done']),
  createdAt: z.string(),
  orders: z.array(
    z.object({
      orderNumber: z.string(),
      status: z.enum(['waiting', 'bought', 'failed']),
      /** The label bought, or why not. */
      text: z.nullable(z.string()),
    }),
  ),
});
export type LabelBatchView = z.infer<typeof labelBatchSchema>;
