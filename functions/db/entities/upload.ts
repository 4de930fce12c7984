import { model, type Timestamps } from '../table';

/**
 * An upload the shop issued (POST /api/admin/uploads): its id is one the image pipeline may make a photo of, so
 * `GET /api/admin/uploads/{id}` answers "processing" for it until the image record (entities/image.ts) says what came
 * of it, and 404 for an id it never issued. Kept a day (TTL), long after its URL expired (functions/lib/storage.ts).
 */
export interface UploadRecord extends Timestamps {
  id: string;
  /** The key the presigned PUT writes, e.g. uploads/<id>.jpg (private). */
  key: string;
  /** TTL (epoch seconds): when the id is forgotten; until DynamoDB clears it, the status reads it as gone. */
  expiresAt: number;
}

export const uploads = model<UploadRecord, 'id'>({ entity: 'upload', pk: ['id'] });
