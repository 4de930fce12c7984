import { adminUpdateStockItem } from '#shared/routes/admin-catalog';
import { updateStockItem } from '../../domain/admin/stock-items';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler([adminUpdateStockItem], 'admin/update-stock-item', async ({ body, params }) =>
  updateStockItem(params.id, body),
);
