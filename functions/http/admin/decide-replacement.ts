import { ADMIN_ROUTES } from '#shared/routes/admin';
import { decideReplacement } from '../../domain/orders/replacements';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(ADMIN_ROUTES, 'admin/decide-replacement', async ({ params, body }) =>
  decideReplacement(params.id, body),
);
