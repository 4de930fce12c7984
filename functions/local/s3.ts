import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { S3Event } from 'aws-lambda';
import type http from 'node:http';
import path from 'node:path';
import { localCredentials } from '../lib/aws-client';
import { contentType as typeOf } from './gateway-http';

/**
 * The S3 stand-in, mounted by the gateway under /s3 (path-style: /s3/<bucket>/<key>; the mount receives the full
 * path): functions use the real @aws-sdk/client-s3 pointed at `${origin}/s3`, browsers PUT to presigned URLs on
 * the same origin. Objects are files under `<storageDir>/<bucket>/<key>`, so the image bucket's folder is what
 * the gateway serves at /images/... (as CloudFront does); each object's content type is kept in a sidecar file
 * under `<storageDir>/.meta/<bucket>/<key>.json`, outside the bucket folder, so it is never served as an image.
 *
 * What it checks, like S3 with a private bucket:
 * - every request is SigV4-signed (Authorization header, or a presigned query) with a known access key, and the
 *   signature is recomputed with the stand-in's secret: a changed key, method, or signed header (Content-Type,
 *   Content-Length) is refused with 403 SignatureDoesNotMatch; a header-signed body must match its
 *   x-amz-content-sha256 (unless UNSIGNED-PAYLOAD);
 * - presigned URLs: X-Amz-Date + X-Amz-Expires not passed (403 AccessDenied "Request has expired"), at most 7 days;
 * - header-signed calls: x-amz-date within 15 minutes of now (403 RequestTimeTooSkewed);
 * - bucket names follow S3's rules, keys have no `.`/`..` segments (400).
 * User metadata (`x-amz-meta-*` headers of a PUT) is kept and answered on GET and HEAD; a presigned PUT signed for a
 * metadata header must send it with the signed value (as any signed header).
 * Not modelled: bucket policies, versions, multipart uploads, listing.
 *
 * Event notifications: `onObjectCreated` is called after each PUT with the event S3 would send (the image
 * pipeline's trigger in AWS), without holding up the answer, as S3 does; `idle()` waits until every call is done.
 */
export interface S3StandInOptions {
  /**
   * Access key -> secret. Defaults to the key the functions sign with (STANDIN_ACCESS_KEY_ID,
   * STANDIN_SECRET_ACCESS_KEY).
   */
  credentials?: Record<string, string>;
  onObjectCreated?: (event: S3Event) => Promise<void>;
  /** Told when an `onObjectCreated` call fails (S3 would retry; here it is logged). */
  onNotificationError?: (error: Error, key: string) => void;
}

