import { ADMIN_ROUTES } from '#shared/routes/admin';
import { deleteStockItem } from '../../domain/admin/stock-items';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(ADMIN_ROUTES, 'admin/delete-stock-item', async ({ params }) =>
  deleteStockItem(params.id),
);
