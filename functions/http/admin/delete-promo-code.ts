import { PROMO_ROUTES } from '../../../shared/routes/promo';
import { promoCodePathSchema } from '../../../shared/schemas/promo';
import { deletePromoCode } from '../../domain/promo/codes';
import { defineHandler, validate } from '../../lib/http';

/** DELETE /api/admin/promo-codes/{code}: deletes a promo code nobody used (409 once used: deactivate it instead). */
export const handler = defineHandler(PROMO_ROUTES, 'admin/delete-promo-code', async ({ params }) => {
  const { code } = validate(promoCodePathSchema, { code: params.code });
  return deletePromoCode(code);
});
