import { QUOTE_ROUTES } from '#shared/routes/quotes';
import { listQuotes } from '../../domain/quotes/quotes';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(QUOTE_ROUTES, 'quotes/list-quotes', async ({ query }) => listQuotes(query.status));
