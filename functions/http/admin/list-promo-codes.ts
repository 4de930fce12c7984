import { PROMO_ROUTES } from '#shared/routes/promo';
import { listPromoCodes } from '../../domain/promo/codes';
import { defineHandler } from '../../lib/http';

/** GET /api/admin/promo-codes: every promo code with its uses. */
export const handler = defineHandler(PROMO_ROUTES, 'admin/list-promo-codes', async () => listPromoCodes());
