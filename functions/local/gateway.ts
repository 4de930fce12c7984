import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { OPENAPI_PATH, openApiDocument } from '../../shared/openapi';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { PHOTO_PREFIX, publicPhotoKey } from '../../shared/images';
import { ORIGIN_HEADER } from '../../shared/origin';
import { isPagePath, NOT_FOUND_PATH, siteAnswer } from '../../shared/pages';
import { cognitoOperationOf } from '../../shared/rate-limits';
import { findRoute, routeId, type RouteDef } from '../../shared/routes';
import type { RuntimeConfig } from '../../shared/schemas/common';
import { SECURITY_HEADERS } from '../../shared/security-headers';
import type { RateLimiter } from './rate-limit';

type Handler = (event: APIGatewayProxyEventV2, context: Context, ...rest: unknown[]) => Promise<APIGatewayProxyStructuredResultV2>;

export interface GatewayOptions {
  routes: readonly RouteDef[];
  /** The built SPA (web/dist). */
  webDir: string;
  /** Folder of the image bucket: `/images/products/x` is served from `<imagesDir>/images/products/x` (public photos only), as CloudFront does. */
  imagesDir: string;
  /** What the image store keeps about an object (its content type and Cache-Control, as S3 answers them). */
  imageMeta?: (key: string) => { contentType?: string; cacheControl?: string } | null;
  /** The runtime config; `cognitoEndpoint` is filled in per request from the Host header. */
  config: Omit<RuntimeConfig, 'cognitoEndpoint'>;
  /** Where /cognito is proxied (the Cognito stand-in), so the browser talks to one origin. */
  cognitoUrl: string;
  /**
   * Stand-in for Cognito Lambda triggers: called before a Cognito call is forwarded (with its operation, e.g.
   * "SignUp", as `cognitoOperationOf` reads it, and JSON body); the function it returns runs after a successful answer, before the browser gets it.
   */
  cognitoHook?: (target: string, body: Record<string, unknown>) => ((answer: Record<string, unknown>) => Promise<Record<string, unknown> | void>) | undefined;
  /** Extra same-origin stand-ins (S3, SES) mounted under a path prefix. */
  mounts?: Record<string, (req: http.IncomingMessage, res: http.ServerResponse, body: Buffer) => Promise<void>>;
  /**
   * What CloudFront's origin header carries (shared/origin.ts): put on every event handed to a handler, over any
   * value the client sent, as CloudFront does. The handlers check it against ORIGIN_SECRET (docs/decisions/0066).
   */
  originSecret?: string;
  /** Per-client rate limits (shared/rate-limits.ts); a refused request reaches no handler and no stand-in. */
  rateLimiter?: RateLimiter;
  log?: (line: string) => void;
}

const MAX_REQUEST_BYTES = 6 * 1024 * 1024;
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.avif': 'image/avif',
  '.map': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
};
export const contentType = (file: string) => TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';

function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}

/** Text types CloudFront compresses (its list, in short); images and fonts are compressed already. */
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;
/** CloudFront compresses objects from 1,000 bytes on. */
const MIN_COMPRESS_BYTES = 1000;

/** The encoding CloudFront would pick for this request: brotli first, then gzip, else none. */
export function pickEncoding(acceptEncoding: string | string[] | undefined): 'br' | 'gzip' | null {
  const offered = String(acceptEncoding ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, '')) > 0)
    .map(([name]) => name.trim().toLowerCase());
  return offered.includes('br') ? 'br' : offered.includes('gzip') ? 'gzip' : null;
}

const compress = (body: Buffer, encoding: 'br' | 'gzip', quality: number) =>
  encoding === 'br' ? brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: quality, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }) : gzipSync(body, { level: Math.min(9, quality) });

/**
 * Sends a body as CloudFront would: compressed with brotli or gzip when the browser accepts it and the type is
 * text (Vary: Accept-Encoding), answered 304 when the browser's If-None-Match still matches. `cached` reuses a
 * compressed copy of a file (static files are compressed once, at a high level, like CloudFront's edge cache).
 */
