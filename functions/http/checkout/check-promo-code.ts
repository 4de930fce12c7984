import { promoCheck } from '#shared/routes/promo-check';
import { clientOf } from '../../domain/guessing/budget';
import { checkPromoCode } from '../../domain/promo/check';
import { verifyBearer } from '../../lib/auth';
import { defineHandler } from '../../lib/http';
import { accountEmail } from '../../lib/user-pool';

/** Public; a signed-in shopper's token (when sent and valid) lets "already used by you" be told here. */
export const handler = defineHandler([promoCheck], 'checkout/check-promo-code', async ({ body, event }) => {
  const authorization = event.headers?.authorization ?? event.headers?.Authorization;
  const caller = authorization ? await verifyBearer(authorization).catch(() => null) : null;
  return checkPromoCode({
    ...body,
    client: clientOf(event),
    ...(caller ? { shopper: { userId: caller.userId, accountEmail: () => accountEmail(caller.userId) } } : {}),
  });
});
