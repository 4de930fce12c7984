import { GIFT_CARD_ROUTES } from '#shared/routes/gift-cards';
import { cardDetail } from '../../domain/gift-cards/owner';
import { defineHandler } from '../../lib/http';

/** GET /api/admin/gift-cards/{cardId}: one card with its ledger and the ledger's check. */
export const handler = defineHandler(GIFT_CARD_ROUTES, 'admin/get-gift-card', async ({ params }) =>
  cardDetail(params.cardId),
);