/** An S3 "ObjectCreated:Put" event of one key, as S3 sends it (the local stand-in uses this). */
function objectCreatedEvent(bucket: string, key: string, size: number, etag: string): S3Event {
  return {
    Records: [
      {
        eventVersion: '2.1',
        eventSource: 'aws:s3',
        awsRegion: process.env.AWS_REGION ?? 'us-east-1',
        eventTime: new Date().toISOString(),
        eventName: 'ObjectCreated:Put',
        userIdentity: { principalId: 'local' },
        requestParameters: { sourceIPAddress: '127.0.0.1' },
        responseElements: { 'x-amz-request-id': 'local', 'x-amz-id-2': 'local' },
        s3: {
          s3SchemaVersion: '1.0',
          configurationId: 'local',
          bucket: { name: bucket, ownerIdentity: { principalId: 'local' }, arn: `arn:aws:s3:::${bucket}` },
          object: {
            key: encodeURIComponent(key).replace(/%2F/g, '/').replace(/%20/g, '+'),
            size,
            eTag: etag.replace(/"/g, ''),
            sequencer: Date.now().toString(16),
          },
        },
      },
    ],
  };
}

const XMLNS = 'http://s3.amazonaws.com/doc/2006-03-01/';
const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

function xmlError(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  status: number,
  code: string,
  message: string,
  resource = '',
) {
  res.writeHead(status, { 'content-type': 'application/xml' });
  if (req.method === 'HEAD') return void res.end();
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${escapeXml(message)}</Message>` +
      `<Resource>${escapeXml(resource)}</Resource><RequestId>local</RequestId></Error>`,
  );
}

/** RFC 3986 encoding as SigV4 wants it. */
const encode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

function parseAmzDate(value: string): number | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  return m ? Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]) : null;
}

type Check = { ok: true } | { ok: false; status: number; code: string; message: string };
const deny = (code: string, message: string, status = 403): Check => ({ ok: false, status, code, message });

/** Recomputes the SigV4 signature of a request (header or presigned query form) and compares. */
function checkSignature(req: http.IncomingMessage, body: Buffer, secrets: Record<string, string>): Check {
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
    payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
    const signedAt = parseAmzDate(amzDate);
    if (signedAt === null) return deny('AccessDenied', 'x-amz-date is required', 400);
    if (Math.abs(Date.now() - signedAt) > 15 * 60 * 1000)
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

const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const badKey = (key: string) =>
  key.length > 1024 || key.split('/').some((segment) => segment === '..' || segment === '.') || key.includes('\0');

export function createS3StandIn(storageDir: string, options: S3StandInOptions = {}) {
  const root = path.resolve(storageDir);
  const own = localCredentials('standin');
  const secrets = options.credentials ?? { [own.accessKeyId]: own.secretAccessKey };

  /** The object's file and its sidecar, or null when the key would leave the bucket's folder. */
  const locate = (bucket: string, key: string) => {
    const bucketDir = path.join(root, bucket);
    const file = path.resolve(bucketDir, key);
    const meta = path.resolve(root, '.meta', bucket, `${key}.json`);
    if (!file.startsWith(bucketDir + path.sep) || !meta.startsWith(path.join(root, '.meta', bucket) + path.sep))
      return null;
    return { file, meta };
  };
  const remove = (target: { file: string; meta: string }) => {
    if (existsSync(target.file) && statSync(target.file).isFile()) rmSync(target.file, { force: true });
    rmSync(target.meta, { force: true });
  };

  const pending = new Set<Promise<void>>();
  const notify = (bucket: string, key: string, size: number, etag: string) => {
    if (!options.onObjectCreated) return;
    const run: Promise<void> = options
      .onObjectCreated(objectCreatedEvent(bucket, key, size, etag))
      .catch((error: Error) => options.onNotificationError?.(error, key))
      .finally(() => pending.delete(run));
    pending.add(run);
  };

  const serve = async (req: http.IncomingMessage, res: http.ServerResponse, body: Buffer): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const method = req.method ?? 'GET';
    let bucket: string;
    let key: string;
    try {
      // The raw path: URL parsing would resolve `..` segments before they could be refused.
      const rawPath = (req.url ?? '/').split('?')[0];
      const [first, ...rest] = rawPath.replace(/^\/s3\//, '').split('/');
      bucket = decodeURIComponent(first ?? '');
      key = rest.map(decodeURIComponent).join('/');
    } catch {
      return xmlError(req, res, 400, 'InvalidURI', 'Could not parse the specified URI.', url.pathname);
    }
    const resource = `/${bucket}/${key}`;
    if (!BUCKET_NAME.test(bucket) || bucket.includes('..'))
      return xmlError(req, res, 400, 'InvalidBucketName', 'The specified bucket is not valid.', resource);
    if (badKey(key))
      return xmlError(req, res, 400, 'InvalidArgument', 'The key may not contain . or .. segments.', resource);
    const signed = checkSignature(req, body, secrets);
    if (!signed.ok) return xmlError(req, res, signed.status, signed.code, signed.message, resource);

    if (method === 'POST' && url.searchParams.has('delete') && !key) {
      // DeleteObjects: <Delete><Quiet>?</Quiet><Object><Key>..</Key></Object>...</Delete>
      const xml = body.toString('utf8');
      const quiet = /<Quiet>\s*true\s*<\/Quiet>/i.test(xml);
      const keys = [...xml.matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) => unescapeXml(m[1]));
      if (!/<Delete[\s>]/.test(xml) || keys.length === 0 || keys.length > 1000)
        return xmlError(
          req,
          res,
          400,
          'MalformedXML',
          'The XML you provided was not well-formed or did not validate against our published schema.',
          resource,
        );
      const parts: string[] = [];
      for (const k of keys) {
        const target = badKey(k) ? null : locate(bucket, k);
        if (!target) {
          parts.push(
            `<Error><Key>${escapeXml(k)}</Key><Code>InvalidArgument</Code><Message>Invalid key</Message></Error>`,
          );
          continue;
        }
        remove(target);
        if (!quiet) parts.push(`<Deleted><Key>${escapeXml(k)}</Key></Deleted>`);
      }
      res.writeHead(200, { 'content-type': 'application/xml' });
      return void res.end(
        `<?xml version="1.0" encoding="UTF-8"?>\n<DeleteResult xmlns="${XMLNS}">${parts.join('')}</DeleteResult>`,
      );
    }
    if (!key)
      return xmlError(
        req,
        res,
        400,
        'InvalidRequest',
        'Bucket operations other than DeleteObjects are not supported.',
        resource,
      );
    const target = locate(bucket, key);
    if (!target) return xmlError(req, res, 400, 'InvalidArgument', 'Invalid key.', resource);

    if (method === 'PUT') {
      mkdirSync(path.dirname(target.file), { recursive: true });
      mkdirSync(path.dirname(target.meta), { recursive: true });
      writeFileSync(target.file, body);
      const type = String(req.headers['content-type'] ?? 'binary/octet-stream');
      const etag = `"${createHash('md5').update(body).digest('hex')}"`;
      const cacheControl = req.headers['cache-control'];
      // User metadata (x-amz-meta-*), kept and answered as S3 does.
      const metadata = Object.fromEntries(
        Object.entries(req.headers).filter(([name]) => name.startsWith('x-amz-meta-')),
      ) as Record<string, string>;
      writeFileSync(
        target.meta,
        JSON.stringify({
          contentType: type,
          size: body.length,
          etag,
          lastModified: new Date().toUTCString(),
          ...(cacheControl ? { cacheControl } : {}),
          ...(Object.keys(metadata).length ? { metadata } : {}),
        }),
      );
      res.writeHead(200, { etag });
      res.end();
      return notify(bucket, key, body.length, etag);
    }
    if (method === 'DELETE') {
      remove(target);
      res.writeHead(204);
      return void res.end();
    }
    if (method === 'GET' || method === 'HEAD') {
      if (!existsSync(target.file) || !statSync(target.file).isFile())
        return xmlError(req, res, 404, 'NoSuchKey', 'The specified key does not exist.', resource);
      const meta: StoredMeta = existsSync(target.meta)
        ? (JSON.parse(readFileSync(target.meta, 'utf8')) as StoredMeta)
        : { contentType: typeOf(target.file) };
      const headers: Record<string, string | number> = {
        'content-type': meta.contentType ?? typeOf(target.file),
        'content-length': statSync(target.file).size,
      };
      if (meta.etag) headers.etag = meta.etag;
      if (meta.lastModified) headers['last-modified'] = meta.lastModified;
      if (meta.cacheControl) headers['cache-control'] = meta.cacheControl;
      Object.assign(headers, meta.metadata);
      res.writeHead(200, headers);
      return void res.end(method === 'HEAD' ? undefined : readFileSync(target.file));
    }
    return xmlError(
      req,
      res,
      405,
      'MethodNotAllowed',
      'The specified method is not allowed against this resource.',
      resource,
    );
  };
  /** Resolves once no event notification is running (tests wait on it). */
  const idle = async () => {
    while (pending.size) await Promise.allSettled([...pending]);
  };
  return Object.assign(serve, { idle });
}

/** What the stand-in keeps about a stored object (its sidecar), or null: the gateway serves /images with it. */
type StoredMeta = {
  contentType?: string;
  cacheControl?: string;
  etag?: string;
  lastModified?: string;
  /** User metadata, by header (`x-amz-meta-<name>`). */
  metadata?: Record<string, string>;
};

export function storedObjectMeta(storageDir: string, bucket: string, key: string): StoredMeta | null {
  const file = path.resolve(storageDir, '.meta', bucket, `${key}.json`);
  if (!file.startsWith(path.resolve(storageDir, '.meta', bucket) + path.sep) || !existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as StoredMeta;
  } catch {
    return null;
  }
}
