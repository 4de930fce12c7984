import { QUOTE_ROUTES } from '#shared/routes/quotes';
import { adminQuote } from '../../domain/quotes/quotes';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(QUOTE_ROUTES, 'quotes/get-admin-quote', async ({ params }) =>
  adminQuote(params.quoteId),
);
