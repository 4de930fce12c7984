import { QUOTE_ROUTES } from '#shared/routes/quotes';
import { artworkLink } from '../../domain/quotes/files';
import { getQuote } from '../../domain/quotes/quotes';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(QUOTE_ROUTES, 'quotes/get-artwork-link', async ({ params }) =>
  artworkLink(await getQuote(params.quoteId), params.fileId),
);
