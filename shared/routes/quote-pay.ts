import { quoteIdSchema, quotePayBodySchema, quotePaymentSchema } from '../schemas/quotes';
import { NO_SUCH_QUOTE } from './refusals';
import type { RouteDef } from './types';

/** The shopper accepts an offer (a part of QUOTE_ROUTES): its own file, as the only quote route taking an address. */
export const quotePay = {
  method: 'POST',
  path: '/api/quotes/{quoteId}/pay',
  handler: 'quotes/pay-offer',
  access: 'public',
  rateLimit: 'payment-intents',
  table: 'readwrite',
  uses: ['stripe', 'links'],
  params: { quoteId: quoteIdSchema },
  body: quotePayBodySchema,
  answer: quotePaymentSchema,
  refusals: {
    400: 'The offer ships something and no shipping address was sent',
    404: NO_SUCH_QUOTE,
    409: 'The offer was replaced by a newer one, has expired, was declined or is paid already; a stocked line is out of stock',
  },
  summary:
    'Accepts the offer: prices it (tax by the address; design work none) and answers the card payment to confirm, one per offer (two tabs share it)',
} as const satisfies RouteDef;
