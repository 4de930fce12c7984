import { s3Request, S3CallError, s3Url } from './s3-signed';

/**
 * The page function's one S3 call without the S3 SDK: GetObject as text, revalidated with If-None-Match, signed with
 * AWS Signature Version 4 (s3-signed.ts). It reads index.html and its first screens with it
 * (functions/domain/pages), so its cold start carries no S3 client (issue 39: the SDK was 1.66x the bare handler's
 * load).
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
  if (answer.status !== 200) throw new S3CallError(answer.status, key);
  const tag = answer.headers.etag;
  return { text: answer.body.toString('utf8'), etag: typeof tag === 'string' ? tag : undefined };
}
