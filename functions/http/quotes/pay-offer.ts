import { QUOTE_ROUTES } from '#shared/routes/quotes';
import { payOffer } from '../../domain/quotes/pay';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(QUOTE_ROUTES, 'quotes/pay-offer', async ({ params, body }) =>
  payOffer(params.quoteId, body),
);
