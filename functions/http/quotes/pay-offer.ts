import { quotePay } from '#shared/routes/quote-pay';
import { payOffer } from '../../domain/quotes/pay';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler([quotePay], 'quotes/pay-offer', async ({ params, body }) =>
  payOffer(params.quoteId, body),
);
