import { PROMO_ROUTES } from '#shared/routes/promo';
import { deletePromoCode } from '../../domain/promo/codes';
import { defineHandler } from '../../lib/http';

/** DELETE /api/admin/promo-codes/{code}: deletes a promo code nobody used (409 once used: deactivate it instead). */
export const handler = defineHandler(PROMO_ROUTES, 'admin/delete-promo-code', async ({ params }) =>
  deletePromoCode(params.code),
);
