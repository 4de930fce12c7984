import { promoBase } from '#shared/money';
import type { CheckoutLine, WalletQuote } from '#shared/schemas/checkout';
import { WALLET_MESSAGES } from '#shared/wallet';
import { chosenOf } from '#shared/shipping';
import { HttpError } from '../../lib/errors';
import { typedPromo } from '../promo/typed';
import { OutOfStockError, shortLines } from '../stock/counts';
import { priceCart } from '../money/pricing';
import { priceWithTax } from '../money/tax';
import { refuseCodeBesideSale } from '../money/sales';
import { chosenShipping, ratesOnOffer } from '../money/shipping';

/** Where a wallet's sheet says it ships before the shopper pays (shared/wallet.ts WalletShipTo, checked). */
export interface QuoteShipTo {
  city?: string;
  state: string;
  zip: string;
}

/**
 * POST /api/checkout/wallet-quote (docs/decisions/0129): the cart priced for a wallet's sheet as the card step prices
 * it (stored prices, stock read again, the promo code checked, shipping, tax by the address), at the part of the
 * address the wallet tells before paying. Nothing is written but a wrong promo code's count (below): the payment
 * intent is made when the shopper pays, and priced again then with the full address (createPaymentIntent,
 * `wallet.shownTotal`).
 *
 * A promo code's once-per-customer count needs the shopper's email, which the wallet gives only when paying: it is
 * checked then. A code the shop does not know counts against the client's one budget of wrong promo codes, as at the
 * promo check and the card step (docs/decisions/0139).
 */
export async function quoteWallet(input: {
  cart: CheckoutLine[];
  promoCode?: string;
  shipTo: QuoteShipTo;
  /** The rate the sheet has chosen; missing, or no longer offered: free shipping, else the flat rate, else the first. */
  shippingRateId?: string;
  /** Who asks (functions/domain/guessing/budget.ts clientOf): a code the shop does not know counts against them. */
  client: string;
}): Promise<WalletQuote> {
  const { lines, unavailable, sales } = await priceCart(input.cart);
  const short = unavailable.length ? unavailable : await shortLines(lines);
  if (short.length) throw new OutOfStockError(short);
  const promo = input.promoCode
    ? await typedPromo(input.client, { code: input.promoCode, ...promoBase(lines) })
    : undefined;
  const { city = '', state, zip } = input.shipTo;
  // The sheet's shipping options (issue 53), priced by the server now: asked without an option, the rates on offer and
  // the default among them; with the option the shopper chose in the sheet, that one priced again (as the card step).
  const shipTo = { city, state, zip };
  const offered = input.shippingRateId ? null : await ratesOnOffer(lines, shipTo);
  const shipping = offered
    ? { rate: chosenOf(offered.rates, undefined), notice: offered.notice }
    : await chosenShipping(lines, shipTo, input.shippingRateId);
  const { amounts, plan } = await priceWithTax(
    lines,
    { name: '', email: '', line1: '', city, state, zip },
    promo,
    shipping.rate?.amount,
    sales,
  );
  refuseCodeBesideSale(plan);
  return {
    amounts,
    ...(promo ? { promo: { code: promo.code, description: promo.description } } : {}),
    ...(offered?.rates.length ? { shippingRates: offered.rates } : {}),
    ...(shipping.rate
      ? { shipping: { rate: shipping.rate, ...(shipping.notice ? { notice: shipping.notice } : {}) } }
      : {}),
  };
}

/** The total at the wallet's full address is not the one its sheet showed: refused before anything is written. */
export const walletTotalChanged = (total: number, shown: number) =>
  new HttpError(409, 'wallet_total_changed', WALLET_MESSAGES.totalChanged(total, shown));
