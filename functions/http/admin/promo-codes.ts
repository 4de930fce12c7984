import { PROMO_ROUTES } from '../../../shared/routes/promo';
import type { PromoInput } from '../../../shared/schemas/promo';
import { createPromoCode, listPromoCodes } from '../../domain/promo/codes';
import { defineHandler, reply } from '../../lib/http';

/** GET (list) and POST (create) /api/admin/promo-codes: one function for both routes. */
export const handler = defineHandler(PROMO_ROUTES, 'admin/promo-codes', async ({ body, event }) =>
  event.requestContext.http.method === 'POST' ? reply(201, await createPromoCode(body as PromoInput)) : listPromoCodes(),
);
