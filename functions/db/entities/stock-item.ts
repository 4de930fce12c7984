import { Entity } from 'electrodb';
import { SERVICE, timestamps, version } from './common';

const count = { type: 'number', required: true, default: 0 } as const;

/** Stock counts of apparel and gift wraps (gift-wrap sizes map onto S, M and L), keyed by the item id text. */
export const stockItemEntity = new Entity({
  model: { entity: 'stockItem', version: '1', service: SERVICE },
  attributes: {
    id: { type: 'string', required: true },
    stock: {
      type: 'map',
      required: true,
      properties: { S: count, M: count, L: count, XL: count, '2XL': count },
    },
    version,
    ...timestamps,
  },
  indexes: {
    byId: { pk: { field: 'pk', composite: ['id'] }, sk: { field: 'sk', composite: [] } },
    all: { index: 'gsi1', pk: { field: 'gsi1pk', composite: [] }, sk: { field: 'gsi1sk', composite: ['id'] } },
  },
});
