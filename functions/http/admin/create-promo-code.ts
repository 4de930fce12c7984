import { PROMO_ROUTES } from '#shared/routes/promo';
import { createPromoCode } from '../../domain/promo/codes';
import { defineHandler, reply } from '../../lib/http';

/** POST /api/admin/promo-codes: makes a promo code (201; 409 if the code exists, case-insensitive). */
export const handler = defineHandler(PROMO_ROUTES, 'admin/create-promo-code', async ({ body }) =>
  reply(201, await createPromoCode(body)),
);
