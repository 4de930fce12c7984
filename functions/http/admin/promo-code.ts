import { PROMO_ROUTES } from '../../../shared/routes/promo';
import { promoCodePathSchema, type PromoUpdate } from '../../../shared/schemas/promo';
import { deletePromoCode, updatePromoCode } from '../../domain/promo/codes';
import { defineHandler, validate } from '../../lib/http';

/** PUT (change) and DELETE (delete if unused) /api/admin/promo-codes/{code}: one function for both routes. */
export const handler = defineHandler(PROMO_ROUTES, 'admin/promo-code', async ({ body, params, event }) => {
  const { code } = validate(promoCodePathSchema, { code: params.code });
  return event.requestContext.http.method === 'DELETE' ? deletePromoCode(code) : updatePromoCode(code, body as PromoUpdate);
});
