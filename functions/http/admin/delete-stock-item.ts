import { adminDeleteStockItem } from '#shared/routes/admin-catalog';
import { deleteStockItem } from '../../domain/admin/stock-items';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler([adminDeleteStockItem], 'admin/delete-stock-item', async ({ params }) =>
  deleteStockItem(params.id),
);
