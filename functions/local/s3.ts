import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { S3Event } from 'aws-lambda';
import type http from 'node:http';
import path from 'node:path';
import { localCredentials } from '../lib/aws-client';
import { contentType as typeOf } from './gateway-http';
import { checkSignature } from './sigv4';

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
 * CopyObject (a PUT with x-amz-copy-source), one `Range: bytes=a-b` of a GET (206), If-None-Match (304) and a
 * presigned GET's response-content-disposition / response-content-type overrides are answered as S3 answers them.
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

/** XML text as S3 writes it (its answers) and reads it (a DeleteObjects body's keys). */
const escapeXml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCodePoint(parseInt(code, 16)))
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
    const signed = await checkSignature(req, body, secrets);
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

    if (method === 'PUT' && req.headers['x-amz-copy-source']) {
      // CopyObject: `<bucket>/<key>` (URL-encoded) of this stand-in, its bytes and metadata copied as S3 does.
      const [fromBucket, ...fromKey] = decodeURIComponent(String(req.headers['x-amz-copy-source']).replace(/^\//, ''))
        .split('?')[0]
        .split('/');
      const source = badKey(fromKey.join('/')) ? null : locate(fromBucket, fromKey.join('/'));
      if (!source || !existsSync(source.file))
        return xmlError(req, res, 404, 'NoSuchKey', 'The specified key does not exist.', resource);
      mkdirSync(path.dirname(target.file), { recursive: true });
      mkdirSync(path.dirname(target.meta), { recursive: true });
      const copied = readFileSync(source.file);
      writeFileSync(target.file, copied);
      const etag = `"${createHash('md5').update(copied).digest('hex')}"`;
      const sourceMeta = existsSync(source.meta) ? (JSON.parse(readFileSync(source.meta, 'utf8')) as StoredMeta) : {};
      const lastModified = new Date().toUTCString();
      writeFileSync(target.meta, JSON.stringify({ ...sourceMeta, etag, lastModified }));
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.end(
        `<?xml version="1.0" encoding="UTF-8"?>\n<CopyObjectResult xmlns="${XMLNS}"><LastModified>${new Date().toISOString()}` +
          `</LastModified><ETag>${escapeXml(etag)}</ETag></CopyObjectResult>`,
      );
      return notify(bucket, key, copied.length, etag);
    }
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
      // A conditional GET (If-None-Match: the page function's revalidation), answered 304 when the ETag still holds.
      const ifNoneMatch = req.headers['if-none-match'];
      if (meta.etag && ifNoneMatch && ifNoneMatch.split(',').some((tag) => [meta.etag, '*'].includes(tag.trim()))) {
        res.writeHead(304, { etag: meta.etag, ...(meta.lastModified ? { 'last-modified': meta.lastModified } : {}) });
        return void res.end();
      }
      if (meta.lastModified) headers['last-modified'] = meta.lastModified;
      if (meta.cacheControl) headers['cache-control'] = meta.cacheControl;
      Object.assign(headers, meta.metadata);
      // The response overrides a presigned GET may carry (signed with it), as S3 answers them.
      const disposition = url.searchParams.get('response-content-disposition');
      if (disposition) headers['content-disposition'] = disposition;
      const overriddenType = url.searchParams.get('response-content-type');
      if (overriddenType) headers['content-type'] = overriddenType;
      // One range `bytes=a-b` (what functions ask for: a file's first bytes), answered 206 as S3 does.
      const range = /^bytes=(\d+)-(\d*)$/.exec(String(req.headers.range ?? ''));
      const whole = readFileSync(target.file);
      if (range && Number(range[1]) < whole.length) {
        const start = Number(range[1]);
        const end = Math.min(range[2] ? Number(range[2]) : whole.length - 1, whole.length - 1);
        headers['content-range'] = `bytes ${start}-${end}/${whole.length}`;
        headers['content-length'] = end - start + 1;
        res.writeHead(206, headers);
        return void res.end(method === 'HEAD' ? undefined : whole.subarray(start, end + 1));
      }
      res.writeHead(200, headers);
      return void res.end(method === 'HEAD' ? undefined : whole);
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
