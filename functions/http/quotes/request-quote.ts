import { QUOTE_ROUTES } from '#shared/routes/quotes';
import { requestQuote } from '../../domain/quotes/quotes';
import { defineHandler, reply } from '../../lib/http';

export const handler = defineHandler(QUOTE_ROUTES, 'quotes/request-quote', async ({ body }) => {
  const { quoteId, number, created } = await requestQuote(body);
  return reply(created ? 201 : 200, { quoteId, number });
});
