import { SALE_ROUTES } from '#shared/routes/sales';
import { createSale } from '../../domain/promo/sales';
import { defineHandler, reply } from '../../lib/http';

/** POST /api/admin/sales: makes a sale without a code (201; issue 54). */
export const handler = defineHandler(SALE_ROUTES, 'admin/create-sale', async ({ body }) =>
  reply(201, await createSale(body)),
);
