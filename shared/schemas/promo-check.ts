import { checkoutCartSchema } from './checkout-cart';
import { promoCodeSchema } from './promo-code';
import * as z from './zod';

/**
 * POST /api/promo-codes/check: the shopper's check of a code against their cart. Apart from the owner's promo schemas
 * (promo.ts), so the check's function and the checkout page do not build those (issue 39).
 */
export const promoCheckBodySchema = z.object({ code: promoCodeSchema, cart: checkoutCartSchema });
export const promoCheckResultSchema = z.object({ code: z.string(), discount: z.number(), description: z.string() });
export type PromoCheckResult = z.infer<typeof promoCheckResultSchema>;
