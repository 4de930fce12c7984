import { listStockItems } from '../../domain/admin/stock-items';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler('admin/list-stock-items', async () => listStockItems());
