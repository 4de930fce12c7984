import { QUOTE_ROUTES } from '#shared/routes/quotes';
import { sendOffer } from '../../domain/quotes/owner';
import { defineHandler, reply } from '../../lib/http';

export const handler = defineHandler(QUOTE_ROUTES, 'quotes/send-offer', async ({ params, body }) =>
  reply(201, await sendOffer(params.quoteId, body)),
);
