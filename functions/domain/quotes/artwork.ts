import { randomUUID } from 'node:crypto';
import {
  ARTWORK_CHECKED_PREFIX,
  ARTWORK_FORMATS,
  ARTWORK_HOLDING_PREFIX,
  ARTWORK_PREFIX,
  HOLDING_KEPT_DAYS,
  MAX_ARTWORK_BYTES,
  PREVIEW_FORMATS,
  type ArtworkFormat,
} from '#shared/quotes';
import { MESSAGES } from '#shared/messages';
import type { artworkCheckedSchema, artworkUploadAnswerSchema } from '#shared/schemas/quotes';
import type * as z from '#shared/schemas/zod';
import type { ArtworkFile } from '../../db/entities/quote';
import { quoteUploads, type QuoteUploadRecord } from '../../db/entities/quote';
import { isConditionFailure, type TransactItem } from '../../db/table';
import { badRequest, notFound } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { copyObject, deleteKeys, getObject, isMissingObject, objectHead, presignUpload } from '../../lib/storage';

/**
 * Quote artwork (issue 37, docs/decisions/0112, 0138): uploaded by the browser straight to the bucket's private
 * holding prefix with a presigned PUT (its type and exact size signed), then copied to a key no upload link names and
 * checked there from its bytes, then copied under its quote's prefix when a request takes it. Nothing of it is ever
 * public: CloudFront reads only product photos, and a download is a one-minute presigned GET that S3 answers as an
 * attachment.
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

/** Where the check copies an upload: a key of its own each time (two checks at once never write one key). */
const checkedKeyOf = (upload: QuoteUploadRecord) =>
  `${ARTWORK_CHECKED_PREFIX}${upload.uploadId}/${randomUUID()}.${ARTWORK_FORMATS[upload.format].extensions[0]}`;

/**
 * POST /api/quote-uploads/{uploadId}/check (docs/decisions/0138): copies the uploaded file, inside S3, to a key of its
 * own under ARTWORK_CHECKED_PREFIX, which no upload link names, and reads that copy's first bytes and size. The upload
 * link stays valid for minutes, so bytes put with it after this moment land at the holding key, which nothing reads
 * again: the verdict is bound to the copy, and a request takes the copy. A file whose bytes are not the format its name
 * said, or larger than MAX_ARTWORK_BYTES, is deleted and refused (400 in the caller's words); a good one is marked
 * checked with its copy's key, and a private preview for PNG and JPEG. Checking twice answers the verdict saved first
 * (two checks at once: the first verdict written is the one kept, and the other's copy is deleted).
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
  const notThere = `“${upload.name}” did not arrive. Please add it again.`;
  const checkedKey = checkedKeyOf(upload);
  try {
    await copyObject(upload.key, checkedKey);
  } catch (error) {
    if (isMissingObject(error)) throw badRequest(notThere);
    throw error;
  }
  const stored = await objectHead(checkedKey, HEAD_BYTES);
  if (!stored) throw badRequest(notThere);
  const label = ARTWORK_FORMATS[upload.format].label;
  const refusal =
    stored.size > MAX_ARTWORK_BYTES
      ? `“${upload.name}” is larger than ${MAX_ARTWORK_BYTES / (1024 * 1024)} MB. Please send a smaller file.`
      : !bytesAre(upload.format, stored.head)
        ? `“${upload.name}” is not a ${label} file, whatever its name says. Please send PNG, JPEG, PDF, SVG, AI, EPS or ZIP files.`
        : null;
  if (refusal) {
    await deleteKeys([checkedKey, upload.key]);
    try {
      await quoteUploads.delete({ uploadId }, { when: { equals: { status: 'issued' } } });
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      // Another check of the same upload saved its verdict first: that one stands.
      const saved = await quoteUploads.get({ uploadId }, { consistent: true });
      if (saved && saved.status !== 'issued') return answer(saved);
    }
    throw badRequest(refusal, { files: refusal });
  }
  const preview = PREVIEW_FORMATS.includes(upload.format) ? await previewOf(checkedKey) : null;
  const checked: QuoteUploadRecord = {
    ...upload,
    checkedKey,
    size: stored.size,
    status: 'checked',
    ...(preview ? { preview } : {}),
  };
  try {
    await quoteUploads.put(checked, { when: { equals: { status: 'issued' } } });
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    await deleteKeys([checkedKey]);
    const saved = await quoteUploads.get({ uploadId }, { consistent: true });
    if (!saved) throw notFound('This file upload is unknown or too old. Please add the file again.');
    return answer(saved);
  }
  // The bytes at the holding key are never read again (the lifecycle rule deletes any put there later).
  await deleteKeys([upload.key]);
  return answer(checked);
}

/** A checked upload a request names, with the copy its check read. */
export type CheckedUpload = QuoteUploadRecord & { checkedKey: string };

