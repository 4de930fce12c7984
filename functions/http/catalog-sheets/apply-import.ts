import { adminApplyImport } from '#shared/routes/catalog-sheets';
import { confirmImport } from '../../domain/catalog-sheet/job';
import { defineHandler } from '../../lib/http';

export const handler = defineHandler([adminApplyImport], 'catalog-sheets/apply-import', ({ params }) =>
  confirmImport(params.id),
);
