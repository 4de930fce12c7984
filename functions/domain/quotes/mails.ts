import { QUOTE_SERVICE_LABEL, quoteLabel } from '#shared/quotes';
import { logger } from '../../lib/logger';
import { shopAddress, siteLink, type Mail } from '../../lib/mail';
import { deliver, sendAgain } from '../mail/deliveries';
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

/** A mail to the shopper about their quote, with their page's link. */
export async function shopperMail(quote: Quote, subject: string, body: string[]): Promise<Mail> {
  const link = await quoteLink(quote);
  return {
    to: quote.email,
    subject: `${subject} (${quoteLabel(quote.number)})`,
    text: [`Hello ${quote.name},`, '', ...body, '', `Your quote page: ${link}`, '', 'Thank you!'].join('\n'),
  };
}

/** A mail to the shop about a quote (a reply goes to the shopper), with the quote's page in the admin. */
export function shopMail(quote: Quote, subject: string, body: string[]): Mail {
  const admin = siteLink(`/admin/quotes/${quote.quoteId}`);
  return {
    to: shopAddress(),
    replyTo: quote.email,
    subject: `${subject}: ${quoteLabel(quote.number)} from ${quote.name}`,
    text: [
      `Name: ${quote.name}`,
      `Email: ${quote.email}`,
      ...body,
      ...(admin ? ['', `In the admin: ${admin}`] : []),
    ].join('\n'),
  };
}

export async function mailShopper(quote: Quote, kind: string, ref: string, subject: string, body: string[]) {
  await mailOnce(kind, ref, await shopperMail(quote, subject, body));
}

export async function mailShop(quote: Quote, kind: string, ref: string, subject: string, body: string[]) {
  await mailOnce(kind, ref, shopMail(quote, subject, body));
}

/**
 * Sends now a mail whose delivery a transaction wrote (deliveryItem): once, whoever else tries it; one not sent now
 * (SES refused it, the function stopped) is sent by the send-mails job with the shop's retries.
 */
export async function sendOwed(kind: string, ref: string): Promise<void> {
  try {
    await sendAgain(kind, ref, () => {
      throw new Error('the quote mail has no delivery');
    });
  } catch (error) {
    logger.error('quote mail not sent now; the send-mails job tries again', { kind, ref, error: error as Error });
  }
}
