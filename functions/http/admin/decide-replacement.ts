import { adminDecideReplacement } from '#shared/routes/admin-orders';
import { decideReplacement } from '../../domain/orders/replacements';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler([adminDecideReplacement], 'admin/decide-replacement', async ({ params, body }) =>
  decideReplacement(params.id, body),
);
