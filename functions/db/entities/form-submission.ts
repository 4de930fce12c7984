import { Entity } from 'electrodb';
import { SERVICE, timestamps } from './common';

/** A contact, support or quote form: stored first, then mailed; `mailStatus` shows delivery to the admin. */
export const formSubmissionEntity = new Entity({
  model: { entity: 'formSubmission', version: '1', service: SERVICE },
  attributes: {
    id: { type: 'string', required: true },
    kind: { type: ['contact', 'support', 'quote'] as const, required: true },
    name: { type: 'string', required: true },
    email: { type: 'string', required: true },
    message: { type: 'string', required: true },
    items: { type: 'string' },
    mailStatus: { type: ['pending', 'sent', 'failed'] as const, required: true, default: 'pending' },
    mailAttempts: { type: 'number', default: 0 },
    ...timestamps,
  },
  indexes: {
    byId: { pk: { field: 'pk', composite: ['id'] }, sk: { field: 'sk', composite: [] } },
    inbox: { index: 'gsi1', pk: { field: 'gsi1pk', composite: [] }, sk: { field: 'gsi1sk', composite: ['createdAt', 'id'] } },
  },
});
