import sharp, { type Sharp } from 'sharp';
import {
  MADE_BY_IMPORT,
  MADE_BY_METADATA,
  MAX_PHOTO_PIXELS,
  PHOTO_FORMATS,
  PHOTO_ID,
  UPLOAD_CORRELATION_METADATA,
  UPLOAD_PREFIX,
  VARIANT_CACHE_CONTROL,
  variantKey,
  variantWidths,
  type PhotoExt,
} from '#shared/images';
import { PHOTO_MESSAGES } from '#shared/messages';
import { UPLOAD_FORMATS, uploadTypeOf } from './formats';
import { images, type ImageRecord } from '../../db/entities/image';
import { logger, withCorrelationId } from '../../lib/logger';
import { getObjectWithMetadata, putObject } from '../../lib/storage';

/** The sharp format name of an upload's bytes, or null for anything that is not one of the upload types. */
export function uploadFormatOf(bytes: Buffer): string | null {
  const type = uploadTypeOf(bytes);
  return type ? UPLOAD_FORMATS[type].sharp : null;
}

/** Whether bytes look like SVG (or any XML): markup, whatever the upload was called; only for a clearer refusal. */
const looksLikeSvg = (bytes: Buffer) =>
  /^(\uFEFF)?\s*<(\?xml|svg|!--|!DOCTYPE svg)/i.test(bytes.toString('utf8', 0, 512));

/** Encoder settings per format: a photo at about the quality of a good web JPEG, at a fraction of its bytes. */
const ENCODE: Record<PhotoExt, (image: Sharp) => Sharp> = {
  // AVIF at effort 0: on photos it is as small as effort 2-4 here and several times faster (docs/decisions/0027).
  avif: (image) => image.avif({ quality: 45, effort: 0 }),
  webp: (image) => image.webp({ quality: 72, effort: 4 }),
  jpg: (image) => image.jpeg({ quality: 74, mozjpeg: true, progressive: true }),
};

/** The photo id and original key of an upload key (`uploads/<id>.<ext>`); null for any other key. */
export function uploadedPhoto(key: string): { id: string; original: string } | null {
  const match = /^uploads\/([^/.]+)\.[a-z0-9]{2,5}$/.exec(key);
  return key.startsWith(UPLOAD_PREFIX) && match && PHOTO_ID.test(match[1]) ? { id: match[1], original: key } : null;
}

export interface Variant {
  key: string;
  width: number;
  ext: PhotoExt;
  type: string;
  body: Buffer;
}

/**
 * Turns an original into its variants: orientation applied from EXIF, then every width of `variantWidths` in
 * AVIF, WebP and JPEG. No metadata is written (sharp keeps none unless asked): EXIF, GPS, XMP and the camera's
 * ICC profile are gone; colours are converted to sRGB first.
 */
export async function makeVariants(
  id: string,
  original: Buffer,
): Promise<{ width: number; height: number; widths: number[]; variants: Variant[] }> {
  // The bytes first: only the upload types go on to a decoder (SVG, or anything else, never does).
  const format = uploadFormatOf(original);
  if (!format) throw new PhotoError(looksLikeSvg(original) ? PHOTO_MESSAGES.svg : PHOTO_MESSAGES.unreadable);
  // The header next (no pixels decoded): a photo over the pixel limit is refused by its size, in words the admin
  // can act on, before anything tries to decode it.
  const header = await sharp(original, { limitInputPixels: false }).metadata();
  if (header.format !== format) throw new PhotoError(PHOTO_MESSAGES.unreadable);
  if (header.width && header.height && header.width * header.height > MAX_PHOTO_PIXELS)
    throw new PhotoError(PHOTO_MESSAGES.tooManyPixels(header.width, header.height, MAX_PHOTO_PIXELS));
  const source = sharp(original, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error', autoOrient: true });
  const meta = await source.metadata();
  if (meta.format !== format) throw new PhotoError(PHOTO_MESSAGES.unreadable);
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (!width || !height) throw new PhotoError(PHOTO_MESSAGES.unreadable);
  // At most the photo's own width, except a photo narrower than the smallest standard width, enlarged to it.
  const widths = variantWidths(width);
  // Decoded once (oriented, sRGB, alpha flattened on white for JPEG); every width is resized from these pixels.
  const full = await source
    .flatten({ background: '#ffffff' })
    .toColorspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const variants: Variant[] = [];
  for (const w of widths) {
    const resized = await sharp(full.data, { raw: full.info })
      .resize({ width: w })
      .raw()
      .toBuffer({ resolveWithObject: true });
    for (const format of PHOTO_FORMATS) {
      const pixels = sharp(resized.data, { raw: resized.info });
      variants.push({
        key: variantKey(id, w, format.ext),
        width: w,
        ext: format.ext,
        type: format.type,
        body: await ENCODE[format.ext](pixels).toBuffer(),
      });
    }
  }
  return { width, height, widths, variants };
}

/** A file the pipeline refuses; its message is what the admin sees. */
export class PhotoError extends Error {}

/**
 * Processes one upload of the image bucket (the S3 trigger in AWS, the S3 stand-in's hook locally): writes the
 * variants under images/products/<id>/ and then the image record (`ready`, with sizes and widths; or `failed`
 * with the reason). Running twice for the same upload writes the same keys again (S3 may deliver an event twice).
 * Its lines carry the correlation id of the request that issued the upload's URL (the original's metadata).
 * `notified`: called by the bucket's notification, which passes over an original the catalogue import put (the
 * import makes it in its own run).
 */
export async function processUpload(key: string, options: { notified?: boolean } = {}): Promise<ImageRecord | null> {
  const upload = uploadedPhoto(key);
  if (!upload) {
    logger.warn('not an upload key; ignored', { key });
    return null;
  }
  const original = await getObjectWithMetadata(key);
  if (options.notified && original.metadata[MADE_BY_METADATA] === MADE_BY_IMPORT) {
    logger.info('made by the catalogue import; passed over', { key });
    return null;
  }
  return withCorrelationId(original.metadata[UPLOAD_CORRELATION_METADATA], async () => {
    try {
      const made = await makeVariants(upload.id, original.body);
      for (const variant of made.variants)
        await putObject(variant.key, variant.body, variant.type, VARIANT_CACHE_CONTROL);
      const record = await images.put({
        id: upload.id,
        status: 'ready',
        original: key,
        width: made.width,
        height: made.height,
        widths: made.widths,
      });
      logger.info('photo made', {
        key,
        photoId: upload.id,
        width: made.width,
        height: made.height,
        widths: made.widths,
      });
      return record;
    } catch (error) {
      const known =
        error instanceof PhotoError ||
        /unsupported image format|Input buffer|pixel limit|VipsJpeg|corrupt/i.test((error as Error).message);
      if (!known) throw error;
      logger.warn('upload refused by the image pipeline', { key, error: error as Error });
      const reason = error instanceof PhotoError ? error.message : PHOTO_MESSAGES.unreadable;
      return images.put({ id: upload.id, status: 'failed', original: key, width: 0, height: 0, widths: [], reason });
    }
  });
}
