import { model, type Timestamps } from '../table';

/**
 * Which order a payment paid (docs/decisions/0102): key `payment#<intentId>`, written once (`ifNew`) in the take's
 * transaction beside the order, so the webhook, the browser and the settle job, which know the intent, find the one
 * order with one GetItem. Orders from before have none: their number is their intent id.
 */
export interface OrderPaymentRecord extends Timestamps {
  intentId: string;
  orderNumber: string;
  checkoutId?: string;
}

export const orderPayments = model<OrderPaymentRecord, 'intentId'>({ entity: 'payment', pk: ['intentId'] });
