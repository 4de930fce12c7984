import { GIFT_CARD_ROUTES } from '#shared/routes/gift-cards';
import { cardsCsv, listCards } from '../../domain/gift-cards/owner';
import { defineHandler, rawReply } from '../../lib/http';

/** GET /api/admin/gift-cards: every card with the outstanding balance; `?format=csv` for the bookkeeper. */
export const handler = defineHandler(GIFT_CARD_ROUTES, 'admin/list-gift-cards', async ({ query }) => {
  if (query.format !== 'csv') return listCards();
  const { csv, fileName } = await cardsCsv();
  return rawReply(200, csv, 'text/csv; charset=utf-8', {
    'cache-control': 'no-store',
    'content-disposition': `attachment; filename="${fileName}"`,
  });
});
