import { ADMIN_ROUTES } from '#shared/routes/admin';
import { listStockItems } from '../../domain/admin/stock-items';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(ADMIN_ROUTES, 'admin/list-stock-items', async ({ query }) =>
  listStockItems(query),
);
