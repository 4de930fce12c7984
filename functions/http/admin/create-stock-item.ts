import { adminCreateStockItem } from '#shared/routes/admin-catalog';
import { createStockItem } from '../../domain/admin/stock-items';
import { defineHandler, reply } from '../../lib/http';

export const handler = defineHandler([adminCreateStockItem], 'admin/create-stock-item', async ({ body }) =>
  reply(201, await createStockItem(body)),
);
