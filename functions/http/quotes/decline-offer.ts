import { QUOTE_ROUTES } from '#shared/routes/quotes';
import { declineOffer } from '../../domain/quotes/shopper';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(QUOTE_ROUTES, 'quotes/decline-offer', async ({ params, body }) =>
  declineOffer(params.quoteId, body.token, body.offerNo, body.reason),
);
