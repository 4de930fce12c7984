import { createHash } from 'node:crypto';
import { amzDateOf, awsKeys, encode, signatureOf, signedRequest, type Answer, type AwsKeys } from './aws-signed';
import { readEnv } from './env';

/**
 * S3 calls signed with AWS Signature Version 4 by hand, without the S3 SDK (about 145 KB of client, checksums and
 * middleware in a bundle): presigned URLs (pure computation) and the calls a shopper's or the owner's function makes
 * (issue 39, decisions 0130 and 0131), on the signer and the request of aws-signed.ts. In AWS the keys are the function's role's
 * and the bucket's regional virtual-hosted address, as the SDK makes them; locally and in tests the S3 stand-in
 * (S3_ENDPOINT, path-style, its keys), which checks the signature as S3 does. The image pipeline and the artwork
 * checks, which read and write bytes, keep the SDK (storage.ts).
 */

const keys = (): AwsKeys => awsKeys(Boolean(readEnv().S3_ENDPOINT));

/**
 * The address of a bucket, or of one object in it: `endpoint` path-style (the S3 stand-in; default S3_ENDPOINT), else
 * S3's regional virtual-hosted address, as the SDK makes it.
 */
export function s3Url(bucket: string, key = '', endpoint = readEnv().S3_ENDPOINT): URL {
  const objectPath = key.split('/').map(encode).join('/');
  return endpoint
    ? new URL(`${endpoint.replace(/\/+$/, '')}/${encode(bucket)}/${objectPath}`)
    : new URL(`https://${bucket}.s3.${readEnv().AWS_REGION}.amazonaws.com/${objectPath}`);
}

/** Query parameters the SDK adds to a presigned URL to name its operation (signed with the rest). */
type Operation = 'PutObject' | 'GetObject';

/**
 * A presigned URL (query-string SigV4, UNSIGNED-PAYLOAD, as `@aws-sdk/s3-request-presigner` makes it): `headers` are
 * signed and stay headers the request must send (Content-Type, Content-Length, x-amz-meta-*); `query` is signed into
 * the URL (S3's response overrides of a GET).
 */
export function presignS3(
  operation: Operation,
  bucket: string,
  key: string,
  options: {
    expiresIn: number;
    headers?: Record<string, string>;
    query?: Record<string, string>;
    endpoint?: string;
    now?: Date;
  },
): string {
  const credentials = keys();
  const url = s3Url(bucket, key, options.endpoint);
  const now = options.now ?? new Date();
  const headers = Object.fromEntries(Object.entries(options.headers ?? {}).map(([n, v]) => [n.toLowerCase(), v]));
  const amzDate = amzDateOf(now);
  const day = amzDate.slice(0, 8);
  const signedHeaders = ['host', ...Object.keys(headers)].sort().join(';');
  const query: Record<string, string> = {
    ...options.query,
    'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    'X-Amz-Content-Sha256': 'UNSIGNED-PAYLOAD',
    'X-Amz-Credential': `${credentials.accessKeyId}/${day}/${readEnv().AWS_REGION}/s3/aws4_request`,
    'X-Amz-Date': amzDate,
    'X-Amz-Expires': String(options.expiresIn),
    ...(credentials.sessionToken ? { 'X-Amz-Security-Token': credentials.sessionToken } : {}),
    'X-Amz-SignedHeaders': signedHeaders,
    'x-id': operation,
  };
  const { signature } = signatureOf({
    service: 's3',
    region: readEnv().AWS_REGION,
    method: operation === 'PutObject' ? 'PUT' : 'GET',
    url,
    headers,
    payloadHash: 'UNSIGNED-PAYLOAD',
    query,
    now,
    secretAccessKey: credentials.secretAccessKey,
  });
  const parts = Object.entries({ ...query, 'X-Amz-Signature': signature })
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${encode(name)}=${encode(value)}`);
  return `${url.origin}${url.pathname}?${parts.join('&')}`;
}

/**
 * An S3 answer other than the one asked for: its status where the SDK puts it (`$metadata.httpStatusCode`), and, when
 * S3's error body gives one, named by S3's code (NoSuchKey, AccessDenied...) as the SDK names its errors.
 */
export class S3CallError extends Error {
  readonly $metadata: { httpStatusCode: number };
  constructor(status: number, what: string, body?: Buffer) {
    super(`S3 answered ${status} for ${what}`);
    this.$metadata = { httpStatusCode: status };
    const code = body && /<Code>([^<]+)<\/Code>/.exec(body.toString('utf8'))?.[1];
    if (code) this.name = code;
  }
}

/**
 * Limits of an S3 call made here: a connection within 3 s and the whole answer within 10 s (a page's index.html, a
 * DeleteObjects of up to 1,000 keys), so a hanging S3 fails the request instead of holding the function.
 */
export const S3_CALL_LIMITS = { connectMs: 3_000, totalMs: 10_000 } as const;

/**
 * One header-signed S3 request (the body's hash signed and sent, as S3 checks it), over node:http(s) as the SDK's
 * calls go (aws-signed.ts): its answer, whatever its status.
 */
export function s3Request(
  method: string,
  url: URL,
  options: { headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return signedRequest(
    { service: 's3', method, url, headers: options.headers, body: options.body, keys: keys(), payloadHashHeader: true },
    S3_CALL_LIMITS,
  );
}

/** Text in S3's XML, both ways (also the S3 stand-in's: functions/local/s3.ts). */
export const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
export const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/**
 * DeleteObjects of up to 1,000 keys, quiet (S3 lists only the keys it could not delete): those keys, with S3's code
 * and message. Throws S3CallError when S3 refuses the call itself.
 */
export async function deleteS3Objects(
  bucket: string,
  keys: readonly string[],
): Promise<{ Key: string; Code: string; Message: string }[]> {
  const body =
    '<?xml version="1.0" encoding="UTF-8"?><Delete xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
    keys.map((key) => `<Object><Key>${escapeXml(key)}</Key></Object>`).join('') +
    '<Quiet>true</Quiet></Delete>';
  const url = s3Url(bucket);
  url.search = 'delete=';
  const answer = await s3Request('POST', url, {
    headers: {
      'content-type': 'application/xml',
      // S3 asks DeleteObjects for a checksum of its body.
      'content-md5': createHash('md5').update(body).digest('base64'),
    },
    body,
  });
  const text = answer.body.toString('utf8');
  if (answer.status !== 200) throw new S3CallError(answer.status, `DeleteObjects on ${bucket}`, answer.body);
  const field = (xml: string, name: string) =>
    unescapeXml(new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1] ?? '');
  return [...text.matchAll(/<Error>([\s\S]*?)<\/Error>/g)].map(([, error]) => ({
    Key: field(error, 'Key'),
    Code: field(error, 'Code'),
    Message: field(error, 'Message'),
  }));
}

/**
 * CopyObject inside the bucket (a PUT with x-amz-copy-source: no bytes pass through the function). Throws S3CallError
 * when S3 refuses it, also when its refusal comes in a 200 answer (S3 may fail a copy after it has answered 200).
 */
export async function copyS3Object(bucket: string, from: string, to: string): Promise<void> {
  const answer = await s3Request('PUT', s3Url(bucket, to), {
    headers: { 'x-amz-copy-source': `${bucket}/${encodeURIComponent(from)}` },
    body: '',
  });
  if (answer.status !== 200 || /<Error>/.test(answer.body.toString('utf8')))
    throw new S3CallError(answer.status, `CopyObject to ${to}`, answer.body);
}
