import { Entity } from 'electrodb';
import { cartLineAttribute } from './cart';
import { SERVICE, timestamps, version } from './common';

const text = { type: 'string', required: true } as const;
const cents = { type: 'number', required: true } as const;

/**
 * An order, keyed by its payment intent id (exactly one order per payment). `customer` is the user id or
 * "guest". Completed orders are the archive (design section 5).
 */
export const orderEntity = new Entity({
  model: { entity: 'order', version: '1', service: SERVICE },
  attributes: {
    orderNumber: { type: 'string', required: true },
    customer: { type: 'string', required: true },
    status: { type: ['pending', 'completed'] as const, required: true, default: 'pending' },
    shippingAddress: {
      type: 'map',
      required: true,
      properties: { name: text, email: text, line1: text, city: text, state: text, zip: text },
    },
    lines: { type: 'list', items: cartLineAttribute, required: true },
    amounts: { type: 'map', required: true, properties: { subtotal: cents, shipping: cents, tax: cents, total: cents } },
    completedAt: { type: 'string' },
    checkoutId: { type: 'string' },
    /** How the order was recorded first: the browser's callback or the payment provider's webhook. */
    recordedVia: { type: ['callback', 'webhook', 'expiry'] as const },
    /** The order confirmation mail to the customer (sent once). */
    mailStatus: { type: ['pending', 'sent', 'failed'] as const, default: 'pending' },
    version,
    ...timestamps,
  },
  indexes: {
    byNumber: { pk: { field: 'pk', composite: ['orderNumber'] }, sk: { field: 'sk', composite: [] } },
    byCustomer: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['customer'] },
      sk: { field: 'gsi1sk', composite: ['createdAt'] },
    },
    byStatus: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['status'] },
      sk: { field: 'gsi2sk', composite: ['createdAt'] },
    },
  },
});
