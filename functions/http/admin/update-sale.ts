import { SALE_ROUTES } from '#shared/routes/sales';
import { updateSale } from '../../domain/promo/sales';
import { defineHandler } from '../../lib/http';

/** PUT /api/admin/sales/{saleId}: changes a sale (its uses stay; 409 at another version). */
export const handler = defineHandler(SALE_ROUTES, 'admin/update-sale', async ({ params, body }) =>
  updateSale(params.saleId, body),
);
