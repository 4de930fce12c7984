import { quotes } from '../../db/entities/quote';

/**
 * The owner's numbers (dashboard): quotes waiting for a price, offers out (not those past their date, which the
 * quotes list and the quote's page move to expired as they read them), and quotes won since `since`. Only the table:
 * the dashboard's function carries nothing of the quotes' mails, payments or artwork.
 */
export async function quoteFigures(since: string, now = new Date()) {
  const today = now.toISOString().slice(0, 10);
  const [waiting, offersOut, ...won] = await Promise.all([
    quotes.count('byStatus', { status: 'new' }),
    quotes
      .query('byStatus', { status: 'offer_sent' })
      .then((found) => found.filter((quote) => !quote.offer || quote.offer.validUntil >= today).length),
    ...(['paid', 'in_production', 'shipped', 'done'] as const).map((status) => quotes.query('byStatus', { status })),
  ]);
  const recent = won.flat().filter((quote) => (quote.paidAt ?? '') >= since);
  return {
    waiting,
    offersOut,
    wonThisMonth: recent.length,
    wonValue: recent.reduce((sum, quote) => sum + (quote.paidTotal ?? 0), 0),
  };
}
