import { randomUUID } from 'node:crypto';
import { IMAGE_TYPES } from '../../../shared/schemas/admin';
import { presignUpload } from '../../lib/storage';

/** A presigned PUT straight to the image bucket: the browser uploads, no image passes through a Lambda. */
export async function createUpload(contentType: keyof typeof IMAGE_TYPES) {
  const key = `images/products/${randomUUID()}.${IMAGE_TYPES[contentType]}`;
  return { uploadUrl: await presignUpload(key, contentType), key, url: `/${key}`, headers: { 'content-type': contentType } };
}
