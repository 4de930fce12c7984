import { Entity } from 'electrodb';
import { cartLineAttribute } from './cart';
import { SERVICE, timestamps, version } from './common';

const text = { type: 'string', required: true } as const;
const cents = { type: 'number', required: true } as const;

/**
 * Stock held for one checkout (design section 4): created with the payment intent, converted when the order
 * is recorded, released when it expires or the intent is cancelled. `cells` says how many units it holds of
 * each stock count ("stockItem|<id>|<size>" or "product|<id>|<size>").
 */
export const reservationEntity = new Entity({
  model: { entity: 'reservation', version: '1', service: SERVICE },
  attributes: {
    checkoutId: { type: 'string', required: true },
    customer: { type: 'string', required: true },
    intentId: { type: 'string' },
    status: { type: ['active', 'converted', 'released'] as const, required: true, default: 'active' },
    lines: { type: 'list', items: cartLineAttribute, required: true },
    cells: { type: 'any', required: true },
    amounts: { type: 'map', required: true, properties: { subtotal: cents, shipping: cents, tax: cents, total: cents } },
    shippingAddress: {
      type: 'map',
      required: true,
      properties: { name: text, email: text, line1: text, city: text, state: text, zip: text },
    },
    /** When an active reservation is released (ISO time); the expiry job queries active ones by it. */
    releaseAfter: { type: 'string', required: true },
    /** TTL (epoch seconds): set once the reservation is finished, so DynamoDB clears it later. */
    expiresAt: { type: 'number' },
    version,
    ...timestamps,
  },
  indexes: {
    byCheckout: { pk: { field: 'pk', composite: ['checkoutId'] }, sk: { field: 'sk', composite: [] } },
    byStatus: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['status'] },
      sk: { field: 'gsi2sk', composite: ['releaseAfter'] },
    },
  },
});
