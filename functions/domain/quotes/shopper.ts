import { MESSAGES } from '#shared/messages';
import { THREAD_CLOSED_STATUSES } from '#shared/quotes';
import { conflict, HttpError } from '../../lib/errors';
import { mailShop } from './mails';
import { addMessage, changeQuote, endOfferPaymentLater, offerRefusal, quoteByLink, quoteView, stamp } from './quotes';

/** The shopper's side of a quote on its page: messages and change requests, and declining an offer. */

/**
 * POST /api/quotes/{quoteId}/messages: the shopper writes to the shop, or asks for a change of the offer (the owner
 * answers with a new offer). Mailed to the shop. Not on a quote that is done or declined (409; THREAD_CLOSED_STATUSES,
 * docs/decisions/0138); an expired offer's quote takes one (the shopper asks for a new offer).
 */
export async function shopperMessage(quoteId: string, token: string, text: string, changeRequest = false) {
  const quote = await quoteByLink(quoteId, token);
  if (THREAD_CLOSED_STATUSES.includes(quote.status)) throw new HttpError(409, 'quote_closed', MESSAGES.quoteClosed);
  const message = await addMessage(quote, 'shopper', changeRequest ? 'change_request' : 'message', text);
  await mailShop(quote, 'quote-message', message.id, changeRequest ? 'Change asked for' : 'New message', ['', text]);
  return quoteView(quote);
}

/**
 * POST /api/quotes/{quoteId}/decline: the shopper declines the current offer (with a reason, if they give one); a
 * payment started on it is ended (its authorization cancelled by the settle job: this function has no payment
 * provider), and its payer told the offer was declined. Mailed to the shop.
 */
export async function declineOffer(quoteId: string, token: string, offerNo: number, reason = '') {
  for (let round = 0; round < 4; round++) {
    const quote = await quoteByLink(quoteId, token);
    const refusal = offerRefusal(quote, offerNo);
    if (refusal) throw refusal;
    const declined = await changeQuote(quote, {
      status: 'declined',
      statusAt: stamp(),
      offer: { ...quote.offer!, ended: 'declined' },
    });
    if (!declined) continue;
    await endOfferPaymentLater(quoteId, offerNo, 'offer_declined');
    const message = await addMessage(declined, 'shopper', 'declined', reason || 'Declined the offer.');
    await mailShop(declined, 'quote-message', message.id, 'Offer declined', ['', reason || '(no reason given)']);
    return quoteView(declined);
  }
  throw conflict('The quote changed meanwhile. Please try again.');
}
