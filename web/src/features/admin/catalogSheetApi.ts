import {
  catalogSettingsSchema,
  importAnswerSchema,
  importViewSchema,
  type ImportView,
} from '#shared/schemas/catalog-sheet';
import { ApiError, api } from '../../lib/api';
import { downloadCsv } from './adminApi';

export const getCatalogSettings = () => api('/api/admin/catalog/settings', catalogSettingsSchema, { auth: true });
export const saveDefaultBrand = (defaultBrand: string) =>
  api('/api/admin/catalog/settings', catalogSettingsSchema, { auth: true, method: 'PUT', body: { defaultBrand } });

export const downloadCatalog = (category: string) =>
  downloadCsv(
    `/api/admin/catalog/export?format=csv${category ? `&category=${encodeURIComponent(category)}` : ''}`,
    'catalog.csv',
  );

export const getImport = (id: string) =>
  api(`/api/admin/catalog/imports/${encodeURIComponent(id)}`, importViewSchema, { auth: true });
export const applyImport = (id: string) =>
  api(`/api/admin/catalog/imports/${encodeURIComponent(id)}/apply`, importViewSchema, { auth: true, method: 'POST' });

/** PUTs one file to its presigned URL (no token: the signature is the permission). */
async function put(target: { uploadUrl: string; headers: Record<string, string> }, file: File) {
  const response = await fetch(target.uploadUrl, { method: 'PUT', headers: target.headers, body: file });
  if (!response.ok) throw new ApiError(response.status, 'upload_failed', 'The file could not be sent. Try again.');
}

/** Starts an import: the zip goes first, then the CSV (whose arrival starts the check). */
export async function startImport(csv: File, zip: File | null, retireMissing: boolean): Promise<string> {
  const answer = await api('/api/admin/catalog/imports', importAnswerSchema, {
    auth: true,
    body: { fileName: csv.name, csvBytes: csv.size, ...(zip ? { zipBytes: zip.size } : {}), retireMissing },
  });
  if (zip && answer.zip) await put(answer.zip, zip);
  await put(answer.csv, csv);
  return answer.id;
}

/** Whether the job is still working on an import (the page asks again). */
export const isWorking = (view: ImportView) =>
  view.status === 'uploading' || view.status === 'checking' || view.status === 'applying';
