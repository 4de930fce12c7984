import { quoteGet } from '#shared/routes/quotes';
import { quoteByLink, quoteView } from '../../domain/quotes/quotes';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler([quoteGet], 'quotes/get-quote', async ({ params, query }) =>
  quoteView(await quoteByLink(params.quoteId, query.t)),
);
