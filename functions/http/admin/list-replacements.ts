import { adminListReplacements } from '#shared/routes/admin-orders';
import { listReplacements } from '../../domain/orders/replacements';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler([adminListReplacements], 'admin/list-replacements', async ({ query }) =>
  listReplacements(query.status),
);
