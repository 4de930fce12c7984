import { QUOTE_ROUTES } from '#shared/routes/quotes';
import { adminQuote } from '../../domain/quotes/owner';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(QUOTE_ROUTES, 'quotes/get-admin-quote', async ({ params }) =>
  adminQuote(params.quoteId),
);
