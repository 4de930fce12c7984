import { QUOTE_ROUTES } from '#shared/routes/quotes';
import { shopMessage } from '../../domain/quotes/owner';
import { defineHandler, reply } from '../../lib/http';

export const handler = defineHandler(QUOTE_ROUTES, 'quotes/send-shop-message', async ({ params, body }) =>
  reply(201, await shopMessage(params.quoteId, body.text)),
);
