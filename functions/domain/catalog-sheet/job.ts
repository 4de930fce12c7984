import { randomUUID } from 'node:crypto';
import { importKeys, SHEET_LIMITS, SHEET_REFUSALS } from '#shared/catalog-sheet';
import type { ImportAnswer, ImportRequest, ImportView } from '#shared/schemas/catalog-sheet';
import { catalogImports, type CatalogImportRecord } from '../../db/entities/catalog-import';
import { products } from '../../db/entities/product';
import { isConditionFailure } from '../../db/table';
import { conflict, notFound } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { getObject, isMissingObject, presignUpload, putObject } from '../../lib/storage';
import { applyPlan } from './apply';
import type { FetchOptions } from './fetch-image';
import { planImport, type Plan } from './plan';
import { sheetProducts } from './products';
import { readSheet } from './read';
import { openPhotoZip, ZipRefusal, type PhotoZip } from './zip';

/**
 * How long one run of the job applies before it hands the rest to its next step: the function may run 120 s
 * (infra/lib/images.ts), and one product with three new photos takes a few seconds.
 */
export const APPLY_SLICE_MS = 90_000;

/** An import's record and files are kept 30 days. */
const KEPT_SECONDS = 30 * 24 * 60 * 60;
const NO_IMPORT = 'No import has this id.';
/** Why an import cannot be applied (one applied or applying is answered as it stands). */
export const NOT_APPLICABLE = {
  notChecked: 'This import is not checked yet: apply it once its check has finished.',
  problems: 'This import has problems to fix: upload the corrected file.',
} as const;

/**
 * Starts an import (issue 55 item 4; docs/decisions/0151): the record, and an upload URL for the CSV (and the zip of
 * photos, if any), each signed for the exact size the owner said. The CSV's arrival starts the check (the S3 trigger;
 * locally the S3 stand-in's hook), so the zip goes first.
 */
export async function createImport(request: ImportRequest): Promise<ImportAnswer> {
  const id = randomUUID();
  await catalogImports.create({
    id,
    status: 'uploading',
    fileName: request.fileName,
    csvBytes: request.csvBytes,
    ...(request.zipBytes ? { zipBytes: request.zipBytes } : {}),
    retireMissing: request.retireMissing,
    expiresAt: Math.floor(Date.now() / 1000) + KEPT_SECONDS,
  });
  const keys = importKeys(id);
  const upload = async (key: string, type: string, size: number) => ({
    uploadUrl: await presignUpload(key, type, size),
    headers: { 'content-type': type },
  });
  return {
    id,
    csv: await upload(keys.csv, 'text/csv', request.csvBytes),
    ...(request.zipBytes ? { zip: await upload(keys.zip, 'application/zip', request.zipBytes) } : {}),
  };
}

/** What the owner's page shows of an import. */
export function importView(record: CatalogImportRecord): ImportView {
  return {
    id: record.id,
    status: record.status,
    fileName: record.fileName,
    retireMissing: record.retireMissing,
    createdAt: record.createdAt,
    ...(record.refusal ? { refusal: record.refusal } : {}),
    problems: record.problems ?? [],
    problemCount: record.problemCount ?? 0,
    warnings: record.warnings ?? [],
    ...(record.summary ? { summary: record.summary } : {}),
    ...(record.phase ? { phase: record.phase } : {}),
    done: record.done,
    ...(record.total !== undefined ? { total: record.total } : {}),
    ...(record.results ? { results: record.results } : {}),
  };
}

export async function getImport(id: string): Promise<ImportView> {
  const record = await catalogImports.get({ id }, { consistent: true });
  if (!record) throw notFound(NO_IMPORT);
  return importView(record);
}

