import { quoteMove } from '#shared/routes/quotes';
import { moveQuote } from '../../domain/quotes/owner';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler([quoteMove], 'quotes/move-quote', async ({ params, body }) =>
  moveQuote(params.quoteId, body.status),
);
