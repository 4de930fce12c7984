import { model, type Timestamps } from '../table';

/**
 * What the image pipeline made of one upload (functions/domain/images/pipeline.ts): `ready` with the oriented
 * original's size and the variant widths, or `failed` with the reason an admin is shown. No record yet means the
 * upload has not been processed (or not made).
 */
export interface ImageRecord extends Timestamps {
  id: string;
  status: 'ready' | 'failed';
  /** The original's key, e.g. uploads/<id>.jpg (private). */
  original: string;
  width: number;
  height: number;
  widths: number[];
  reason?: string;
}

export const images = model<ImageRecord, 'id'>({ entity: 'image', pk: ['id'] });
