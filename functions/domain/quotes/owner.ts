import { formatPrice } from '#shared/money';
import { OWNER_MOVES, offerAmounts, QUOTE_STATUS_LABEL, type QuoteStatus } from '#shared/quotes';
import type { AdminQuote, OfferBody } from '#shared/schemas/quotes';
import { sizesFor } from '#shared/sizes';
import { orderShips } from '#shared/gift-card-lines';
import { waitsToShip } from '#shared/to-ship';
import { orders } from '../../db/entities/order';
import { products } from '../../db/entities/product';
import type { OfferRecord } from '../../db/entities/quote';
import { badRequest, conflict } from '../../lib/errors';
import { shipOrder } from '../orders/shipping';
import { mailShopper } from './mails';
import { cancelOfferPayment } from './offer-payment';
import { addMessage, adminQuote, changeQuote, getQuote, stamp, today } from './quotes';

/**
 * The owner's changes to quotes (issue 37): offers, messages and moving a quote on, each mailed to the shopper. The
 * owner's reading of a quote is quotes.ts (adminQuote), its files' links files.ts.
 */

/** Checks an offer's stocked lines name listed products in sizes they come in (400 naming the line otherwise). */
async function checkStockedLines(body: OfferBody): Promise<void> {
  const ids = [...new Set(body.lines.flatMap((line) => (line.productId ? [line.productId] : [])))];
  const byId = new Map((await products.getMany(ids.map((id) => ({ id })))).map((product) => [product.id, product]));
  for (const line of body.lines) {
    if (!line.productId) continue;
    const product = byId.get(line.productId);
    if (!product || product.status !== 'listed')
      throw badRequest(`“${line.description}”: no listed product has this id.`, { lines: 'No listed product.' });
    if (!line.size || !sizesFor(product.tag).includes(line.size))
      throw badRequest(`“${line.description}”: ${product.name} does not come in that size.`, { lines: 'Size.' });
  }
}

/**
 * POST /api/admin/quotes/{quoteId}/offers: sends a new offer. It replaces the one before (which can no longer be paid:
 * the take of a payment on it needs the quote to hold it, and a payment started on it is cancelled here, never
 * captured). Mailed to the shopper with their page's link. Refused once the quote is paid (409).
 */
export async function sendOffer(quoteId: string, body: OfferBody): Promise<AdminQuote> {
  if (body.validUntil < today())
    throw badRequest('The offer would be out of date already.', { validUntil: 'A date from today on.' });
  await checkStockedLines(body);
  for (let round = 0; round < 4; round++) {
    const quote = await getQuote(quoteId, cancelOfferPayment);
    if (!['new', 'offer_sent', 'expired', 'declined'].includes(quote.status))
      throw conflict(`This quote is ${QUOTE_STATUS_LABEL[quote.status].toLowerCase()}: no new offer can be sent.`);
    if (body.validUntil > quote.closesAt.slice(0, 10))
      throw badRequest(`An offer of this quote can be valid until ${quote.closesAt.slice(0, 10)} at the latest.`, {
        validUntil: 'Too late.',
      });
    const offer: OfferRecord = {
      no: quote.offerNo + 1,
      lines: body.lines.map((line) => ({
        description: line.description,
        kind: line.kind,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        ...(line.productId ? { productId: line.productId, size: line.size } : {}),
      })),
      shipping: body.ships ? body.shipping : 0,
      ships: body.ships,
      note: body.note,
      validUntil: body.validUntil,
      sentAt: stamp(),
    };
    const replaced = quote.offer ? [{ ...quote.offer, ended: quote.offer.ended ?? ('replaced' as const) }] : [];
    const sent = await changeQuote(quote, {
      status: 'offer_sent',
      statusAt: stamp(),
      offerNo: offer.no,
      offer,
      pastOffers: [...(quote.pastOffers ?? []), ...replaced],
    });
    if (!sent) continue;
    if (quote.offer) await cancelOfferPayment(quoteId, quote.offer.no);
    const amounts = offerAmounts(offer.lines, offer.shipping);
    await mailShopper(sent, 'quote-offer', `${quoteId}|${offer.no}`, quote.offer ? 'Your new offer' : 'Your offer', [
      quote.offer ? 'We sent you a new offer; the one before can no longer be paid.' : 'Here is our offer:',
      '',
      ...offer.lines.map(
        (line) =>
          `${line.quantity} x ${line.description} at ${formatPrice(line.unitPrice)}: ${formatPrice(line.quantity * line.unitPrice)}`,
      ),
      offer.ships ? `Shipping: ${formatPrice(offer.shipping)}` : 'Nothing ships: no address needed.',
      `Total before tax: ${formatPrice(amounts.total)}`,
      `Valid until ${offer.validUntil}.`,
      ...(offer.note ? ['', offer.note] : []),
      '',
      'You can accept and pay, ask for a change, or decline on your quote page.',
    ]);
    return adminQuote(sent);
  }
  throw conflict('The quote changed meanwhile. Please try again.');
}

