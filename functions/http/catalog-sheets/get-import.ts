import { CATALOG_SHEET_ROUTES } from '#shared/routes/catalog-sheets';
import { getImport } from '../../domain/catalog-sheet/job';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(CATALOG_SHEET_ROUTES, 'catalog-sheets/get-import', ({ params }) =>
  getImport(params.id),
);
