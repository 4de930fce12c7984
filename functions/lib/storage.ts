import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { clientFor, type ClientBase } from './aws-client';
import { readEnv } from './env';
import { logger } from './logger';
import { requestOrigin } from './site-url';

/**
 * S3 through its SDK client (`@aws-sdk/client-s3`) and presigner (`@aws-sdk/s3-request-presigner`): the S3 stand-in
 * locally and in tests (S3_ENDPOINT, path-style, the keys chosen at this start; it checks every signature as S3
 * does), S3 in AWS. Checksums only where S3 requires them (DeleteObjects): a presigned PUT then carries no checksum
 * of a body the browser has not sent yet, and a PutObject of bytes written here goes as one plain body (no
 * `aws-chunked` encoding).
 */
const makeS3 = (base: ClientBase) =>
  new S3Client({
    ...base,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    forcePathStyle: Boolean(base.endpoint),
  });

/** S3: the S3 stand-in locally (path-style), S3 in AWS. */
const s3 = /* @__PURE__ */ clientFor((env) => env.S3_ENDPOINT, makeS3);

/**
 * S3 as the browser reaches it, for upload and download URLs: in AWS the bucket itself; locally the S3 stand-in,
 * which the gateway mounts under every address it answers to, named as the shop was opened
 * (http://127.0.0.1:3000/s3 when opened so), so the upload stays within the page's CSP (connect-src 'self'). Without
 * a request (a test calling the function directly) S3_ENDPOINT as it is.
 */
const browserS3 = /* @__PURE__ */ clientFor((env) => {
  const origin = requestOrigin();
  return env.S3_ENDPOINT && origin
    ? `${origin}${new URL(env.S3_ENDPOINT).pathname.replace(/\/+$/, '')}`
    : env.S3_ENDPOINT;
}, makeS3);

function bucket(): string {
  const name = readEnv().IMAGES_BUCKET;
  if (!name) throw new Error('IMAGES_BUCKET is not set');
  return name;
}

/** The status S3 answered a failed call with (the SDK's `$metadata`). */
const statusOf = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

/** Seconds a presigned upload URL stays valid. */
export const UPLOAD_URL_SECONDS = 300;

/**
 * A presigned PUT for one object (5 minutes). Content-Type and Content-Length are signed, so the upload must
 * declare that type and be exactly `size` bytes (browsers set Content-Length from the file themselves): the
 * size limit checked before signing also holds at the bucket. `metadata` (S3 user metadata) is signed as headers
 * too, kept out of the URL's query: the upload must send each `x-amz-meta-<name>` header with its value.
 */
export async function presignUpload(
  key: string,
  contentType: string,
  size: number,
  metadata: Record<string, string> = {},
): Promise<string> {
  const metadataHeaders = Object.keys(metadata).map((name) => `x-amz-meta-${name.toLowerCase()}`);
  return getSignedUrl(
    browserS3(),
    new PutObjectCommand({
      Bucket: bucket(),
      Key: key,
      ContentType: contentType,
      ContentLength: size,
      ...(metadataHeaders.length ? { Metadata: metadata } : {}),
    }),
    {
      expiresIn: UPLOAD_URL_SECONDS,
      signableHeaders: new Set(['content-type', 'content-length', ...metadataHeaders]),
      unhoistableHeaders: new Set(metadataHeaders),
    },
  );
}

/** The bucket key of an image path ("/images/products/x.png" -> "images/products/x.png"); null for anything else. */
export function productImageKey(imagePath: string): string | null {
  return /^\/images\/products\/[A-Za-z0-9][A-Za-z0-9._-]{0,119}$/.test(imagePath) && !imagePath.includes('..')
    ? imagePath.slice(1)
    : null;
}

/** One DeleteObjects call (at most 1,000 keys): the keys S3 reported as not deleted, with its errors. */
async function deleteObjects(keys: readonly string[]) {
  const result = await s3().send(
    new DeleteObjectsCommand({ Bucket: bucket(), Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }),
  );
  return { failed: (result.Errors ?? []).map((error) => error.Key ?? ''), errors: result.Errors ?? [] };
}

/**
 * Removes product images from the image bucket (one DeleteObjects call). Only keys under images/products/ are
 * touched; other paths are ignored. Returns the keys S3 reported as not deleted.
 */
export async function deleteImages(paths: readonly string[]): Promise<string[]> {
  const keys = [...new Set(paths.map(productImageKey).filter((key): key is string => key !== null))];
  if (!keys.length) return [];
  const { failed, errors } = await deleteObjects(keys);
  if (failed.length) logger.error('some images were not deleted', { bucket: bucket(), failed, errors });
  return failed;
}

/** The bytes of one object of the image bucket, and its user metadata (names in lower case). */
export async function getObjectWithMetadata(key: string): Promise<{ body: Buffer; metadata: Record<string, string> }> {
  const answer = await s3().send(new GetObjectCommand({ Bucket: bucket(), Key: key }));
  return { body: Buffer.from(await answer.Body!.transformToByteArray()), metadata: answer.Metadata ?? {} };
}

