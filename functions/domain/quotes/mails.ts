import { QUOTE_SERVICE_LABEL, quoteLabel } from '#shared/quotes';
import { logger } from '../../lib/logger';
import { shopAddress, siteLink, type Mail } from '../../lib/mail';
import { deliver } from '../mail/deliveries';
import { quoteLink, type Quote } from './quotes';

/** The mails of quotes, to the shopper (with their page's link) and to the shop: SES, through mail deliveries. */

/** A mail about a quote, sent once for its reason (kind + ref), with the shop's retries (docs/decisions/0064). */
async function mailOnce(kind: string, ref: string, mail: Mail): Promise<void> {
  try {
    await deliver(kind, ref, mail);
  } catch (error) {
    logger.error('quote mail not sent', { kind, ref, error: error as Error });
  }
}

export const requestLines = (quote: Quote) => [
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
