import { QUOTE_ROUTES } from '#shared/routes/quotes';
import { shopperMessage } from '../../domain/quotes/shopper';
import { defineHandler, reply } from '../../lib/http';

export const handler = defineHandler(QUOTE_ROUTES, 'quotes/send-shopper-message', async ({ params, body }) =>
  reply(201, await shopperMessage(params.quoteId, body.token, body.text, body.changeRequest)),
);
