import { randomUUID } from 'node:crypto';
import {
  ARTWORK_FORMATS,
  ARTWORK_HOLDING_PREFIX,
  ARTWORK_PREFIX,
  HOLDING_KEPT_DAYS,
  MAX_ARTWORK_BYTES,
  PREVIEW_FORMATS,
  type ArtworkFormat,
} from '#shared/quotes';
import type { artworkCheckedSchema, artworkUploadAnswerSchema } from '#shared/schemas/quotes';
import type * as z from '#shared/schemas/zod';
import type { ArtworkFile } from '../../db/entities/quote';
import { quoteUploads, type QuoteUploadRecord } from '../../db/entities/quote';
import { badRequest, notFound } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { copyObject, deleteKeys, getObject, objectHead, presignUpload } from '../../lib/storage';

/**
 * Quote artwork (issue 37, docs/decisions/0112): uploaded by the browser straight to the bucket's private holding
 * prefix with a presigned PUT (its type and exact size signed), then checked here from its bytes, then moved under
 * its quote's prefix when a request takes it. Nothing of it is ever public: CloudFront reads only product photos,
 * and a download is a one-minute presigned GET that S3 answers as an attachment.
 */

/** How many first bytes the check reads: enough for every signature, and for an SVG's first element. */
const HEAD_BYTES = 4096;

const startsWith = (bytes: Buffer, text: string) => bytes.toString('latin1', 0, text.length) === text;
/** An SVG: XML text whose first element (after a BOM, an XML declaration, comments and a doctype) is <svg. */
function isSvg(bytes: Buffer): boolean {
  const text = bytes
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .replace(/^\s*<\?xml[^>]*\?>/, '')
    .replace(/^(\s*<!--[\s\S]*?-->)*/, '')
    .replace(/^\s*<!DOCTYPE[^>]*>/i, '')
    .replace(/^(\s*<!--[\s\S]*?-->)*/, '')
    .trimStart();
  return /^<svg[\s>]/.test(text);
}
const isPdf = (bytes: Buffer) => startsWith(bytes, '%PDF-');
const isPostScript = (bytes: Buffer) =>
  startsWith(bytes, '%!PS-Adobe') || (bytes[0] === 0xc5 && bytes[1] === 0xd0 && bytes[2] === 0xd3 && bytes[3] === 0xc6);

/**
 * Whether a file's first bytes are what its format says: PNG and JPEG by their signatures, PDF by `%PDF-`, SVG as
 * XML text whose first element is <svg>, EPS as PostScript (or its DOS binary header), Illustrator as the PDF or
 * PostScript it is saved as, ZIP by its local file header (or an empty archive's end record).
 */
export function bytesAre(format: ArtworkFormat, bytes: Buffer): boolean {
  switch (format) {
    case 'png':
      return bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    case 'jpeg':
      return bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
    case 'pdf':
      return isPdf(bytes);
    case 'svg':
      return isSvg(bytes);
    case 'eps':
      return isPostScript(bytes);
    case 'ai':
      return isPdf(bytes) || isPostScript(bytes);
    case 'zip':
      return startsWith(bytes, 'PK\u0003\u0004') || startsWith(bytes, 'PK\u0005\u0006');
  }
}

const holdingKey = (uploadId: string, format: ArtworkFormat) =>
  `${ARTWORK_HOLDING_PREFIX}${uploadId}.${ARTWORK_FORMATS[format].extensions[0]}`;

/**
 * POST /api/quote-uploads: a presigned PUT of exactly `size` bytes of the format's type into the holding prefix, and
 * the upload recorded as issued (forgotten after HOLDING_KEPT_DAYS, when the lifecycle rule deletes the object too).
 */
export async function createArtworkUpload(request: {
  name: string;
  format: ArtworkFormat;
  size: number;
}): Promise<z.infer<typeof artworkUploadAnswerSchema>> {
  const uploadId = randomUUID();
  const key = holdingKey(uploadId, request.format);
  const type = ARTWORK_FORMATS[request.format].type;
  await quoteUploads.create({
    uploadId,
    key,
    name: request.name,
    format: request.format,
    size: request.size,
    status: 'issued',
    expiresAt: Math.floor(Date.now() / 1000) + HOLDING_KEPT_DAYS * 24 * 3600,
  });
  return { uploadId, uploadUrl: await presignUpload(key, type, request.size), headers: { 'content-type': type } };
}

/** An upload the shop issued and has not forgotten, or 404. */
async function issuedUpload(uploadId: string): Promise<QuoteUploadRecord> {
  const upload = await quoteUploads.get({ uploadId }, { consistent: true });
  if (!upload || upload.expiresAt * 1000 <= Date.now())
    throw notFound('This file upload is unknown or too old. Please add the file again.');
  return upload;
}

