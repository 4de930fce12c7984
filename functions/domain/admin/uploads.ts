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
import { currentCorrelationId } from '../../lib/logger';
import { presignUpload } from '../../lib/storage';

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

/** Where an upload is in the pipeline: processing (no record yet), ready (with a preview) or failed (with why). */
export async function uploadStatus(id: string): Promise<UploadStatus> {
  const record = await images.get({ id }, { consistent: true });
  if (!record) return { id, status: 'processing' };
  if (record.status === 'failed')
    return { id, status: 'failed', reason: record.reason ?? 'This file could not be read as a photo.' };
  const photo: Photo = { src: photoPath(id), width: record.width, height: record.height, widths: record.widths };
  return { id, status: 'ready', photo, preview: variantUrl(photo, widthFor(photo, 320), 'jpg') };
}
