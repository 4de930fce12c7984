import { quoteRequest } from '#shared/routes/quotes';
import { requestQuote } from '../../domain/quotes/request';
import { verifyBearer } from '../../lib/auth';
import { defineHandler, reply } from '../../lib/http';

/** Public; a signed-in shopper's token (when sent and valid) makes the quote, and the order it becomes, theirs. */
export const handler = defineHandler([quoteRequest], 'quotes/request-quote', async ({ body, event }) => {
  const authorization = event.headers?.authorization ?? event.headers?.Authorization;
  const caller = authorization ? await verifyBearer(authorization).catch(() => null) : null;
  const { quoteId, number, created } = await requestQuote(body, caller?.userId ?? 'guest');
  return reply(created ? 201 : 200, { quoteId, number });
});
