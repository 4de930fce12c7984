import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { objectBytes, objectRange } from './s3-read';
import { clientFor, type ClientBase } from './aws-client';
import { readEnv } from './env';
import { logger } from './logger';
import { copyS3Object, deleteS3Objects, presignS3 } from './s3-signed';
import { requestOrigin } from './site-url';

const makeS3 = (base: ClientBase) =>
  new S3Client({
    ...base,
    // Checksums only where S3 requires them (none of an empty body on a PutObject of bytes written here).
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
function browserEndpoint(): string | undefined {
  const env = readEnv();
  const origin = requestOrigin();
  return env.S3_ENDPOINT && origin
    ? `${origin}${new URL(env.S3_ENDPOINT).pathname.replace(/\/+$/, '')}`
    : env.S3_ENDPOINT;
}

function bucket(): string {
  const name = readEnv().IMAGES_BUCKET;
  if (!name) throw new Error('IMAGES_BUCKET is not set');
  return name;
}

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
  const metadataHeaders = Object.fromEntries(
    Object.entries(metadata).map(([name, value]) => [`x-amz-meta-${name.toLowerCase()}`, value]),
  );
  return presignS3('PutObject', bucket(), key, {
    expiresIn: UPLOAD_URL_SECONDS,
    headers: { 'content-type': contentType, 'content-length': String(size), ...metadataHeaders },
    endpoint: browserEndpoint(),
  });
}

/** The bucket key of an image path ("/images/products/x.png" -> "images/products/x.png"); null for anything else. */
export function productImageKey(imagePath: string): string | null {
  return /^\/images\/products\/[A-Za-z0-9][A-Za-z0-9._-]{0,119}$/.test(imagePath) && !imagePath.includes('..')
    ? imagePath.slice(1)
    : null;
}

/**
 * Removes product images from the image bucket (one DeleteObjects call). Only keys under images/products/ are
 * touched; other paths are ignored. Returns the keys S3 reported as not deleted.
 */
export async function deleteImages(paths: readonly string[]): Promise<string[]> {
  const keys = [...new Set(paths.map(productImageKey).filter((key): key is string => key !== null))];
  if (!keys.length) return [];
  const errors = await deleteS3Objects(bucket(), keys);
  const failed = errors.map((error) => error.Key);
  if (failed.length) logger.error('some images were not deleted', { bucket: bucket(), failed, errors });
  return failed;
}

/** The bytes of one object of the image bucket, and its user metadata (names in lower case). */
export async function getObjectWithMetadata(key: string): Promise<{ body: Buffer; metadata: Record<string, string> }> {
  const answer = await s3().send(new GetObjectCommand({ Bucket: bucket(), Key: key }));
  return { body: Buffer.from(await answer.Body!.transformToByteArray()), metadata: answer.Metadata ?? {} };
}

/**
 * The bytes of one object of the image bucket, by a signed GET (s3-read.ts): the artwork check and the photo
 * migration carry no S3 client for it (issue 39, decision 0136).
 */
export async function getObject(key: string): Promise<Buffer> {
  return objectBytes(bucket(), key);
}

/** Writes one object of the image bucket with its type and Cache-Control (what CloudFront passes on to browsers). */
export async function putObject(key: string, body: Buffer, contentType: string, cacheControl?: string): Promise<void> {
  await s3().send(
    new PutObjectCommand({
      Bucket: bucket(),
      Key: key,
      Body: body,
      ContentType: contentType,
      ...(cacheControl ? { CacheControl: cacheControl } : {}),
    }),
  );
}

/** Removes keys of the image bucket (any prefix; callers name exactly what they made). Returns the keys not deleted. */
export async function deleteKeys(keys: readonly string[]): Promise<string[]> {
  const failed: string[] = [];
  for (let start = 0; start < keys.length; start += 1000) {
    const batch = keys.slice(start, start + 1000);
    failed.push(...(await deleteS3Objects(bucket(), batch)).map((error) => error.Key));
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
  return presignS3('GetObject', bucket(), key, {
    expiresIn: DOWNLOAD_URL_SECONDS,
    query: {
      'response-content-disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      'response-content-type': 'application/octet-stream',
      // What the SDK's presigner asked for too: S3 answers with the object's checksum headers.
      'x-amz-checksum-mode': 'ENABLED',
    },
    endpoint: browserEndpoint(),
  });
}

/**
 * Copies one object of the image bucket to another key, inside S3 (CopyObject: no bytes pass through the function),
 * signed by hand (s3-signed.ts): the quote request's function carries no S3 client for it.
 */
export async function copyObject(from: string, to: string): Promise<void> {
  await copyS3Object(bucket(), from, to);
}

/** Whether an S3 call failed because its object (a copy's source) is not there: S3's 404 (NoSuchKey). */
export function isMissingObject(error: unknown): boolean {
  return (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode === 404;
}

/**
 * The first bytes of one object and its size, or null when there is no such object: a ranged GET, signed by hand
 * (s3-read.ts).
 */
export async function objectHead(key: string, bytes: number): Promise<{ head: Buffer; size: number } | null> {
  return objectRange(bucket(), key, bytes);
}
