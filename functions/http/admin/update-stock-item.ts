import { ADMIN_ROUTES } from '#shared/routes/admin';
import { updateStockItem } from '../../domain/admin/stock-items';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(ADMIN_ROUTES, 'admin/update-stock-item', async ({ body, params }) =>
  updateStockItem(params.id, body),
);
