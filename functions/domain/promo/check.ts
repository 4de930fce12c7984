import { amountsBeforeTax, promoBase } from '#shared/money';
import type { CheckoutLine } from '#shared/schemas/checkout';
import type { PromoCheckResult } from '#shared/schemas/promo';
import { priceCart } from '../money/pricing';
import { refuseCodeBesideSale } from '../money/sales';
import type { PromoShopper } from './redeem';
import { typedPromo } from './typed';

/**
 * POST /api/promo-codes/check: what the code takes off this cart (priced from stored prices), or a PromoError with
 * one plain message; a code the shop does not know counts against the client's one budget of wrong promo codes
 * (typed.ts: 429 once it is used). A signed-in shopper's own uses count (their account's and their account email's,
 * as a guest's with that email); a guest's are counted at the card step, where the email is known. Writes only that
 * count. The discount is on the goods only; a cart of gift cards only takes no code (docs/decisions/0127).
 */
export async function checkPromoCode(input: {
  code: string;
  cart: CheckoutLine[];
  shopper?: PromoShopper;
  /** Who typed it (functions/domain/guessing/budget.ts clientOf). */
  client: string;
}): Promise<PromoCheckResult> {
  const { lines, sales } = await priceCart(input.cart);
  const promo = await typedPromo(input.client, {
    code: input.code,
    ...promoBase(lines),
    ...(input.shopper ? { shopper: input.shopper } : {}),
  });
  // Priced with the sales on (issue 54): the code's own discount, and every discount by name.
  const { plan } = amountsBeforeTax(lines, promo, undefined, sales);
  refuseCodeBesideSale(plan);
  return {
    code: promo.code,
    discount: plan.promo,
    description: promo.description,
    ...(plan.sales.length ? { discounts: plan.discounts } : {}),
  };
}
