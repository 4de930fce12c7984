import { Entity } from 'electrodb';
import { SERVICE, timestamps, version } from './common';

/**
 * A product, listed or drafted (drafts are a state of the same record, design section 5).
 * Apparel and gift-wrap stock lives on the linked stock item (stockRef); tumblers and candles (and other
 * single-size goods) keep their own counts in `stock`. Prices are integer cents.
 */
export const productEntity = new Entity({
  model: { entity: 'product', version: '1', service: SERVICE },
  attributes: {
    id: { type: 'string', required: true },
    name: { type: 'string', required: true },
    image: { type: 'string', required: true },
    extraImages: { type: 'list', items: { type: 'string' }, default: () => [] },
    description: { type: 'string', required: true },
    price: { type: 'number', required: true },
    tag: { type: 'string', required: true },
    stockRef: { type: 'string' },
    stock: {
      type: 'map',
      properties: {
        CANDLE: { type: 'number' },
        '16oz': { type: 'number' },
        '20oz': { type: 'number' },
        '24oz': { type: 'number' },
      },
      default: () => ({}),
    },
    status: { type: ['listed', 'drafted'] as const, required: true, default: 'listed' },
    ratingCount: { type: 'number', default: 0 },
    ratingTotal: { type: 'number', default: 0 },
    version,
    ...timestamps,
  },
  indexes: {
    byId: { pk: { field: 'pk', composite: ['id'] }, sk: { field: 'sk', composite: [] } },
    byStatus: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['status'] },
      sk: { field: 'gsi1sk', composite: ['createdAt', 'id'] },
    },
  },
});