function sendBody(req: http.IncomingMessage, res: http.ServerResponse, status: number, headers: Record<string, string | string[]>, body: Buffer, cached?: (encoding: 'br' | 'gzip') => Buffer) {
  const type = String(headers['content-type'] ?? '');
  const etag = headers.etag as string | undefined;
  if (etag && status === 200 && req.headers['if-none-match'] === etag) {
    const { 'content-type': _type, ...rest } = headers;
    res.writeHead(304, rest);
    return void res.end();
  }
  const encoding = body.length >= MIN_COMPRESS_BYTES && COMPRESSIBLE.test(type) ? pickEncoding(req.headers['accept-encoding']) : null;
  const sent = encoding ? (cached ? cached(encoding) : compress(body, encoding, 5)) : body;
  res.writeHead(status, {
    ...headers,
    ...(COMPRESSIBLE.test(type) ? { vary: 'Accept-Encoding' } : {}),
    ...(encoding ? { 'content-encoding': encoding } : {}),
    'content-length': String(sent.length),
  });
  res.end(req.method === 'HEAD' ? undefined : sent);
}

function readBody(req: http.IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_REQUEST_BYTES) {
        resolve(null);
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Turns an HTTP request into an API Gateway HTTP API (payload 2.0) event, as AWS does. */
export function toEvent(req: http.IncomingMessage, url: URL, route: RouteDef, params: Record<string, string>, body: Buffer): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && name !== 'cookie') headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) query[name] = name in query ? `${query[name]},${value}` : value;
  const method = (req.method ?? 'GET').toUpperCase();
  const isText = /json|text|x-www-form-urlencoded/.test(headers['content-type'] ?? 'application/json');
  return {
    version: '2.0',
    routeKey: `${route.method} ${route.path}`,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    cookies: req.headers.cookie ? req.headers.cookie.split(/;\s*/) : undefined,
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: Object.keys(params).length ? params : undefined,
    body: body.length ? (isText ? body.toString('utf8') : body.toString('base64')) : undefined,
    isBase64Encoded: body.length > 0 && !isText,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method,
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: `${route.method} ${route.path}`,
      stage: '$default',
      time: new Date().toUTCString(),
      timeEpoch: Date.now(),
    },
  };
}

/**
 * The local API Gateway + CloudFront: one origin serving the API (the same handler modules, chosen by the
 * same route table), /config.json, images, the Cognito proxy and the SPA.
 */
