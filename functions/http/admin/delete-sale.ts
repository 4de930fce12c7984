import { SALE_ROUTES } from '#shared/routes/sales';
import { deleteSale } from '../../domain/promo/sales';
import { defineHandler } from '../../lib/http';

/** DELETE /api/admin/sales/{saleId}: deletes a sale nobody used (409 once used: turn it off instead). */
export const handler = defineHandler(SALE_ROUTES, 'admin/delete-sale', async ({ params }) => deleteSale(params.saleId));
