import { randomUUID } from 'node:crypto';
import { IMAGE_TYPES, type ImageType, type UploadAnswer } from '../../../shared/schemas/admin';
import { presignUpload } from '../../lib/storage';

/**
 * A presigned PUT straight to the image bucket (key images/products/<uuid>.<ext>): the browser uploads, no
 * image passes through a Lambda. The type is fixed by the allow-list (the file name is not trusted for it).
 */
export async function createUpload(request: { contentType: ImageType; size: number }): Promise<UploadAnswer> {
  const key = `images/products/${randomUUID()}.${IMAGE_TYPES[request.contentType]}`;
  return {
    uploadUrl: await presignUpload(key, request.contentType, request.size),
    key,
    url: `/${key}`,
    headers: { 'content-type': request.contentType },
  };
}
