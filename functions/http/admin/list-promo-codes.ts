import { ADMIN_PROMO_ROUTES } from '#shared/routes/admin-promo';
import { listPromoCodes } from '../../domain/promo/codes';
import { defineHandler } from '../../lib/http';

/** GET /api/admin/promo-codes: every promo code with its uses. */
export const handler = defineHandler(ADMIN_PROMO_ROUTES, 'admin/list-promo-codes', async () => listPromoCodes());
