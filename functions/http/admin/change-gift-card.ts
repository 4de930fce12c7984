import { GIFT_CARD_ROUTES } from '#shared/routes/gift-cards';
import { resendCard, voidCard } from '../../domain/gift-cards/owner';
import { defineHandler } from '../../lib/http';

/** POST /api/admin/gift-cards/{cardId}/actions: void what is left, or mail the card again with a new code. */
export const handler = defineHandler(GIFT_CARD_ROUTES, 'admin/change-gift-card', async ({ body, params }) =>
  body.action === 'void' ? voidCard(params.cardId, body.version) : resendCard(params.cardId, body.version),
);
