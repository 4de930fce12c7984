import { quotes } from '../../db/entities/quote';

/** The owner's numbers (dashboard): quotes waiting for a price, offers out, and quotes won since `since`. */
export async function quoteFigures(since: string) {
  const [waiting, offersOut, ...won] = await Promise.all([
    quotes.count('byStatus', { status: 'new' }),
    quotes.count('byStatus', { status: 'offer_sent' }),
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
