import { ADMIN_ROUTES } from '#shared/routes/admin';
import { listReplacements } from '../../domain/orders/replacements';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(ADMIN_ROUTES, 'admin/list-replacements', async ({ query }) =>
  listReplacements(query.status),
);
