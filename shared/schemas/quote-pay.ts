import { shippingAddressSchema } from './address';
import { quoteTokenSchema } from './quote-refs';
import { amountsSchema } from './refs';
import * as z from './zod';

/**
 * POST /api/quotes/{quoteId}/pay: the offer the shopper accepts, and where it ships when something ships. Apart from
 * quotes.ts, so the quote functions that do not take an address do not build its rules when they load (issue 39).
 */
export const quotePayBodySchema = z.strictObject({
  token: quoteTokenSchema,
  offerNo: z.number().check(z.int(), z.positive()),
  shippingAddress: z.optional(shippingAddressSchema),
});

/** POST /api/quotes/{quoteId}/pay: the payment the card step confirms. */
export const quotePaymentSchema = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  amounts: amountsSchema,
  paymentMode: z.enum(['stripe', 'test']),
});
