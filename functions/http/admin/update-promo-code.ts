import { PROMO_ROUTES } from '#shared/routes/promo';
import { updatePromoCode } from '../../domain/promo/codes';
import { defineHandler } from '../../lib/http';

/** PUT /api/admin/promo-codes/{code}: changes a promo code (its counts stay); 409 at another version. */
export const handler = defineHandler(PROMO_ROUTES, 'admin/update-promo-code', async ({ body, params }) =>
  updatePromoCode(params.code, body),
);
