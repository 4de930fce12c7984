import { PROMO_ROUTES } from '#shared/routes/promo';
import { clientOf } from '../../domain/guessing/budget';
import { checkPromoCode } from '../../domain/promo/check';
import { defineHandler } from '../../lib/http';
import { optionalCaller } from '../../lib/optional-sign-in';
import { accountEmail } from '../../lib/user-pool';

/**
 * Public; a signed-in shopper's token (when sent and let through by the authorizer the route runs itself:
 * optional-sign-in.ts) lets "already used by you" be told here.
 */
export const handler = defineHandler(PROMO_ROUTES, 'checkout/check-promo-code', async ({ body, event }) => {
  const caller = await optionalCaller(event);
  return checkPromoCode({
    ...body,
    client: clientOf(event),
    ...(caller ? { shopper: { userId: caller.userId, accountEmail: () => accountEmail(caller.userId) } } : {}),
  });
});
