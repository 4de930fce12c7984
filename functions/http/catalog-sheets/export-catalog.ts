import { CATALOG_SHEET_ROUTES } from '#shared/routes/catalog-sheets';
import { exportCatalog } from '../../domain/catalog-sheet/export';
import { feedOrigin } from '../../domain/feeds/origin';
import { defineHandler, rawReply } from '../../lib/http';

export const handler = defineHandler(
  CATALOG_SHEET_ROUTES,
  'catalog-sheets/export-catalog',
  async ({ event, query }) => {
    const file = await exportCatalog({ origin: feedOrigin(event.headers ?? {}), category: query.category });
    if (query.format !== 'csv') return { products: file.products, rows: file.rows, fileName: file.fileName };
    return rawReply(200, file.csv, 'text/csv; charset=utf-8', {
      'cache-control': 'no-store',
      'content-disposition': `attachment; filename="${file.fileName}"`,
    });
  },
);
