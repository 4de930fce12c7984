import { PROMO_ROUTES } from '../../../shared/routes/promo';
import type { PromoUpdate } from '../../../shared/schemas/promo';
import { deletePromoCode, updatePromoCode } from '../../domain/promo/codes';
import { defineHandler } from '../../lib/http';

/** PUT (change) and DELETE (delete if unused) /api/admin/promo-codes/{code}: one function for both routes. */
export const handler = defineHandler(PROMO_ROUTES, 'admin/promo-code', async ({ body, params, event }) =>
  event.requestContext.http.method === 'DELETE' ? deletePromoCode(params.code) : updatePromoCode(params.code, body as PromoUpdate),
);
