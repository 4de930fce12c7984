import { createHash, createHmac } from 'node:crypto';
import { localCredentials } from './aws-client';
import { readEnv } from './env';

/**
 * One S3 call without the S3 SDK: GetObject as text, revalidated with If-None-Match, signed with AWS Signature
 * Version 4 over fetch. The page function reads index.html and its first screens with it (functions/domain/pages),
 * so its cold start carries no S3 client (issue 39: the SDK was 1.66x the bare handler's load). In AWS the keys are
 * the function's role's (Lambda's AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN) and the bucket's
 * regional virtual-hosted address; locally and in tests the S3 stand-in (S3_ENDPOINT, path-style, its keys), which
 * checks the signature as S3 does.
 */

const sha256 = (data: string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
/** RFC 3986 encoding of one path segment, as SigV4 and S3 want it. */
const encode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** An S3 answer other than 200 or 304: its status where the SDK puts it (`$metadata.httpStatusCode`). */
export class S3ReadError extends Error {
  readonly $metadata: { httpStatusCode: number };
  constructor(status: number, key: string) {
    super(`S3 answered ${status} for ${key}`);
    this.$metadata = { httpStatusCode: status };
  }
}

/** The object's text and ETag, or null when it is unchanged since `etag` (304). */
export async function getTextIfChanged(
  bucket: string,
  key: string,
  etag?: string,
): Promise<{ text: string; etag?: string } | null> {
  const env = readEnv();
  const region = env.AWS_REGION;
  const local = env.S3_ENDPOINT ? localCredentials('standin', env) : undefined;
  const accessKeyId = local?.accessKeyId ?? process.env.AWS_ACCESS_KEY_ID;
  const secretAccessKey = local?.secretAccessKey ?? process.env.AWS_SECRET_ACCESS_KEY;
  const token = local ? undefined : process.env.AWS_SESSION_TOKEN;
  if (!accessKeyId || !secretAccessKey) throw new Error('No AWS credentials to read S3 with');
  const objectPath = key.split('/').map(encode).join('/');
  const url = env.S3_ENDPOINT
    ? new URL(`${env.S3_ENDPOINT.replace(/\/+$/, '')}/${encode(bucket)}/${objectPath}`)
    : new URL(`https://${bucket}.s3.${region}.amazonaws.com/${objectPath}`);
  const now = new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = now.slice(0, 8);
  const signed: Record<string, string> = {
    host: url.host,
    'x-amz-content-sha256': sha256(''),
    'x-amz-date': now,
    ...(token ? { 'x-amz-security-token': token } : {}),
  };
  const names = Object.keys(signed).sort();
  const canonical = [
    'GET',
    url.pathname,
    '',
    ...names.map((name) => `${name}:${signed[name]}`),
    '',
    names.join(';'),
    signed['x-amz-content-sha256'],
  ].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', now, scope, sha256(canonical)].join('\n');
  const signingKey = [region, 's3', 'aws4_request'].reduce<Buffer>(
    (signing, part) => hmac(signing, part),
    hmac(`AWS4${secretAccessKey}`, day),
  );
  const signature = hmac(signingKey, toSign).toString('hex');
  const { host: _host, ...headers } = signed;
  const answer = await fetch(url, {
    headers: {
      ...headers,
      ...(etag ? { 'if-none-match': etag } : {}),
      authorization: `AWS4-HMAC-SHA256 Credential=${accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`,
    },
  });
  if (answer.status === 304) return null;
  if (answer.status !== 200) {
    await answer.body?.cancel();
    throw new S3ReadError(answer.status, key);
  }
  return { text: await answer.text(), etag: answer.headers.get('etag') ?? undefined };
}