/** Moves an import from one state to the next on the condition it is still in the first; false when it was not. */
async function move(id: string, from: CatalogImportRecord['status'], set: Partial<CatalogImportRecord>) {
  try {
    await catalogImports.update({ id }, { set }, { when: { equals: { status: from } } });
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

async function zipOf(record: CatalogImportRecord): Promise<PhotoZip | null> {
  if (!record.zipBytes) return null;
  let bytes: Buffer;
  try {
    bytes = await getObject(importKeys(record.id).zip);
  } catch (error) {
    if (isMissingObject(error)) throw new ZipRefusal(SHEET_REFUSALS.zipMissing);
    throw error;
  }
  return openPhotoZip(bytes);
}

/**
 * The dry run (the job's first step, when the CSV has arrived): the file read and every row checked, the zip opened
 * within its limits, the plan made against the shop as it is and kept beside the file. Writes nothing of the
 * catalogue. Runs once per import (a second delivery of the event finds it checked).
 */
export async function checkImport(id: string): Promise<void> {
  const record = await catalogImports.get({ id }, { consistent: true });
  if (!record || !(await move(id, 'uploading', { status: 'checking' }))) return;
  const refuse = (refusal: string) => catalogImports.update({ id }, { set: { status: 'refused', refusal } });
  const bytes = await getObject(importKeys(id).csv);
  const read = readSheet(bytes);
  if ('refusal' in read) return void (await refuse(read.refusal));
  let zip: PhotoZip | null;
  try {
    zip = await zipOf(record);
  } catch (error) {
    if (error instanceof ZipRefusal) return void (await refuse(error.message));
    throw error;
  }
  const tags = new Map<string, string>();
  for (const status of ['listed', 'drafted'] as const)
    for (const product of await products.query('byStatus', { status })) tags.set(product.id, product.tag);
  const sheet = sheetProducts(read.sheet, (handle) => tags.get(handle));
  const planned = await planImport(sheet.products, {
    zip,
    retireMissing: record.retireMissing,
    rows: read.sheet.rows.length,
  });
  const problems = [...read.problems, ...sheet.problems, ...planned.problems].sort((a, b) => a.line - b.line);
  const warnings = [
    ...read.sheet.ignored.slice(0, 1).map(() => ({
      line: 1,
      column: read.sheet.ignored.join(', '),
      message: 'These columns are not read by the shop.',
    })),
    ...sheet.warnings,
    ...planned.warnings,
  ];
  await putObject(importKeys(id).plan, Buffer.from(JSON.stringify(planned.plan)), 'application/json');
  await catalogImports.update(
    { id },
    {
      set: {
        status: 'checked',
        problems: problems.slice(0, SHEET_LIMITS.problemsKept),
        problemCount: problems.length,
        warnings: warnings.slice(0, SHEET_LIMITS.problemsKept),
        summary: planned.plan.summary,
        total: planned.plan.entries.length,
      },
    },
  );
  logger.info('catalog import checked', { importId: id, problems: problems.length, ...planned.plan.summary });
}

/**
 * The owner confirms the dry run: an import checked without problems moves to applying, and the job's next step is
 * asked for (an object whose arrival runs it). 409 for one with problems, refused, or applied already.
 */
export async function confirmImport(id: string): Promise<ImportView> {
  const record = await catalogImports.get({ id }, { consistent: true });
  if (!record) throw notFound(NO_IMPORT);
  if (record.status === 'applying' || record.status === 'applied') return importView(record);
  if (record.status === 'uploading' || record.status === 'checking') throw conflict(NOT_APPLICABLE.notChecked);
  if (record.status !== 'checked' || record.problemCount) throw conflict(NOT_APPLICABLE.problems);
  if (await move(id, 'checked', { status: 'applying', phase: 'products', done: 0, step: 1 }))
    await putObject(importKeys(id).step(1), Buffer.from(id), 'text/plain');
  return getImport(id);
}

/**
 * The apply (the job's second step): the plan, product by product from where it stands, then applied. A second run
 * (S3 delivers an event twice; a crash midway and a retry) goes on from `done`: nothing is written twice.
 */
export async function runApply(id: string, fetchOptions: FetchOptions & { sliceMs?: number } = {}): Promise<void> {
  const record = await catalogImports.get({ id }, { consistent: true });
  if (record?.status !== 'applying') return;
  const plan = JSON.parse((await getObject(importKeys(id).plan)).toString('utf8')) as Plan;
  const zip = await zipOf(record);
  const deadline = Date.now() + (fetchOptions.sliceMs ?? APPLY_SLICE_MS);
  const { results, finished } = await applyPlan(id, plan, zip, fetchOptions, undefined, deadline);
  if (!finished) {
    // Time is up for this run of the function: the next step goes on from `done` (docs/decisions/0151).
    const step = record.step + 1;
    await catalogImports.update({ id }, { set: { step } });
    await putObject(importKeys(id).step(step), Buffer.from(id), 'text/plain');
    logger.info('catalog import goes on in its next step', { importId: id, step });
    return;
  }
  await move(id, 'applying', { status: 'applied', results });
  logger.info('catalog import applied', { importId: id, ...results, failed: results.failed.length });
}

/** The job's event: an object of an import arrived; its key says which step runs. */
export async function runImportStep(
  key: string,
  fetchOptions: FetchOptions & { sliceMs?: number } = {},
): Promise<void> {
  const match = /^catalog-imports\/([0-9a-f-]{36})\/(file\.csv|steps\/\d+\.step)$/.exec(key);
  if (!match) {
    logger.warn('not an import key; ignored', { key });
    return;
  }
  if (match[2] === 'file.csv') await checkImport(match[1]);
  else await runApply(match[1], fetchOptions);
}
