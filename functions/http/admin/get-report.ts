import { ADMIN_ROUTES } from '#shared/routes/admin';
import { report, reportCsv } from '../../domain/admin/reports';
import { defineHandler, rawReply } from '../../lib/http';

export const handler = defineHandler(ADMIN_ROUTES, 'admin/get-report', async ({ query }) => {
  if (query.format !== 'csv') return report(query);
  const { csv, fileName } = await reportCsv(query);
  return rawReply(200, csv, 'text/csv; charset=utf-8', {
    'cache-control': 'no-store',
    'content-disposition': `attachment; filename="${fileName}"`,
  });
});