/** POST /api/admin/quotes/{quoteId}/messages: the owner writes in the thread; mailed to the shopper with the link. */
export async function shopMessage(quoteId: string, text: string): Promise<AdminQuote> {
  const quote = await getQuote(quoteId);
  const message = await addMessage(quote, 'shop', 'message', text);
  await mailShopper(quote, 'quote-reply', message.id, 'A message about your quote', [text]);
  return adminQuote(quote);
}

/**
 * POST /api/admin/quotes/{quoteId}/status: in production (the order can no longer be cancelled: made to order,
 * docs/decisions/0115), shipped (the order ships, with the order's "on its way" mail), done (an order that ships nothing
 * is completed without a mail; one that ships is shipped if it was not, unless every unit was refunded), or declined
 * before it was paid (a payment started is cancelled). Anything else is 409.
 */
export async function moveQuote(quoteId: string, status: QuoteStatus): Promise<AdminQuote> {
  const quote = await getQuote(quoteId, cancelOfferPayment);
  if (!OWNER_MOVES[quote.status]?.includes(status))
    throw conflict(
      `A quote that is ${QUOTE_STATUS_LABEL[quote.status].toLowerCase()} cannot move to ${QUOTE_STATUS_LABEL[status].toLowerCase()}.`,
    );
  const order = quote.orderNumber ? await orders.get({ orderNumber: quote.orderNumber }, { consistent: true }) : null;
  if (status === 'shipped' && !order?.quote?.ships) throw conflict('Nothing of this quote ships.');
  if (order && order.status === 'cancelled') throw conflict('The order of this quote was cancelled.');
  if (status === 'shipped' && order && order.status === 'pending' && !waitsToShip(order))
    throw conflict('Nothing of this quote is left to ship: every item was refunded.');
  if (order && status === 'in_production' && !order.productionStartedAt)
    await orders.update({ orderNumber: order.orderNumber }, { set: { productionStartedAt: stamp() } });
  if (order && (status === 'shipped' || status === 'done') && order.status === 'pending') {
    if (waitsToShip(order)) await shipOrder(order.orderNumber, {});
    // Design work only: completed without a mail. One refunded in full before it shipped stays as it is (it reads
    // Refunded, docs/decisions/0145).
    else if (!orderShips(order))
      await orders.update(
        { orderNumber: order.orderNumber },
        { set: { status: 'completed', completedAt: stamp() }, add: { version: 1 } },
        { when: { equals: { status: 'pending' } }, current: order },
      );
  }
  const moved = await changeQuote(quote, { status, statusAt: stamp() });
  if (!moved) throw conflict('The quote changed meanwhile. Please try again.');
  if (status === 'declined' && quote.offer) await cancelOfferPayment(quoteId, quote.offer.no, 'offer_declined');
  if (status === 'in_production')
    await mailShopper(moved, 'quote-production', quoteId, 'Your order is in production', [
      `We started making your order #${quote.orderNumber}.`,
    ]);
  return adminQuote(moved);
}
