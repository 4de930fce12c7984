import { Entity } from 'electrodb';
import { SERVICE, timestamps } from './common';

/** A payment intent of the built-in test card processor (used when no Stripe keys are set). */
export const testPaymentIntentEntity = new Entity({
  model: { entity: 'testPaymentIntent', version: '1', service: SERVICE },
  attributes: {
    id: { type: 'string', required: true },
    clientSecret: { type: 'string', required: true },
    amount: { type: 'number', required: true },
    currency: { type: 'string', required: true },
    status: { type: ['requires_payment_method', 'succeeded', 'canceled'] as const, required: true },
    metadata: { type: 'map', properties: { checkoutId: { type: 'string' }, customer: { type: 'string' } } },
    idempotencyKey: { type: 'string' },
    lastError: { type: 'string' },
    receiptEmail: { type: 'string' },
    billingName: { type: 'string' },
    ...timestamps,
  },
  indexes: {
    byId: { pk: { field: 'pk', composite: ['id'] }, sk: { field: 'sk', composite: [] } },
  },
});
