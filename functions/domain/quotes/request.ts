import { randomUUID } from 'node:crypto';
import { FORM_SUBJECTS } from '#shared/messages';
import { QUOTE_LIFETIME_DAYS } from '#shared/quotes';
import type { QuoteRequest } from '#shared/schemas/quotes';
import { quoteCounter } from '../../db/entities/marker';
import { quotes } from '../../db/entities/quote';
import { logger } from '../../lib/logger';
import { takeArtwork } from './artwork';
import { mailShop, mailShopper, requestLines } from './mails';

const DAY = 24 * 3600 * 1000;

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
