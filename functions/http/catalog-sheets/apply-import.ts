import { CATALOG_SHEET_ROUTES } from '#shared/routes/catalog-sheets';
import { confirmImport } from '../../domain/catalog-sheet/job';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler(CATALOG_SHEET_ROUTES, 'catalog-sheets/apply-import', ({ params }) =>
  confirmImport(params.id),
);
