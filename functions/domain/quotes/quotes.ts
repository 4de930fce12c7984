import { randomUUID } from 'node:crypto';
import { FORM_SUBJECTS, MESSAGES } from '#shared/messages';
import { formatPrice } from '#shared/money';
import {
  CLOSED_QUOTE_STATUSES,
  MADE_TO_ORDER_TERMS,
  offerAmounts,
  QUOTE_LIFETIME_DAYS,
  QUOTE_SERVICE_LABEL,
  QUOTE_STATUS_LABEL,
  quoteLabel,
  quotePagePath,
  type QuoteStatus,
} from '#shared/quotes';
import type { QuoteRequest, QuoteView } from '#shared/schemas/quotes';
import type * as z from '#shared/schemas/zod';
import type { offerViewSchema } from '#shared/schemas/quotes';
import { quoteCounter } from '../../db/entities/marker';
import { orders } from '../../db/entities/order';
import {
  quoteMessages,
  quotes,
  type OfferRecord,
  type QuoteMessageRecord,
  type QuoteRecord,
} from '../../db/entities/quote';
import { isConditionFailure } from '../../db/table';
import { conflict, HttpError, notFound } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { shopAddress, siteLink, type Mail } from '../../lib/mail';
import { checkToken, signToken } from '../../lib/signed-tokens';
import { getCheckout, voidCheckout } from '../checkout/checkouts';
import { deliver } from '../mail/deliveries';
import { publicOrder } from '../orders/view';
import { takeArtwork } from './artwork';

/**
 * Quotes (issue 37, docs/decisions/0112): a request with artwork, its page by a signed link, the thread of messages,
 * offers and where the quote stands. Paying an offer is pay.ts; the owner's side is owner.ts.
 */
export type Quote = QuoteRecord;
const DAY = 24 * 3600 * 1000;
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
 * The quote a link opens: the token must be the shop's, for this quote, not expired; else one 404 whatever was wrong
 * (a quote id alone shows nothing).
 */
export async function quoteByLink(quoteId: string, token: string): Promise<Quote> {
  const check = await checkToken('quote', token);
  if (!check.ok || check.subject !== quoteId) throw noSuchQuote();
  const quote = await quotes.get({ quoteId }, { consistent: true });
  if (!quote) throw noSuchQuote();
  return settleExpiry(quote);
}