/** The bytes of one object of the image bucket. */
export async function getObject(key: string): Promise<Buffer> {
  return (await getObjectWithMetadata(key)).body;
}

/**
 * Writes one object of the image bucket with its type, Cache-Control (what CloudFront passes on to browsers) and
 * user metadata.
 */
export async function putObject(
  key: string,
  body: Buffer,
  contentType: string,
  cacheControl?: string,
  metadata?: Record<string, string>,
): Promise<void> {
  await s3().send(
    new PutObjectCommand({
      Bucket: bucket(),
      Key: key,
      Body: body,
      ContentType: contentType,
      ...(cacheControl ? { CacheControl: cacheControl } : {}),
      ...(metadata ? { Metadata: metadata } : {}),
    }),
  );
}

/** Removes keys of the image bucket (any prefix; callers name exactly what they made). Returns the keys not deleted. */
export async function deleteKeys(keys: readonly string[]): Promise<string[]> {
  const failed: string[] = [];
  for (let start = 0; start < keys.length; start += 1000) {
    failed.push(...(await deleteObjects(keys.slice(start, start + 1000))).failed);
  }
  if (failed.length) logger.error('some images were not deleted', { bucket: bucket(), failed });
  return failed;
}

/** Seconds a download link of private artwork stays valid. */
export const DOWNLOAD_URL_SECONDS = 60;

/**
 * A presigned GET of one private object (quote artwork, docs/decisions/0112), for one minute, that S3 answers as a
 * download whatever the object is: `Content-Disposition: attachment` with the file's name and `Content-Type:
 * application/octet-stream` (S3's response overrides, part of the signature), so no browser renders or sniffs it.
 */
export async function presignDownload(key: string, fileName: string): Promise<string> {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return getSignedUrl(
    browserS3(),
    new GetObjectCommand({
      Bucket: bucket(),
      Key: key,
      ResponseContentDisposition: `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      ResponseContentType: 'application/octet-stream',
    }),
    { expiresIn: DOWNLOAD_URL_SECONDS },
  );
}

/**
 * A presigned GET of one private object that the browser shows as it is (a shipping label's PDF, opened in the
 * phone's viewer to print): `Content-Disposition: inline` and the type named here (S3's response overrides, part of
 * the signature). Only for files the shop made or took from a provider it trusts, never a customer's upload.
 */
export async function presignInline(
  key: string,
  fileName: string,
  contentType: string,
  seconds: number,
): Promise<string> {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return getSignedUrl(
    browserS3(),
    new GetObjectCommand({
      Bucket: bucket(),
      Key: key,
      ResponseContentDisposition: `inline; filename="${ascii}"`,
      ResponseContentType: contentType,
    }),
    { expiresIn: seconds },
  );
}

/** Copies one object of the image bucket to another key, inside S3 (CopyObject: no bytes pass through the function). */
export async function copyObject(from: string, to: string): Promise<void> {
  await s3().send(
    new CopyObjectCommand({ Bucket: bucket(), Key: to, CopySource: `${bucket()}/${encodeURIComponent(from)}` }),
  );
}

/** The first bytes of one object and its size, or null when there is no such object: a ranged GetObject. */
export async function objectHead(key: string, bytes: number): Promise<{ head: Buffer; size: number } | null> {
  try {
    const answer = await s3().send(new GetObjectCommand({ Bucket: bucket(), Key: key, Range: `bytes=0-${bytes - 1}` }));
    const range = /\/(\d+)$/.exec(answer.ContentRange ?? '');
    const body = Buffer.from(await answer.Body!.transformToByteArray());
    return { head: body.subarray(0, bytes), size: range ? Number(range[1]) : (answer.ContentLength ?? body.length) };
  } catch (error) {
    if (statusOf(error) === 404 || (error as { name?: string }).name === 'NoSuchKey') return null;
    throw error;
  }
}

/** Whether an S3 call failed because its object (a copy's source) is not there: S3's 404 (NoSuchKey). */
export function isMissingObject(error: unknown): boolean {
  return (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode === 404;
}

/**
 * The text of `key` in another bucket (the SPA bucket), unless its ETag is still `etag`: then null (S3 answers 304
 * to If-None-Match, which costs no transfer). A refusal throws the SDK's error (its status in `$metadata`).
 */
export async function getTextIfChanged(
  bucketName: string,
  key: string,
  etag?: string,
): Promise<{ text: string; etag?: string } | null> {
  try {
    const answer = await s3().send(
      new GetObjectCommand({ Bucket: bucketName, Key: key, ...(etag ? { IfNoneMatch: etag } : {}) }),
    );
    return { text: await answer.Body!.transformToString('utf8'), etag: answer.ETag };
  } catch (error) {
    if (statusOf(error) === 304) return null;
    throw error;
  }
}
