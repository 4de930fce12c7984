import { createHash, timingSafeEqual } from 'node:crypto';
import type http from 'node:http';
import { Sha256 } from '@smithy/core/checksum';
import { SignatureV4 } from '@smithy/signature-v4';

/**
 * AWS Signature Version 4, checked as AWS checks it, for the stand-ins that take only the keys chosen at each start
 * (docs/decisions/0060): the S3 stand-in (s3.ts) and the SES stand-in's send endpoint (ses.ts, docs/decisions/0090).
 * The request's parts are read here; the signature is made again by the SDK's signer (@smithy/signature-v4), never by
 * a signer of the shop's own (decision 0141), and compared in constant time.
 */

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
/** The query parameters a presigned URL's signature is made of, which the signer writes again. */
const PRESIGN_PARAMS = new Set([
  'X-Amz-Algorithm',
  'X-Amz-Credential',
  'X-Amz-Date',
  'X-Amz-Expires',
  'X-Amz-SignedHeaders',
  'X-Amz-Signature',
  'X-Amz-Security-Token',
]);
const UNSIGNED_HASH = new Set(['x-amz-content-sha256']);
const query_ = (pairs: [string, string][], name: string) => pairs.find(([key]) => key === name)?.[1];

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
export async function checkSignature(
  req: http.IncomingMessage,
  body: Buffer,
  secrets: Record<string, string>,
  { payload = 'header', checkTime = true }: SignatureRules = {},
): Promise<Check> {
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
  const [day, region, service] = scopeParts;
  if (scopeParts.length !== 4 || !day || day !== amzDate.slice(0, 8) || scopeParts[3] !== 'aws4_request')
    return deny('AuthorizationHeaderMalformed', 'The credential scope is malformed', 400);

  const headerNames = signedHeaders.split(';');
  if (!headerNames.includes('host')) return deny('AccessDenied', 'The host header must be signed');
  // The request as its sender signed it: the headers it names, the query without the signature's own parameters. The
  // signature is then made again by the SDK's own signer (@smithy/signature-v4) and compared.
  const headers: Record<string, string> = {};
  for (const name of headerNames) {
    const raw = req.headers[name];
    headers[name] = Array.isArray(raw) ? raw.join(',') : (raw ?? '');
  }
  const signedQuery: Record<string, string | string[]> = {};
  for (const [name, value] of pairs) {
    if (presigned && PRESIGN_PARAMS.has(name)) continue;
    const had = signedQuery[name];
    signedQuery[name] = had === undefined ? value : [...(Array.isArray(had) ? had : [had]), value];
  }
  const sessionToken = presigned ? query_(pairs, 'X-Amz-Security-Token') : headers['x-amz-security-token'];
  const signer = new SignatureV4({
    credentials: { accessKeyId: accessKey, secretAccessKey: secret, sessionToken },
    region,
    service,
    sha256: Sha256,
    // S3 signs its path as sent; every other service's path is encoded once more (as the SDK's clients do).
    uriEscapePath: service !== 's3',
    applyChecksum: false,
  });
  const signableHeaders = new Set(headerNames);
  const request = {
    method: req.method ?? 'GET',
    protocol: 'http:',
    hostname: 'localhost',
    path: rawPath,
    query: signedQuery,
  };
  let expected: string;
  if (presigned) {
    // The payload's hash the URL names (or UNSIGNED-PAYLOAD), read by the signer from a header it neither signs nor
    // moves to the query unless the URL had it there.
    const hashInQuery = signedQuery['X-Amz-Content-Sha256'] !== undefined;
    delete signedQuery['X-Amz-Content-Sha256'];
    const signed = await signer.presign(
      { ...request, headers: { ...headers, 'X-Amz-Content-Sha256': payloadHash } },
      {
        signingDate: new Date(parseAmzDate(amzDate)!),
        expiresIn: Number(query_(pairs, 'X-Amz-Expires')),
        signableHeaders,
        // What was signed as a header stays one (metadata, the type); what the URL carries was in its query.
        unhoistableHeaders: hashInQuery ? signableHeaders : new Set([...signableHeaders, ...UNSIGNED_HASH]),
        ...(hashInQuery ? {} : { unsignableHeaders: UNSIGNED_HASH }),
      },
    );
    expected = String(signed.query?.['X-Amz-Signature'] ?? '');
  } else {
    if (payload === 'header') headers['x-amz-content-sha256'] = payloadHash;
    const signed = await signer.sign(
      { ...request, headers, body: payload === 'body' ? body : undefined },
      { signingDate: new Date(parseAmzDate(amzDate)!), signableHeaders },
    );
    expected = /Signature=([0-9a-f]+)/.exec(String(signed.headers.authorization))?.[1] ?? '';
  }
  const given = Buffer.from(signature, 'hex');
  const wanted = Buffer.from(expected, 'hex');
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) {
    return deny(
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided.',
    );
  }
  return { ok: true };
}