export function createGateway(options: GatewayOptions): http.Server {
  // Every handler is loaded up front with require: that works under tsx and inside Jest's global setup
  // (whose TypeScript hook is gone once the setup returns), and a broken module fails the start, not a request.
  const handlers = new Map<string, Handler>();
  for (const route of options.routes) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the module path comes from the route table; loaded synchronously (see above)
    const mod = require(path.join(__dirname, '..', 'http', `${route.handler}.ts`)) as { handler?: Handler; default?: { handler: Handler } };
    handlers.set(route.handler, mod.handler ?? mod.default!.handler);
  }
  const load = async (route: RouteDef) => handlers.get(route.handler)!;
  const log = options.log ?? (() => {});
  // The API description of the routes served here (in AWS a file of the SPA build at the same path).
  let apiDescription: unknown;

  async function api(req: http.IncomingMessage, res: http.ServerResponse, url: URL, body: Buffer, page = isPagePath(url.pathname)) {
    // HEAD of a page is its GET without the body (CloudFront asks the origin for HEAD as GET here too).
    const method = req.method === 'HEAD' && page ? 'GET' : (req.method ?? 'GET');
    const found = findRoute(options.routes, method, url.pathname);
    if (!found.route) {
      return found.pathExists
        ? sendJson(res, 405, { error: { code: 'method_not_allowed', message: 'This method is not allowed here.' } })
        : sendJson(res, 404, { error: { code: 'not_found', message: 'No such endpoint.' } });
    }
    const handler = await load(found.route);
    const event = toEvent(req, url, found.route, found.params, body);
    if (options.originSecret) event.headers[ORIGIN_HEADER] = options.originSecret;
    const context = { awsRequestId: event.requestContext.requestId, functionName: routeId(found.route) } as Context;
    const result = await handler(event, context);
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(result.headers ?? {})) headers[name] = String(value);
    if (result.cookies?.length) headers['set-cookie'] = result.cookies;
    // Pages carry the SPA's security headers, as CloudFront's response-headers policy adds them to every behaviour.
    if (!url.pathname.startsWith('/api/') && !url.pathname.startsWith('/auth/')) Object.assign(headers, SECURITY_HEADERS);
    sendBody(req, res, result.statusCode ?? 200, headers, result.body ? Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8') : Buffer.alloc(0));
  }

  async function proxyCognito(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer) {
    const headers: Record<string, string> = {};
    for (const name of ['content-type', 'x-amz-target', 'x-amz-user-agent', 'authorization']) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    // Only `AWSCognitoIdentityProviderService.<Operation>`, as Cognito itself: the stand-in would route any
    // `<anything>.<Operation>`, past the limiter and the triggers, which read the header the same way as here.
    const target = cognitoOperationOf(headers['x-amz-target']);
    if (target === undefined) {
      return sendJson(
        res,
        400,
        { __type: 'UnknownOperationException', message: 'Unknown operation: the x-amz-target header must be AWSCognitoIdentityProviderService.<Operation>.' },
        { 'x-amzn-errortype': 'UnknownOperationException:', 'content-type': 'application/x-amz-json-1.1' },
      );
    }
    let request: Record<string, unknown> = {};
    try {
      request = JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown>;
    } catch {
      // Forward as it is; the stand-in answers the error.
    }
    const after = options.cognitoHook?.(target, request);
    const upstream = await fetch(`${options.cognitoUrl}/`, { method: req.method, headers, body: req.method === 'GET' ? undefined : new Uint8Array(body) });
    let answer = Buffer.from(await upstream.arrayBuffer());
    if (after && upstream.ok) {
      const changed = await after(JSON.parse(answer.toString('utf8') || '{}') as Record<string, unknown>).catch((error: Error) => log(`cognito hook ${target} failed: ${error.message}`));
      if (changed) answer = Buffer.from(JSON.stringify(changed));
    }
    res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' });
    res.end(answer);
  }

  /** Files of web/dist, kept with their compressed copies until they change (mtime and size). */
  const files = new Map<string, { stamp: string; body: Buffer; br?: Buffer; gzip?: Buffer }>();
  function sendFile(req: http.IncomingMessage, res: http.ServerResponse, file: string, cache: string, extra: Record<string, string> = {}) {
    const stat = statSync(file);
    const stamp = `${stat.mtimeMs}-${stat.size}`;
    let entry = files.get(file);
    if (entry?.stamp !== stamp) files.set(file, (entry = { stamp, body: readFileSync(file) }));
    const kept = entry;
    const etag = `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
    sendBody(
      req,
      res,
      200,
      { 'content-type': contentType(file), 'cache-control': cache, etag, 'x-content-type-options': 'nosniff', ...extra },
      kept.body,
      (encoding) => (kept[encoding] ??= compress(kept.body, encoding, encoding === 'br' ? 9 : 9)),
    );
  }

  /** An image of the bucket, streamed (never compressed again) with the type and Cache-Control S3 stored. */
  function sendImage(req: http.IncomingMessage, res: http.ServerResponse, file: string, key: string) {
    const stat = statSync(file);
    const meta = options.imageMeta?.(key) ?? null;
    const etag = `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
    const headers = {
      'content-type': meta?.contentType ?? contentType(file),
      'cache-control': meta?.cacheControl ?? 'public, max-age=300',
      etag,
      'x-content-type-options': 'nosniff',
      'content-length': String(stat.size),
    };
    if (req.headers['if-none-match'] === etag) {
      const { 'content-type': _type, 'content-length': _length, ...rest } = headers;
      res.writeHead(304, rest);
      return void res.end();
    }
    res.writeHead(200, headers);
    if (req.method === 'HEAD') return void res.end();
    createReadStream(file).pipe(res);
  }

  /** A file of web/dist as CloudFront's default behaviour serves it from the SPA bucket; a missing one is a 404. */
  function staticFile(req: http.IncomingMessage, res: http.ServerResponse, url: URL) {
    const root = path.resolve(options.webDir);
    let file = '';
    try {
      file = path.resolve(root, `.${decodeURIComponent(url.pathname)}`);
    } catch {
      // Not a path (a broken escape): no such file.
    }
    if (file.startsWith(root + path.sep) && existsSync(file) && statSync(file).isFile()) {
      const immutable = url.pathname.startsWith('/assets/');
      return sendFile(req, res, file, immutable ? 'public, max-age=31536000, immutable' : 'no-cache', SECURITY_HEADERS);
    }
    return sendJson(res, 404, { error: { code: 'not_found', message: 'No such file.' } });
  }

  /** index.html, what every route of the SPA answers. */
  function spaShell(req: http.IncomingMessage, res: http.ServerResponse) {
    const index = path.join(path.resolve(options.webDir), 'index.html');
    if (!existsSync(index)) {
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
      return res.end('The web app is not built yet: run npm start (it builds web/ first).');
    }
    return sendFile(req, res, index, 'no-cache', SECURITY_HEADERS);
  }

  /**
   * What no other path took: CloudFront's default behaviour and its routing function (shared/pages.ts siteAnswer):
   * files as they are, a trailing slash redirected, the home page and the not-found page (404) from the page
   * function, the SPA's routes index.html.
   */
  function site(req: http.IncomingMessage, res: http.ServerResponse, url: URL, body: Buffer) {
    const answer = siteAnswer(url.pathname);
    if (answer.kind === 'file') return staticFile(req, res, url);
    // The default behaviour allows GET and HEAD only (CloudFront refuses other methods with 403).
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendJson(res, 403, { error: { code: 'forbidden', message: 'This method is not allowed here.' } });
    if (answer.kind === 'redirect') {
      res.writeHead(301, { location: `${answer.location}${url.search}`, 'cache-control': 'public, max-age=3600', ...SECURITY_HEADERS });
      return void res.end();
    }
    if (answer.kind === 'spa') return spaShell(req, res);
    const target = answer.kind === 'page' ? new URL('/', url) : new URL(`${NOT_FOUND_PATH}${url.search}`, url);
    return api(req, res, target, body, true);
  }

  return http.createServer((req, res) => {
    const started = Date.now();
    const url = new URL(req.url ?? '/', 'http://localhost');
    res.on('finish', () => {
      if (!url.pathname.startsWith('/assets/')) log(`${req.method} ${url.pathname} ${res.statusCode} ${Date.now() - started}ms`);
    });
    (async () => {
      const body = await readBody(req);
      if (body === null) return sendJson(res, 413, { error: { code: 'payload_too_large', message: 'The request body is too large.' } });
      const { pathname } = url;
      const refused = options.rateLimiter?.checkHttp(req, pathname);
      if (refused) return sendJson(res, refused.status, refused.body, refused.headers);
      if (pathname === OPENAPI_PATH && req.method === 'GET') return sendJson(res, 200, (apiDescription ??= openApiDocument(options.routes)), { 'cache-control': 'no-cache' });
      if (pathname.startsWith('/api/') || pathname.startsWith('/auth/')) return api(req, res, url, body);
      // The paths CloudFront sends to the page function (shared/pages.ts), answered by the same handler module.
      if ((req.method === 'GET' || req.method === 'HEAD') && isPagePath(pathname)) return api(req, res, url, body);
      if (pathname === '/config.json') {
        const origin = `http://${req.headers.host ?? 'localhost'}`;
        return sendJson(res, 200, { ...options.config, cognitoEndpoint: `${origin}/cognito` });
      }
      if (pathname === '/cognito' || pathname === '/cognito/') return proxyCognito(req, res, body);
      for (const [prefix, mount] of Object.entries(options.mounts ?? {})) {
        if (pathname.startsWith(prefix)) return mount(req, res, body);
      }
      if (pathname.startsWith('/images/')) {
        // As CloudFront and the image bucket's policy: only keys under the public photo prefix, never an original
        // under uploads/, however the path is spelt (encoded slashes and dot segments name nothing).
        const key = publicPhotoKey(pathname);
        const photos = path.resolve(options.imagesDir, PHOTO_PREFIX);
        const file = key ? path.resolve(options.imagesDir, ...key.split('/')) : '';
        if (key && file.startsWith(photos + path.sep) && existsSync(file) && statSync(file).isFile()) return sendImage(req, res, file, key);
        return sendJson(res, 404, { error: { code: 'not_found', message: 'No such image.' } });
      }
      return site(req, res, url, body);
    })().catch((error: Error) => {
      log(`gateway error on ${req.method} ${url.pathname}: ${error.stack ?? error.message}`);
      if (!res.headersSent) sendJson(res, 502, { error: { code: 'bad_gateway', message: 'The local gateway could not complete the request.' } });
      else res.end();
    });
  });
}
