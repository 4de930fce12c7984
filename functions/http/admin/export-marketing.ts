import { ADMIN_ROUTES } from '#shared/routes/admin';
import { marketingCsv, marketingExport } from '../../domain/admin/marketing';
import { defineHandler, rawReply } from '../../lib/http';

export const handler = defineHandler(ADMIN_ROUTES, 'admin/export-marketing', async ({ query }) => {
  if (query.format !== 'csv') return marketingExport(query);
  const { csv, fileName } = await marketingCsv(query);
  return rawReply(200, csv, 'text/csv; charset=utf-8', {
    'cache-control': 'no-store',
    'content-disposition': `attachment; filename="${fileName}"`,
  });
});
