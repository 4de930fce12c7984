import { ADMIN_ROUTES } from '#shared/routes/admin';
import { listOrders, ordersCsv } from '../../domain/admin/orders';
import { defineHandler, rawReply } from '../../lib/http';

export const handler = defineHandler(ADMIN_ROUTES, 'admin/list-orders', async ({ query }) => {
  if (query.format !== 'csv') return listOrders(query);
  const { csv, fileName } = await ordersCsv(query);
  return rawReply(200, csv, 'text/csv; charset=utf-8', {
    'cache-control': 'no-store',
    'content-disposition': `attachment; filename="${fileName}"`,
  });
});
