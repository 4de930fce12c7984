import { ADMIN_ROUTES } from '#shared/routes/admin';
import { createStockItem } from '../../domain/admin/stock-items';
import { defineHandler, reply } from '../../lib/http';

export const handler = defineHandler(ADMIN_ROUTES, 'admin/create-stock-item', async ({ body }) =>
  reply(201, await createStockItem(body)),
);
