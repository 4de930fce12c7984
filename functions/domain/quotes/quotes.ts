import { randomUUID } from 'node:crypto';
import { MESSAGES } from '#shared/messages';
import { MADE_TO_ORDER_TERMS, offerAmounts, quotePagePath, type QuoteStatus } from '#shared/quotes';
import type { AdminQuote, QuoteView } from '#shared/schemas/quotes';
import type * as z from '#shared/schemas/zod';
import type { offerViewSchema } from '#shared/schemas/quotes';
import type { OfferEnd } from '../../db/entities/checkout';
import { orders } from '../../db/entities/order';
import {
  quoteMessages,
  quotes,
  type OfferRecord,
  type QuoteMessageRecord,
  type QuoteRecord,
} from '../../db/entities/quote';
import { isConditionFailure } from '../../db/table';
import { HttpError, notFound } from '../../lib/errors';
import { siteLink } from '../../lib/mail';
import { checkToken, signToken } from '../../lib/signed-tokens';
import { getCheckout, markVoiding } from '../checkout/checkouts';
import { publicOrder } from '../orders/view';

/**
 * Quotes (issue 37, docs/decisions/0112): the record, its page by a signed link, the thread, offers and where the quote
 * stands, as both sides read them. Only the table and the link key: a function that reads a quote carries no S3
 * client, Stripe or SES (issue 39). Each use has its module: request.ts (a new request, its artwork and mails),
 * shopper.ts (the shopper's messages and declines), owner.ts (offers, messages, moves), files.ts (artwork links),
 * artwork.ts (uploads and checks), pay.ts (paying an offer), offer-payment.ts (cancelling a payment at once), mails.ts.
 */
export type Quote = QuoteRecord;
const stamp = () => new Date().toISOString();
/** Today as the offers' dates read (UTC days). */
export const today = (now = new Date()) => now.toISOString().slice(0, 10);

/** The checkout that pays offer `offerNo` of a quote: one per offer, whichever tab or retry pays it. */
export const offerCheckoutId = (quoteId: string, offerNo: number) => `quote-${quoteId}-${offerNo}`;

/** The link of a quote's page, signed for the quote until it closes (the link expires with the quote). */
export async function quoteLink(quote: Pick<Quote, 'quoteId' | 'closesAt'>): Promise<string> {
  const token = await signToken('quote', quote.quoteId, new Date(quote.closesAt));
  return siteLink(quotePagePath(quote.quoteId, token)) ?? quotePagePath(quote.quoteId, token);
}

const noSuchQuote = () => new HttpError(404, 'quote_not_found', MESSAGES.quoteLinkInvalid);

/**
 * How a payment started on an offer ends when the quote no longer offers it: `endOfferPaymentLater` where a function
 * has no payment provider (a reading one), `cancelOfferPayment` (offer-payment.ts) where it has; `why` is what its
 * payer is told.
 */
export type EndOfferPayment = (quoteId: string, offerNo: number, why: OfferEnd) => Promise<void>;

/**
 * The quote a link opens: the token must be the shop's, for this quote, not expired; else one 404 whatever was wrong
 * (a quote id alone shows nothing).
 */
export async function quoteByLink(
  quoteId: string,
  token: string,
  endPayment: EndOfferPayment = endOfferPaymentLater,
): Promise<Quote> {
  const check = await checkToken('quote', token);
  if (!check.ok || check.subject !== quoteId) throw noSuchQuote();
  const quote = await quotes.get({ quoteId }, { consistent: true });
  if (!quote) throw noSuchQuote();
  return settleExpiry(quote, endPayment);
}

export async function getQuote(quoteId: string, endPayment: EndOfferPayment = endOfferPaymentLater): Promise<Quote> {
  const quote = await quotes.get({ quoteId }, { consistent: true });
  if (!quote) throw notFound('No quote has this id.');
  return settleExpiry(quote, endPayment);
}

