import { Entity } from 'electrodb';
import { SERVICE, timestamps } from './common';

/** One rating (1 to 5) per user per product; the product keeps the running total and count. */
export const reviewEntity = new Entity({
  model: { entity: 'review', version: '1', service: SERVICE },
  attributes: {
    productId: { type: 'string', required: true },
    userId: { type: 'string', required: true },
    rating: { type: 'number', required: true },
    ...timestamps,
  },
  indexes: {
    byProduct: { pk: { field: 'pk', composite: ['productId'] }, sk: { field: 'sk', composite: ['userId'] } },
  },
});
