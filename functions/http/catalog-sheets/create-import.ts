import { CATALOG_SHEET_ROUTES } from '#shared/routes/catalog-sheets';
import { createImport } from '../../domain/catalog-sheet/job';
import { defineHandler, reply } from '../../lib/http';

export const handler = defineHandler(CATALOG_SHEET_ROUTES, 'catalog-sheets/create-import', async ({ body }) =>
  reply(201, await createImport(body)),
);
