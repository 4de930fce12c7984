import type { OfferEnd } from '../../db/entities/checkout';
import { getCheckout, voidCheckout } from '../checkout/checkouts';
import { offerCheckoutId } from './quotes';

/**
 * Cancels the payment started on an offer at once, if one is open (never captured: its checkout is voided and its
 * authorization cancelled with the payment provider). For the functions that have the provider (an offer replaced,
 * a quote declined by the owner, an offer found expired while paying); the others end it later (quotes.ts).
 */
export async function cancelOfferPayment(
  quoteId: string,
  offerNo: number,
  why: OfferEnd = 'offer_replaced',
): Promise<void> {
  const checkout = await getCheckout(offerCheckoutId(quoteId, offerNo));
  if (checkout?.state === 'open') await voidCheckout(checkout, why);
}
