import { GIFT_CARD_ROUTES } from '#shared/routes/gift-cards';
import { cardForClient } from '../../domain/gift-cards/cards';
import { clientOf } from '../../domain/guessing/budget';
import { defineHandler } from '../../lib/http';

/** Public: a card's balance by its code (wrong codes are counted per client: docs/decisions/0126). */
export const handler = defineHandler(GIFT_CARD_ROUTES, 'gift-cards/check-balance', async ({ body, event }) => {
  const card = await cardForClient(body.code, clientOf(event));
  return { last4: card.last4 ?? '', amount: card.amount, balance: card.balance };
});
