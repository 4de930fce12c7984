import { Entity } from 'electrodb';
import { SERVICE, timestamps } from './common';

const text = { type: 'string', required: true } as const;

/** A customer's list of shipping profiles, one record per user. */
export const shippingProfilesEntity = new Entity({
  model: { entity: 'shippingProfiles', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true },
    profiles: {
      type: 'list',
      items: {
        type: 'map',
        properties: { name: text, email: text, phone: text, address: text, state: text, city: text, zip: text },
      },
      default: () => [],
    },
    ...timestamps,
  },
  indexes: {
    byUser: { pk: { field: 'pk', composite: ['userId'] }, sk: { field: 'sk', composite: [] } },
  },
});
