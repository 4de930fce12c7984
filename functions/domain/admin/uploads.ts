import { randomUUID } from 'node:crypto';
import {
  photoPath,
  UPLOAD_CORRELATION_HEADER,
  UPLOAD_CORRELATION_METADATA,
  variantUrl,
  widthFor,
  type Photo,
} from '#shared/images';
import { IMAGE_TYPES, type ImageType, type UploadAnswer, type UploadStatus } from '#shared/schemas/admin';
import { images } from '../../db/entities/image';
import { uploads } from '../../db/entities/upload';
import { notFound } from '../../lib/errors';
import { currentCorrelationId } from '../../lib/logger';
import { presignUpload } from '../../lib/storage';

/** How long an issued upload's id is known ("processing") without a photo made of it: a day. */
export const UPLOAD_KEPT_SECONDS = 24 * 60 * 60;
export const UNKNOWN_UPLOAD = 'No upload has this id: ask for a new upload URL and send the image again.';

/**
 * A presigned PUT straight to the image bucket's private uploads/ (key uploads/<uuid>.<ext>): the browser
 * uploads, no image passes through a Lambda. The upload triggers the image pipeline; the product names the photo
 * by `url` (/images/products/<uuid>), whose variants appear once `GET /api/admin/uploads/<uuid>` says ready.
 * The type is fixed by the allow-list (the file name is not trusted for it). The upload carries this request's
 * correlation id as metadata (a header the URL is signed for: `headers` names it), so the pipeline's lines carry it
 * too (docs/decisions/0100).
 */
export async function createUpload(request: { contentType: ImageType; size: number }): Promise<UploadAnswer> {
  const id = randomUUID();
  const key = `uploads/${id}.${IMAGE_TYPES[request.contentType]}`;
  await uploads.create({ id, key, expiresAt: Math.floor(Date.now() / 1000) + UPLOAD_KEPT_SECONDS });
  const correlationId = currentCorrelationId();
  return {
    id,
    uploadUrl: await presignUpload(
      key,
      request.contentType,
      request.size,
      correlationId ? { [UPLOAD_CORRELATION_METADATA]: correlationId } : {},
    ),
    key,
    url: photoPath(id),
    headers: {
      'content-type': request.contentType,
      ...(correlationId ? { [UPLOAD_CORRELATION_HEADER]: correlationId } : {}),
    },
  };
}

/**
 * Where an upload is in the pipeline: ready (with a preview) or failed (with why) once the image record is written;
 * before that processing, when the shop issued this upload (in the last day); otherwise 404.
 */
export async function uploadStatus(id: string): Promise<UploadStatus> {
  const record = await images.get({ id }, { consistent: true });
  if (!record) {
    const issued = await uploads.get({ id }, { consistent: true });
    if (!issued || issued.expiresAt * 1000 <= Date.now()) throw notFound(UNKNOWN_UPLOAD);
    return { id, status: 'processing' };
  }
  if (record.status === 'failed')
    return { id, status: 'failed', reason: record.reason ?? 'This file could not be read as a photo.' };
  const photo: Photo = { src: photoPath(id), width: record.width, height: record.height, widths: record.widths };
  return { id, status: 'ready', photo, preview: variantUrl(photo, widthFor(photo, 320), 'jpg') };
}
