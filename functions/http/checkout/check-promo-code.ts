import { PROMO_ROUTES } from '../../../shared/routes/promo';
import { checkPromoCode } from '../../domain/promo/check';
import { verifyBearer } from '../../lib/auth';
import { defineHandler } from '../../lib/http';

/** Public; a signed-in shopper's token (when sent and valid) lets "already used by you" be told here. */
export const handler = defineHandler(PROMO_ROUTES, 'checkout/check-promo-code', async ({ body, event }) => {
  const authorization = event.headers?.authorization ?? event.headers?.Authorization;
  const caller = authorization ? await verifyBearer(authorization).catch(() => null) : null;
  return checkPromoCode({ ...body, ...(caller ? { customer: caller.userId } : {}) });
});
