import { QUOTE_ROUTES } from '#shared/routes/quotes';
import { quoteByLink, quoteView } from '../../domain/quotes/quotes';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(QUOTE_ROUTES, 'quotes/get-quote', async ({ params, query }) =>
  quoteView(await quoteByLink(params.quoteId, query.t)),
);
