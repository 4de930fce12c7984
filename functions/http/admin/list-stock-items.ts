import { adminListStockItems } from '#shared/routes/admin-catalog';
import { listStockItems } from '../../domain/admin/stock-items';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler([adminListStockItems], 'admin/list-stock-items', async ({ query }) =>
  listStockItems(query),
);
