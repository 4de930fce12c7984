import {
  catalogSettingsBodySchema,
  catalogSettingsSchema,
  exportAnswerSchema,
  exportQuerySchema,
  importAnswerSchema,
  importIdSchema,
  importRequestSchema,
  importViewSchema,
} from '../schemas/catalog-sheet';
import type { RouteDef } from './types';

const IMPORT = { id: importIdSchema } as const;
const NO_IMPORT = 'No import has this id';

/**
 * The catalogue as a spreadsheet (issue 55 item 4; docs/decisions/0151): the export, and an import's upload, its dry
 * run and its apply. The check and the apply run in the import job (functions/events/catalog-import.ts), started by
 * the files' arrival in the image bucket; these routes only sign the uploads, read the job's record and confirm.
 */
export const CATALOG_SHEET_ROUTES = [
  {
    method: 'GET',
    path: '/api/admin/catalog/settings',
    handler: 'catalog-sheets/get-settings',
    access: 'admin',
    table: 'read',
    uses: ['origin'],
    answer: catalogSettingsSchema,
    summary: "The shop's default brand (for products without their own) and the feeds' addresses",
  },
  {
    method: 'PUT',
    path: '/api/admin/catalog/settings',
    handler: 'catalog-sheets/save-settings',
    access: 'admin',
    table: 'readwrite',
    uses: ['origin'],
    body: catalogSettingsBodySchema,
    answer: catalogSettingsSchema,
    summary: "Sets the shop's default brand ('' : the shop's name)",
  },
  {
    method: 'GET',
    path: '/api/admin/catalog/export',
    handler: 'catalog-sheets/export-catalog',
    access: 'admin',
    table: 'read',
    uses: ['origin'],
    query: exportQuerySchema,
    answer: exportAnswerSchema,
    download: 'text/csv',
    summary:
      "The whole catalogue (or ?category=) as Shopify's product CSV with the shop's columns: ?format=csv the file, else its counts",
  },
  {
    method: 'POST',
    path: '/api/admin/catalog/imports',
    handler: 'catalog-sheets/create-import',
    access: 'admin',
    table: 'readwrite',
    uses: ['s3'],
    body: importRequestSchema,
    answer: importAnswerSchema,
    success: [201],
    summary:
      "Starts an import: presigned PUT URLs for the CSV (and the zip of photos); the CSV's arrival starts the dry run",
  },
  {
    method: 'GET',
    path: '/api/admin/catalog/imports/{id}',
    handler: 'catalog-sheets/get-import',
    access: 'admin',
    table: 'read',
    params: IMPORT,
    answer: importViewSchema,
    refusals: { 404: NO_IMPORT },
    summary:
      "An import as the job left it: its dry run's problems by line and column and summary, then the apply's progress and results",
  },
  {
    method: 'POST',
    path: '/api/admin/catalog/imports/{id}/apply',
    handler: 'catalog-sheets/apply-import',
    access: 'admin',
    table: 'readwrite',
    uses: ['s3'],
    params: IMPORT,
    answer: importViewSchema,
    refusals: { 404: NO_IMPORT, 409: 'The dry run found problems, refused the file, or has not finished' },
    summary: 'Applies a checked import (the job runs it); once applying or applied, answers it as it is',
  },
] as const satisfies readonly RouteDef[];
