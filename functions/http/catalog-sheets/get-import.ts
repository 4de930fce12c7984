import { adminGetImport } from '#shared/routes/catalog-sheets';
import { getImport } from '../../domain/catalog-sheet/job';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler([adminGetImport], 'catalog-sheets/get-import', ({ params }) =>
  getImport(params.id),
);
