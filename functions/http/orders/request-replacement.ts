import { ORDER_ROUTES } from '#shared/routes/orders';
import { requestReplacement } from '../../domain/orders/replacements';
import { defineHandler, reply } from '../../lib/http';

export const handler = defineHandler(ORDER_ROUTES, 'orders/request-replacement', async ({ body }) =>
  reply(201, await requestReplacement(body)),
);
