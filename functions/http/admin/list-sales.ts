import { SALE_ROUTES } from '#shared/routes/sales';
import { listSales } from '../../domain/promo/sales';
import { defineHandler } from '../../lib/http';

/** GET /api/admin/sales: every sale without a code, with its uses and its state now (issue 54). */
export const handler = defineHandler(SALE_ROUTES, 'admin/list-sales', async () => listSales());