export async function getQuote(quoteId: string): Promise<Quote> {
  const quote = await quotes.get({ quoteId }, { consistent: true });
  if (!quote) throw notFound('No quote has this id.');
  return settleExpiry(quote);
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

/** Cancels the payment started on an offer, if one is open (never captured: its checkout is voided). */
export async function cancelOfferPayment(quoteId: string, offerNo: number): Promise<void> {
  const checkout = await getCheckout(offerCheckoutId(quoteId, offerNo));
  if (checkout?.state === 'open') await voidCheckout(checkout, 'offer_replaced');
}

/**
 * An offer past its date, unpaid, moves the quote to expired when the quote is read (the owner's list, its page):
 * a payment started on it is cancelled. The take of a payment authorized just before checks the quote still holds the
 * offer, so an expired offer never becomes an order.
 */
async function settleExpiry(quote: Quote, now = new Date()): Promise<Quote> {
  if (quote.status !== 'offer_sent' || !quote.offer || quote.offer.validUntil >= today(now)) return quote;
  const expired = await changeQuote(quote, { status: 'expired', statusAt: stamp() });
  if (!expired) return (await quotes.get({ quoteId: quote.quoteId }, { consistent: true }))!;
  await cancelOfferPayment(quote.quoteId, quote.offerNo);
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

// ---- Mail.

/** A mail about a quote, sent once for its reason (kind + ref), with the shop's retries (docs/decisions/0064). */
async function mailOnce(kind: string, ref: string, mail: Mail): Promise<void> {
  try {
    await deliver(kind, ref, mail);
  } catch (error) {
    logger.error('quote mail not sent', { kind, ref, error: error as Error });
  }
}

const requestLines = (quote: Quote) => [
  `Service: ${QUOTE_SERVICE_LABEL[quote.service]}`,
  `Quantity: ${quote.quantity}`,
  ...(quote.neededBy ? [`Needed by: ${quote.neededBy}`] : []),
  `Items: ${quote.items}`,
  `Files: ${quote.files.length ? quote.files.map((file) => file.name).join(', ') : 'none'}`,
  '',
  quote.message,
];

export async function mailShopper(quote: Quote, kind: string, ref: string, subject: string, body: string[]) {
  const link = await quoteLink(quote);
  await mailOnce(kind, ref, {
    to: quote.email,
    subject: `${subject} (${quoteLabel(quote.number)})`,
    text: [`Hello ${quote.name},`, '', ...body, '', `Your quote page: ${link}`, '', 'Thank you!'].join('\n'),
  });
}

export async function mailShop(quote: Quote, kind: string, ref: string, subject: string, body: string[]) {
  const admin = siteLink(`/admin/quotes/${quote.quoteId}`);
  await mailOnce(kind, ref, {
    to: shopAddress(),
    replyTo: quote.email,
    subject: `${subject}: ${quoteLabel(quote.number)} from ${quote.name}`,
    text: [
      `Name: ${quote.name}`,
      `Email: ${quote.email}`,
      ...body,
      ...(admin ? ['', `In the admin: ${admin}`] : []),
    ].join('\n'),
  });
}

// ---- The shopper's side.

/**
 * POST /api/quotes: stores the request with its checked files (moved under the quote), then mails the shop and the
 * shopper (their quote page's link). The browser's requestId makes a retried request find its quote; a filled
 * honeypot is answered politely and not stored.
 */
export async function requestQuote(
  input: QuoteRequest,
  customer = 'guest',
): Promise<{ quoteId: string; number: string; created: boolean }> {
  if (input.website) {
    logger.warn('quote honeypot filled; not stored');
    return { quoteId: randomUUID(), number: '0', created: false };
  }
  const [earlier] = await quotes.query('byRequest', { requestId: input.requestId }, { limit: 1 });
  if (earlier) return { quoteId: earlier.quoteId, number: earlier.number, created: false };
  const quoteId = randomUUID();
  const files = await takeArtwork(input.files, quoteId);
  const number = String(1000 + (await quoteCounter.increment({ name: 'quote-number' }, 'last')));
  const now = new Date();
  const quote = await quotes.create({
    quoteId,
    number,
    status: 'new',
    customer,
    name: input.name,
    email: input.email,
    service: input.service,
    quantity: input.quantity,
    ...(input.neededBy ? { neededBy: input.neededBy } : {}),
    items: input.items,
    message: input.message,
    files,
    requestId: input.requestId,
    offerNo: 0,
    closesAt: new Date(now.getTime() + QUOTE_LIFETIME_DAYS * DAY).toISOString(),
    statusAt: now.toISOString(),
  });
  await mailShop(quote, 'quote-request', quoteId, FORM_SUBJECTS.quote, requestLines(quote));
  await mailShopper(quote, 'quote-received', quoteId, 'We received your quote request', [
    'Thank you for your request. We will look at it and send you an offer, usually within two working days.',
    'You can follow it, see your files and write to us on your quote page:',
  ]);
  return { quoteId, number, created: true };
}

/** A message of the thread, written once. */
async function addMessage(
  quote: Quote,
  from: QuoteMessageRecord['from'],
  kind: QuoteMessageRecord['kind'],
  text: string,
) {
  const message = { quoteId: quote.quoteId, at: stamp(), id: randomUUID(), from, kind, text };
  await quoteMessages.create(message);
  return message;
}

/**
 * POST /api/quotes/{quoteId}/messages: the shopper writes to the shop, or asks for a change of the offer (the owner
 * answers with a new offer). Mailed to the shop. Not on a quote that is done.
 */
export async function shopperMessage(quoteId: string, token: string, text: string, changeRequest = false) {
  const quote = await quoteByLink(quoteId, token);
  if (quote.status === 'done') throw new HttpError(409, 'quote_closed', MESSAGES.quoteClosed);
  const message = await addMessage(quote, 'shopper', changeRequest ? 'change_request' : 'message', text);
  await mailShop(quote, 'quote-message', message.id, changeRequest ? 'Change asked for' : 'New message', ['', text]);
  return quoteView(quote);
}

/** Why offer `offerNo` of a quote cannot be paid (or declined) now, or null when it can. */
export function offerRefusal(quote: Quote, offerNo: number): HttpError | null {
  if (quote.offerNo !== offerNo || !quote.offer) return new HttpError(409, 'offer_replaced', MESSAGES.offerReplaced);
  if (quote.status === 'expired') return new HttpError(409, 'offer_expired', MESSAGES.offerExpired);
  if (quote.status === 'declined') return new HttpError(409, 'offer_declined', MESSAGES.offerDeclined);
  if (quote.status !== 'offer_sent') return new HttpError(409, 'offer_paid', MESSAGES.offerPaid);
  return null;
}

/**
 * POST /api/quotes/{quoteId}/decline: the shopper declines the current offer (with a reason, if they give one); a
 * payment started on it is cancelled. Mailed to the shop.
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
    await cancelOfferPayment(quoteId, offerNo);
    const message = await addMessage(declined, 'shopper', 'declined', reason || 'Declined the offer.');
    await mailShop(declined, 'quote-message', message.id, 'Offer declined', ['', reason || '(no reason given)']);
    return quoteView(declined);
  }
  throw conflict('The quote changed meanwhile. Please try again.');
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
  const settled = await Promise.all(found.map((quote) => settleExpiry(quote)));
  return { quotes: settled.filter((quote) => quote.status === status).map(quoteSummary) };
}

/** Whether a quote is closed (nothing more happens to it). */
export const isClosed = (quote: Quote) => CLOSED_QUOTE_STATUSES.includes(quote.status);
export { QUOTE_STATUS_LABEL, addMessage, formatPrice, stamp };
