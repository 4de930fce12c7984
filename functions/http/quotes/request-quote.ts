import { QUOTE_ROUTES } from '#shared/routes/quotes';
import { requestQuote } from '../../domain/quotes/request';
import { defineHandler, reply } from '../../lib/http';
import { optionalCaller } from '../../lib/optional-sign-in';

/**
 * Public; a signed-in shopper's token (when sent and let through by the authorizer the route runs itself:
 * optional-sign-in.ts) makes the quote, and the order it becomes, theirs.
 */
export const handler = defineHandler(QUOTE_ROUTES, 'quotes/request-quote', async ({ body, event }) => {
  const caller = await optionalCaller(event);
  const { quoteId, number, created } = await requestQuote(body, caller?.userId ?? 'guest');
  return reply(created ? 201 : 200, { quoteId, number });
});
