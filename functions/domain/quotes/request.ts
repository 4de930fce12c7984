import { randomUUID } from 'node:crypto';
import { FORM_SUBJECTS } from '#shared/messages';
import { QUOTE_LIFETIME_DAYS } from '#shared/quotes';
import type { QuoteRequest } from '#shared/schemas/quotes';
import { quoteCounter } from '../../db/entities/marker';
import { quoteRequests, quotes, type QuoteRecord } from '../../db/entities/quote';
import { transactWriteOrFailures } from '../../db/transaction';
import { conflict } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { deliveryItem } from '../mail/deliveries';
import { attachItems, copyArtwork, dropArtwork, takenAlready, uploadsToTake } from './artwork';
import { requestLines, sendOwed, shopMail, shopperMail } from './mails';

const DAY = 24 * 3600 * 1000;
/** The deliveries of a new request's mails (ref: the quote id). */
const TO_SHOP = 'quote-request';
const TO_SHOPPER = 'quote-received';

/** The quote a form fill's requestId made, if any. */
async function quoteOfRequest(requestId: string) {
  const made = await quoteRequests.get({ requestId }, { consistent: true });
  return made ? { quoteId: made.quoteId, number: made.number, created: false } : null;
}

/**
 * POST /api/quotes (docs/decisions/0112, 0138): stores the request with its checked files, then mails the shop and the
 * shopper (their quote page's link). Its files are first copied from their checked copies under the new quote (S3
 * cannot join the table's transaction); then one transaction writes the quote, the requestId's record (new: a second
 * request with the same id, at once or later, finds the first one's quote), each upload checked -> attached to it
 * (of two requests naming one upload, one takes it) and both mails' deliveries. Whatever fails the transaction, the
 * copies are deleted and nothing is stored. The mails go at once, or with the send-mails job if they cannot. A filled
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
  const earlier = await quoteOfRequest(input.requestId);
  if (earlier) return earlier;
  const uploads = await uploadsToTake(input.files);
  const quoteId = randomUUID();
  const files = await copyArtwork(uploads, quoteId);
  // A request that loses to another of its requestId leaves a gap in the quote numbers, never a duplicate.
  const number = String(1000 + (await quoteCounter.increment({ name: 'quote-number' }, 'last')));
  const now = new Date();
  const quote: QuoteRecord = {
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
    version: 1,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  const toShopper = await shopperMail(quote, 'We received your quote request', [
    'Thank you for your request. We will look at it and send you an offer, usually within two working days.',
    'You can follow it, see your files and write to us on your quote page:',
  ]);
  let failed: number[];
  try {
    failed = await transactWriteOrFailures([
      quoteRequests.transact.put({ requestId: input.requestId, quoteId, number }, { ifNew: true }),
      quotes.transact.put(quote, { ifNew: true }),
      ...attachItems(uploads, quoteId),
      deliveryItem(TO_SHOP, quoteId, shopMail(quote, FORM_SUBJECTS.quote, requestLines(quote))),
      deliveryItem(TO_SHOPPER, quoteId, toShopper),
    ]);
  } catch (error) {
    await dropArtwork(files);
    throw error;
  }
  if (failed.length) {
    await dropArtwork(files);
    // The same requestId made its quote first (a double click, a retry): that one is the answer.
    const first = failed.includes(0) ? await quoteOfRequest(input.requestId) : null;
    if (first) return first;
    // An upload was taken by another request at the same moment.
    const taken = failed.map((index) => uploads[index - 2]).find(Boolean);
    if (taken) throw takenAlready(taken);
    throw conflict('Your request could not be stored. Please send it again.');
  }
  await Promise.all([sendOwed(TO_SHOP, quoteId), sendOwed(TO_SHOPPER, quoteId)]);
  return { quoteId, number, created: true };
}
