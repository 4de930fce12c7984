import type { ImportStatus } from '#shared/catalog-sheet';
import type { ImportProblem, ImportResults, ImportSummary } from '#shared/schemas/catalog-sheet';
import { model, type Timestamps } from '../table';

/**
 * One import of a catalogue spreadsheet (issue 55 item 4; docs/decisions/0151): its files in the image bucket
 * (shared/catalog-sheet.ts importKeys), what its check found, and how far its apply has gone. The job works in steps;
 * each step holds the import by `step` (a conditional write) so two deliveries of one event never both work.
 */
export interface CatalogImportRecord extends Timestamps {
  id: string;
  status: ImportStatus;
  fileName: string;
  /** Bytes the owner said the file and the zip have (the upload URLs are signed for exactly these). */
  csvBytes: number;
  zipBytes?: number;
  /** Retire the shop's products the file does not name (an export of the whole catalogue, edited). */
  retireMissing: boolean;
  /** The check's findings: a refusal of the whole file, or the problems by line and column, and the summary. */
  refusal?: string;
  problems?: ImportProblem[];
  problemCount?: number;
  warnings?: ImportProblem[];
  summary?: ImportSummary;
  /** The apply: which part it is in, how many of the plan's products are done, what came of them. */
  phase?: 'photos' | 'products';
  done: number;
  total?: number;
  results?: ImportResults;
  /** The job's step now running (or next). */
  step: number;
  /** TTL (epoch seconds): the record goes 30 days after it was made; its files go with the bucket's lifecycle. */
  expiresAt: number;
  version: number;
}

export const catalogImports = model<CatalogImportRecord, 'id', 'done' | 'step' | 'version'>({
  entity: 'catalogImport',
  pk: ['id'],
  defaults: () => ({ done: 0, step: 0, version: 1 }),
});
