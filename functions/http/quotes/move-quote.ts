import { QUOTE_ROUTES } from '#shared/routes/quotes';
import { moveQuote } from '../../domain/quotes/owner';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(QUOTE_ROUTES, 'quotes/move-quote', async ({ params, body }) =>
  moveQuote(params.quoteId, body.status),
);