const NOT_CHECKED = MESSAGES.artworkNotChecked;

/**
 * The uploads a request names, read (docs/decisions/0138): each must be the shop's, not forgotten, checked (with its
 * checked copy) and not taken by another request; 400 otherwise, nothing changed.
 */
export async function uploadsToTake(uploadIds: readonly string[]): Promise<CheckedUpload[]> {
  const ids = [...new Set(uploadIds)];
  // Consistent: a file checked a moment ago is seen as checked (an eventually consistent read could say "not checked").
  const found = await quoteUploads.getMany(
    ids.map((uploadId) => ({ uploadId })),
    { consistent: true },
  );
  const byId = new Map(found.map((upload) => [upload.uploadId, upload]));
  const now = Date.now();
  return ids.map((id) => {
    const upload = byId.get(id);
    if (!upload || upload.expiresAt * 1000 <= now || upload.status === 'issued' || !upload.checkedKey)
      throw badRequest(NOT_CHECKED, { files: NOT_CHECKED });
    if (upload.status === 'attached') throw takenAlready(upload);
    return upload as CheckedUpload;
  });
}

/** An upload another request took (first, or at the same moment). */
export function takenAlready(upload: Pick<QuoteUploadRecord, 'name'>) {
  const message = `“${upload.name}” was sent with another request. Please add it again.`;
  return badRequest(message, { files: message });
}

/** The key of a quote's file, under the quote's own prefix. */
const quoteKey = (upload: QuoteUploadRecord, quoteId: string) =>
  `${ARTWORK_PREFIX}${quoteId}/${upload.uploadId}.${ARTWORK_FORMATS[upload.format].extensions[0]}`;

/**
 * The quote's files: each checked copy copied inside S3 under the quote's prefix (a copy cannot be part of the
 * table's transaction, so it is made first: a quote never names a file that is not there). A copy whose checked copy
 * is gone (the lifecycle rule) is 400, as an upload never checked.
 */
export async function copyArtwork(uploads: readonly CheckedUpload[], quoteId: string): Promise<ArtworkFile[]> {
  const files: ArtworkFile[] = [];
  for (const upload of uploads) {
    const key = quoteKey(upload, quoteId);
    try {
      await copyObject(upload.checkedKey, key);
    } catch (error) {
      await dropArtwork(files);
      if (isMissingObject(error)) throw badRequest(NOT_CHECKED, { files: NOT_CHECKED });
      throw error;
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

/**
 * The quote's transaction items that take its uploads: each checked -> attached to the quote, on the condition that
 * it is still checked with the copy the files were made from. Of two requests naming one upload, one transaction
 * takes it and the other fails whole.
 */
export const attachItems = (uploads: readonly CheckedUpload[], quoteId: string): TransactItem[] =>
  uploads.map((upload) =>
    quoteUploads.transact.update(
      { uploadId: upload.uploadId },
      { set: { status: 'attached', quoteId } },
      { when: { equals: { status: 'checked', checkedKey: upload.checkedKey } } },
    ),
  );

/** The copies a request made and then did not store (it lost to another, or failed): deleted, best effort. */
export async function dropArtwork(files: readonly Pick<ArtworkFile, 'key'>[]): Promise<void> {
  if (!files.length) return;
  try {
    await deleteKeys(files.map((file) => file.key));
  } catch (error) {
    // Left to the lifecycle rule of the quotes' prefix.
    logger.warn('copies of a request not stored were not deleted', { error: error as Error });
  }
}
