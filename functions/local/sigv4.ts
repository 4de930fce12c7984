import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type http from 'node:http';

/**
 * AWS Signature Version 4, checked as AWS checks it, for the stand-ins that take only the keys chosen at each start
 * (docs/decisions/0060): the S3 stand-in (s3.ts) and the SES stand-in's send endpoint (ses.ts, docs/decisions/0090).
 */

/** RFC 3986 encoding as SigV4 wants it. */
const encode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

function parseAmzDate(value: string): number | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  return m ? Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]) : null;
}

export type Check = { ok: true } | { ok: false; status: number; code: string; message: string };
const deny = (code: string, message: string, status = 403): Check => ({ ok: false, status, code, message });

export interface SignatureRules {
  /**
   * Where the body's hash comes from: S3 sends it in `x-amz-content-sha256` (and may sign UNSIGNED-PAYLOAD; the
   * default); the other services' SDK clients sign the body's hash without sending it (`body`).
   */
  payload?: 'header' | 'body';
  /**
   * Whether a header-signed request's date must be within 15 minutes of now (default true, as S3). The SES stand-in
   * checks the key only: the functions' tests move their clock a day ahead, and nobody else sees its requests.
   */
  checkTime?: boolean;
}

/** Recomputes the SigV4 signature of a request (header or presigned query form) and compares. */
export function checkSignature(
  req: http.IncomingMessage,
  body: Buffer,
  secrets: Record<string, string>,
  { payload = 'header', checkTime = true }: SignatureRules = {},
): Check {
  const rawUrl = req.url ?? '/';
  const [rawPath, rawQuery = ''] = rawUrl.split('?', 2);
  const pairs = rawQuery
    .split('&')
    .filter(Boolean)
    .map((part) => {
      const [k, v = ''] = part.split('=', 2);
      const decode = (s: string) => decodeURIComponent(s.replace(/\+/g, '%20'));
      return [decode(k), decode(v)] as [string, string];
    });
  const query = new Map(pairs);
  const authorization = req.headers.authorization ?? '';
  const presigned = query.has('X-Amz-Signature');
  let credential: string, signedHeaders: string, signature: string, amzDate: string, payloadHash: string;
  if (presigned) {
    if (query.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256')
      return deny('AuthorizationQueryParametersError', 'Only AWS4-HMAC-SHA256 is supported', 400);
    credential = query.get('X-Amz-Credential') ?? '';
    signedHeaders = query.get('X-Amz-SignedHeaders') ?? '';
    signature = query.get('X-Amz-Signature') ?? '';
    amzDate = query.get('X-Amz-Date') ?? '';
    payloadHash = query.get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD';
    const signedAt = parseAmzDate(amzDate);
    const expires = Number(query.get('X-Amz-Expires'));
    if (signedAt === null || !Number.isInteger(expires) || expires < 1 || expires > 604800) {
      return deny(
        'AuthorizationQueryParametersError',
        'X-Amz-Date and X-Amz-Expires (1 to 604800 seconds) are required',
        400,
      );
    }
    if (Date.now() > signedAt + expires * 1000) return deny('AccessDenied', 'Request has expired');
  } else {
    const m = /^AWS4-HMAC-SHA256 Credential=([^,]+),\s*SignedHeaders=([^,]+),\s*Signature=([0-9a-f]+)$/.exec(
      authorization,
    );
    if (!m) return deny('AccessDenied', 'Anonymous access is not allowed: sign the request (SigV4)');
    [, credential, signedHeaders, signature] = m;
    amzDate = String(req.headers['x-amz-date'] ?? '');
    payloadHash = payload === 'body' ? sha256(body) : String(req.headers['x-amz-content-sha256'] ?? '');
    const signedAt = parseAmzDate(amzDate);
    if (signedAt === null) return deny('AccessDenied', 'x-amz-date is required', 400);
    if (checkTime && Math.abs(Date.now() - signedAt) > 15 * 60 * 1000)
      return deny('RequestTimeTooSkewed', 'The difference between the request time and the current time is too large.');
    if (!payloadHash) return deny('InvalidRequest', 'x-amz-content-sha256 is required', 400);
    if (payloadHash !== 'UNSIGNED-PAYLOAD' && !payloadHash.startsWith('STREAMING-') && payloadHash !== sha256(body)) {
      return deny(
        'XAmzContentSHA256Mismatch',
        'The provided x-amz-content-sha256 header does not match what was computed.',
        400,
      );
    }
  }
  const [accessKey, ...scopeParts] = credential.split('/');
  const secret = secrets[accessKey];
  if (secret === undefined)
    return deny('InvalidAccessKeyId', 'The access key you provided does not exist in our records.');
  const scope = scopeParts.join('/');
  const [day, region, service] = scopeParts;
  if (scopeParts.length !== 4 || !day || day !== amzDate.slice(0, 8))
    return deny('AuthorizationHeaderMalformed', 'The credential scope is malformed', 400);

  const headerNames = signedHeaders.split(';');
  if (!headerNames.includes('host')) return deny('AccessDenied', 'The host header must be signed');
  const canonicalHeaders = headerNames
    .map((name) => {
      const raw = req.headers[name];
      const value = Array.isArray(raw) ? raw.join(',') : (raw ?? '');
      return `${name}:${String(value).trim().replace(/\s+/g, ' ')}\n`;
    })
    .join('');
  const canonicalQuery = pairs
    .filter(([k]) => !(presigned && k === 'X-Amz-Signature'))
    .map(([k, v]) => [encode(k), encode(v)])
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonicalRequest = [req.method, rawPath, canonicalQuery, canonicalHeaders, signedHeaders, payloadHash].join(
    '\n',
  );
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, day), region), service), 'aws4_request');
  const expected = createHmac('sha256', key).update(stringToSign).digest();
  const given = Buffer.from(signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return deny(
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided.',
    );
  }
  return { ok: true };
}