/** A small JPEG of a PNG or JPEG (at most 320 px wide), as a data: URL; null when it cannot be read as a picture. */
async function previewOf(key: string): Promise<string | null> {
  try {
    // Loaded here, not with the module: every quote function imports this file, only the check makes previews (and
    // its function alone has sharp installed beside it: the route's `native`).
    const { default: sharp } = await import('sharp');
    const jpeg = await sharp(await getObject(key), { limitInputPixels: 100_000_000, failOn: 'error', autoOrient: true })
      .resize({ width: 320, height: 320, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 70 })
      .toBuffer();
    return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
  } catch (error) {
    logger.warn('artwork preview not made', { key, error: error as Error });
    return null;
  }
}

/**
 * POST /api/quote-uploads/{uploadId}/check: reads the uploaded file's first bytes and its size. A file whose bytes
 * are not the format its name said, or larger than MAX_ARTWORK_BYTES, is deleted and refused (400 / 413 by the
 * caller's words); a good one is marked checked, with a private preview for PNG and JPEG. Checking twice answers the
 * same verdict.
 */
export async function checkArtwork(uploadId: string): Promise<z.infer<typeof artworkCheckedSchema>> {
  const upload = await issuedUpload(uploadId);
  const answer = (record: QuoteUploadRecord) => ({
    uploadId,
    name: record.name,
    format: record.format,
    size: record.size,
    preview: record.preview ?? null,
  });
  if (upload.status !== 'issued') return answer(upload);
  const stored = await objectHead(upload.key, HEAD_BYTES);
  if (!stored) throw badRequest(`“${upload.name}” did not arrive. Please add it again.`);
  const label = ARTWORK_FORMATS[upload.format].label;
  const refusal =
    stored.size > MAX_ARTWORK_BYTES
      ? `“${upload.name}” is larger than ${MAX_ARTWORK_BYTES / (1024 * 1024)} MB. Please send a smaller file.`
      : !bytesAre(upload.format, stored.head)
        ? `“${upload.name}” is not a ${label} file, whatever its name says. Please send PNG, JPEG, PDF, SVG, AI, EPS or ZIP files.`
        : null;
  if (refusal) {
    await deleteKeys([upload.key]);
    await quoteUploads.delete({ uploadId });
    throw badRequest(refusal, { files: refusal });
  }
  const preview = PREVIEW_FORMATS.includes(upload.format) ? await previewOf(upload.key) : null;
  const checked: QuoteUploadRecord = {
    ...upload,
    size: stored.size,
    status: 'checked',
    ...(preview ? { preview } : {}),
  };
  await quoteUploads.put(checked, { when: { equals: { status: 'issued' } } }).catch(() => undefined);
  return answer(checked);
}

/**
 * The checked uploads a request names, for its quote: each must have been checked and not taken by another request
 * (400 otherwise, nothing changed). Their objects are copied under the quote's prefix (inside S3) and the holding
 * copies deleted; a holding copy left behind is deleted by the lifecycle rule.
 */
export async function takeArtwork(uploadIds: readonly string[], quoteId: string): Promise<ArtworkFile[]> {
  const ids = [...new Set(uploadIds)];
  const found = await quoteUploads.getMany(ids.map((uploadId) => ({ uploadId })));
  const byId = new Map(found.map((upload) => [upload.uploadId, upload]));
  const uploads = ids.map((id) => byId.get(id));
  if (uploads.some((upload) => !upload || upload.status === 'issued' || (upload.quoteId && upload.quoteId !== quoteId)))
    throw badRequest('Please wait until every file is checked, or remove the ones that were refused.', {
      files: 'Please wait until every file is checked, or remove the ones that were refused.',
    });
  const files: ArtworkFile[] = [];
  for (const upload of uploads as QuoteUploadRecord[]) {
    const key = `${ARTWORK_PREFIX}${quoteId}/${upload.uploadId}.${ARTWORK_FORMATS[upload.format].extensions[0]}`;
    if (upload.status === 'checked') {
      await copyObject(upload.key, key);
      await quoteUploads.update({ uploadId: upload.uploadId }, { set: { status: 'attached', quoteId } });
      await deleteKeys([upload.key]);
    }
    files.push({
      id: upload.uploadId,
      name: upload.name,
      format: upload.format,
      size: upload.size,
      key,
      ...(upload.preview ? { preview: upload.preview } : {}),
    });
  }
  return files;
}