/** Writes a change of `quote` if nobody changed it since it was read; null when someone did. */
export async function changeQuote(quote: Quote, set: Partial<Quote>): Promise<Quote | null> {
  const changed: Quote = { ...quote, ...set, version: quote.version + 1, updatedAt: stamp() };
  try {
    await quotes.put(changed, { when: { equals: { version: quote.version } } });
    return changed;
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

/**
 * Ends the payment started on an offer, if one is open, without the payment provider: its checkout is marked voiding
 * (nothing can take it any more, so it never becomes an order) and the settle job cancels its authorization on its next
 * run (every 2 minutes); the shopper is never charged for it.
 */
export async function endOfferPaymentLater(
  quoteId: string,
  offerNo: number,
  why: OfferEnd = 'offer_replaced',
): Promise<void> {
  const checkout = await getCheckout(offerCheckoutId(quoteId, offerNo));
  if (checkout?.state === 'open') await markVoiding(checkout, why);
}

/**
 * An offer past its date, unpaid, moves the quote to expired when the quote is read (the owner's list, its page):
 * a payment started on it is ended. The take of a payment authorized just before checks the quote still holds the
 * offer, so an expired offer never becomes an order.
 */
async function settleExpiry(quote: Quote, endPayment: EndOfferPayment, now = new Date()): Promise<Quote> {
  if (quote.status !== 'offer_sent' || !quote.offer || quote.offer.validUntil >= today(now)) return quote;
  const expired = await changeQuote(quote, { status: 'expired', statusAt: stamp() });
  if (!expired) return (await quotes.get({ quoteId: quote.quoteId }, { consistent: true }))!;
  await endPayment(quote.quoteId, quote.offerNo, 'offer_expired');
  return expired;
}

/** The thread of a quote, oldest first. */
export const threadOf = (quoteId: string) => quoteMessages.query('thread', { quoteId }, { consistent: true });

/** How an offer stands as the shopper and the owner see it. */
function offerView(quote: Quote, offer: OfferRecord): z.infer<typeof offerViewSchema> {
  const current = offer.no === quote.offerNo && !offer.ended;
  const state: z.infer<typeof offerViewSchema>['state'] = !current
    ? (offer.ended ?? 'replaced')
    : quote.status === 'offer_sent'
      ? 'open'
      : quote.status === 'expired'
        ? 'expired'
        : quote.status === 'declined' || quote.status === 'new'
          ? 'declined'
          : 'paid';
  return {
    no: offer.no,
    lines: offer.lines.map((line) => ({
      description: line.description,
      kind: line.kind,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      productId: line.productId ?? null,
      size: line.size ?? null,
    })),
    shipping: offer.shipping,
    ships: offer.ships,
    note: offer.note,
    validUntil: offer.validUntil,
    sentAt: offer.sentAt,
    state,
    amounts: offerAmounts(offer.lines, offer.shipping),
    terms: MADE_TO_ORDER_TERMS,
  };
}

/** The quote as its shopper sees it (and the owner, with every offer besides). */
export async function quoteView(quote: Quote): Promise<QuoteView> {
  const [thread, order] = await Promise.all([
    threadOf(quote.quoteId),
    quote.orderNumber ? orders.get({ orderNumber: quote.orderNumber }, { consistent: true }) : null,
  ]);
  return {
    quoteId: quote.quoteId,
    number: quote.number,
    status: quote.status,
    createdAt: quote.createdAt,
    name: quote.name,
    email: quote.email,
    service: quote.service,
    quantity: quote.quantity,
    neededBy: quote.neededBy ?? null,
    items: quote.items,
    message: quote.message,
    files: quote.files.map(({ id, name, format, size, preview }) => ({
      id,
      name,
      format,
      size,
      preview: preview ?? null,
    })),
    offer: quote.offer ? offerView(quote, quote.offer) : null,
    messages: thread.map(({ id, at, from, kind, text }) => ({ id, at, from, kind, text })),
    orderNumber: quote.orderNumber ?? null,
    order: order ? publicOrder(order) : null,
  };
}

/** Every offer of a quote, oldest first (the owner's page). */
export const offersOf = (quote: Quote) =>
  [...(quote.pastOffers ?? []), ...(quote.offer ? [quote.offer] : [])].map((offer) => offerView(quote, offer));

/** GET /api/admin/quotes/{quoteId}: the quote, every offer sent, the thread, the order, when its link expires. */
export async function adminQuote(quoteOrId: Quote | string): Promise<AdminQuote> {
  const quote = typeof quoteOrId === 'string' ? await getQuote(quoteOrId) : quoteOrId;
  return { quote: await quoteView(quote), offers: offersOf(quote), linkExpiresAt: quote.closesAt };
}

/** A message of the thread, written once. */
export async function addMessage(
  quote: Quote,
  from: QuoteMessageRecord['from'],
  kind: QuoteMessageRecord['kind'],
  text: string,
) {
  const message = { quoteId: quote.quoteId, at: stamp(), id: randomUUID(), from, kind, text };
  await quoteMessages.create(message);
  return message;
}

/** Why offer `offerNo` of a quote cannot be paid (or declined) now, or null when it can. */
export function offerRefusal(quote: Quote, offerNo: number): HttpError | null {
  if (quote.offerNo !== offerNo || !quote.offer) return new HttpError(409, 'offer_replaced', MESSAGES.offerReplaced);
  if (quote.status === 'expired') return new HttpError(409, 'offer_expired', MESSAGES.offerExpired);
  if (quote.status === 'declined') return new HttpError(409, 'offer_declined', MESSAGES.offerDeclined);
  if (quote.status !== 'offer_sent') return new HttpError(409, 'offer_paid', MESSAGES.offerPaid);
  return null;
}

/** A quote's summary line in the owner's list. */
export const quoteSummary = (quote: Quote) => ({
  quoteId: quote.quoteId,
  number: quote.number,
  status: quote.status,
  createdAt: quote.createdAt,
  name: quote.name,
  email: quote.email,
  service: quote.service,
  quantity: quote.quantity,
  neededBy: quote.neededBy ?? null,
  files: quote.files.length,
  total: quote.paidTotal ?? (quote.offer ? offerAmounts(quote.offer.lines, quote.offer.shipping).total : null),
});

/** GET /api/admin/quotes: one status, newest first (offers past their date move to expired as they are read). */
export async function listQuotes(status: QuoteStatus) {
  const found = await quotes.query('byStatus', { status }, { order: 'desc' });
  const settled = await Promise.all(found.map((quote) => settleExpiry(quote, endOfferPaymentLater)));
  return { quotes: settled.filter((quote) => quote.status === status).map(quoteSummary) };
}

export { stamp };
