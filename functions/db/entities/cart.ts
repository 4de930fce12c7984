import { Entity } from 'electrodb';
import { SERVICE, timestamps } from './common';

export const cartLineAttribute = {
  type: 'map',
  properties: {
    id: { type: 'string', required: true },
    name: { type: 'string', required: true },
    image: { type: 'string', required: true },
    price: { type: 'number', required: true },
    size: { type: 'string', required: true },
    quantity: { type: 'number', required: true },
    stockRef: { type: 'string' },
  },
} as const;

/** The saved cart of a signed-in customer, one record per user. */
export const cartEntity = new Entity({
  model: { entity: 'cart', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true },
    lines: { type: 'list', items: cartLineAttribute, default: () => [] },
    ...timestamps,
  },
  indexes: {
    byUser: { pk: { field: 'pk', composite: ['userId'] }, sk: { field: 'sk', composite: [] } },
  },
});
