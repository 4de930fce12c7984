import { GIFT_CARD_ROUTES } from '#shared/routes/gift-cards';
import { issueByHand } from '../../domain/gift-cards/owner';
import { defineHandler, reply } from '../../lib/http';
import { accountEmail } from '../../lib/user-pool';

/** POST /api/admin/gift-cards: store credit, mailed at once (201; the same issueId answers the same card). */
export const handler = defineHandler(GIFT_CARD_ROUTES, 'admin/issue-gift-card', async ({ body, caller }) =>
  reply(201, await issueByHand(body, (await accountEmail(caller.userId)) ?? caller.username)),
);
