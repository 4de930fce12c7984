import { uploadAnswerSchema, uploadIdSchema, uploadRequestSchema, uploadStatusSchema } from '../schemas/admin';
import type { RouteDef } from './types';

/** The owner's photo uploads (a part of ADMIN_ROUTES, shared/routes/admin.ts). */
// One route a line, as a table (Prettier would put each field on its own line). Each entry is its own export: a
// handler imports its own, so its bundle leaves the others out (an entry with a spread would stay in: none has one).
// prettier-ignore
export const adminCreateUpload = { method: 'POST', path: '/api/admin/uploads', handler: 'admin/create-upload', access: 'admin', table: 'readwrite', uses: ['s3'], body: uploadRequestSchema, answer: uploadAnswerSchema, success: [201], summary: 'A presigned S3 PUT URL for one product image (the upload is recorded as issued for a day)' } as const satisfies RouteDef;
// prettier-ignore
export const adminGetUpload = { method: 'GET', path: '/api/admin/uploads/{id}', handler: 'admin/get-upload', access: 'admin', table: 'read', params: { id: uploadIdSchema }, answer: uploadStatusSchema, refusals: { 404: 'The shop never issued this upload id (or issued it more than a day ago and no photo was made of it)' }, summary: 'Whether the image pipeline has made the photo of one upload (processing, ready, failed)' } as const satisfies RouteDef;

export const ADMIN_UPLOAD_ROUTES = [adminCreateUpload, adminGetUpload] as const satisfies readonly RouteDef[];
