import { QUOTE_ROUTES } from '#shared/routes/quotes';
import { recordOfferOrder } from '../../domain/quotes/pay';
import { defineHandler, reply } from '../../lib/http';

export const handler = defineHandler(QUOTE_ROUTES, 'quotes/record-offer-order', async ({ params, body }) => {
  const { order, created } = await recordOfferOrder(params.quoteId, body.token, body.paymentIntentId);
  return reply(created ? 201 : 200, { order });
});
