import { s3Request, S3CallError, s3Url } from './s3-signed';

/**
 * GetObject without the S3 SDK, signed with AWS Signature Version 4 (s3-signed.ts): the page function reads index.html
 * and its first screens as text, revalidated with If-None-Match (functions/domain/pages), so its cold start carries no
 * S3 client (issue 39: the SDK was 1.66x the bare handler's load); the artwork check reads a file's first bytes and
 * its preview's bytes (decision 0136).
 */

/** An S3 answer other than 200 or 304: its status where the SDK puts it (`$metadata.httpStatusCode`). */
export { S3CallError as S3ReadError };

/** The object's text and ETag, or null when it is unchanged since `etag` (304). */
export async function getTextIfChanged(
  bucket: string,
  key: string,
  etag?: string,
): Promise<{ text: string; etag?: string } | null> {
  const answer = await s3Request('GET', s3Url(bucket, key), etag ? { headers: { 'if-none-match': etag } } : {});
  if (answer.status === 304) return null;
  if (answer.status !== 200) throw new S3CallError(answer.status, key, answer.body);
  const tag = answer.headers.etag;
  return { text: answer.body.toString('utf8'), etag: typeof tag === 'string' ? tag : undefined };
}

/** The whole object's bytes. */
export async function objectBytes(bucket: string, key: string): Promise<Buffer> {
  const answer = await s3Request('GET', s3Url(bucket, key));
  if (answer.status !== 200) throw new S3CallError(answer.status, key, answer.body);
  return answer.body;
}

/** The first `bytes` bytes of an object and its whole size (from Content-Range), or null when it does not exist. */
export async function objectRange(
  bucket: string,
  key: string,
  bytes: number,
): Promise<{ head: Buffer; size: number } | null> {
  const answer = await s3Request('GET', s3Url(bucket, key), { headers: { range: `bytes=0-${bytes - 1}` } });
  if (answer.status === 404) return null;
  if (answer.status !== 200 && answer.status !== 206) throw new S3CallError(answer.status, key, answer.body);
  const range = /\/(\d+)$/.exec(String(answer.headers['content-range'] ?? ''));
  const length = Number(answer.headers['content-length'] ?? answer.body.length);
  return { head: answer.body.subarray(0, bytes), size: range ? Number(range[1]) : length };
}
