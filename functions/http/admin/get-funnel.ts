import { ADMIN_ROUTES } from '#shared/routes/admin';
import { funnel } from '../../domain/funnel/counts';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(ADMIN_ROUTES, 'admin/get-funnel', async ({ query }) =>
  funnel(query.from, query.to),
);
