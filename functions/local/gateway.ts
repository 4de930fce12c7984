import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { OPENAPI_PATH, openApiDocument } from '../../shared/openapi';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { PHOTO_PREFIX, publicPhotoKey, SERVED_IMAGE_TYPES } from '../../shared/images';
import { ORIGIN_HEADER } from '../../shared/origin';
import { isPagePath, NOT_FOUND_PATH, siteAnswer } from '../../shared/pages';
import { cognitoOperationOf } from '../../shared/rate-limits';
import { findRoute, routeId, type RouteDef } from '../../shared/routes';
import type { RuntimeConfig } from '../../shared/schemas/common';
import { SECURITY_HEADERS } from '../../shared/security-headers';
import { withRequestOrigin } from '../lib/site-url';
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
  /** The runtime config; `cognitoEndpoint` is filled in per request from the address the shop was opened under. */
  config: Omit<RuntimeConfig, 'cognitoEndpoint'>;
  /** Where /cognito is proxied (the Cognito stand-in), so the browser talks to one origin. */
  cognitoUrl: string;
  /** PUBLIC_URL: an address besides this machine's own names that the shop answers to (a tunnel, a forwarded port). */
  publicUrl?: string;
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
/** How long a connection answered before its body was read goes on being read (and dropped) before it is closed. */
const LINGER_MS = 5_000;
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

/**
 * The request body, or null as soon as it is too large: at once when Content-Length says so (nothing is read),
 * or, for a chunked body, when it passes the limit (what follows is dropped, never kept).
 */
function readBody(req: http.IncomingMessage): Promise<Buffer | null> {
  if (Number(req.headers['content-length'] ?? 0) > MAX_REQUEST_BYTES) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      if (size > MAX_REQUEST_BYTES) return;
      size += chunk.length;
      if (size > MAX_REQUEST_BYTES) {
        chunks.length = 0;
        return resolve(null);
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(size > MAX_REQUEST_BYTES ? null : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * Answers a request whose body is not read (too large, or for a Host this shop does not answer to), then closes
 * the connection as HTTP servers do ("lingering close"): the answer goes out, our side closes, and what the
 * client still sends is read and dropped until it stops (at most LINGER_MS). Closing at once with its data unread
 * would make TCP reset the connection, and a reset can throw away the answer before the client reads it.
 */
function answerAndClose(req: http.IncomingMessage, res: http.ServerResponse, status: number, body: unknown) {
  const socket = req.socket;
  // Node ends a `connection: close` response with socket.destroySoon(): here it closes our side only.
  socket.destroySoon = () => {
    socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    socket.once('close', () => clearTimeout(timer));
    req.resume();
  };
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'content-length': String(Buffer.byteLength(text)), connection: 'close' });
  res.end(text);
}

/** This machine's names as a Host header gives them (lower case, IPv6 in brackets), read afresh (addresses change). */
function machineNames(): Set<string> {
  const names = new Set(['localhost', os.hostname().toLowerCase()]);
  for (const addresses of Object.values(os.networkInterfaces())) {
    for (const { address, family } of addresses ?? []) names.add(family === 'IPv6' ? `[${address.toLowerCase()}]` : address);
  }
  return names;
}

/**
 * The origin a request was opened under (`http://127.0.0.1:3000`), when its Host header names this machine
 * (localhost, a loopback or interface address, the machine's name) with the port the request came in on, or
 * is PUBLIC_URL's host (then PUBLIC_URL's origin); null for any other Host. Links in mails and upload URLs are
 * made from it, so a forged Host can never put a stranger's address into a password-reset mail (and a page of
 * another site whose name resolves to 127.0.0.1 cannot read this shop: DNS rebinding).
 */
export function originOfHost(host: string | undefined, localPort: number | undefined, publicUrl?: string): string | null {
  if (!host || !/^[A-Za-z0-9.:[\]-]+$/.test(host)) return null;
  let url: URL;
  try {
    url = new URL(`http://${host}`);
  } catch {
    return null;
  }
  if (publicUrl && url.host === new URL(publicUrl).host) return new URL(publicUrl).origin;
  if ((url.port || '80') !== String(localPort)) return null;
  return /^127\.\d+\.\d+\.\d+$/.test(url.hostname) || machineNames().has(url.hostname) ? url.origin : null;
}

/**
 * What the /cognito door forwards: the calls Cognito takes from a browser, without AWS credentials (with the
 * user's own tokens, or none), as Amplify v6 makes them for this shop (web/src/features/auth) and the stand-in
 * answers them. Everything else (ListUsers, AdminAddUserToGroup, ...) needs IAM credentials in AWS; the stand-in
 * checks none, so those never pass the door (docs/decisions/0060).
 */
export const BROWSER_COGNITO_OPERATIONS: ReadonlySet<string> = new Set([
  // Sign-up (the shop confirms new accounts itself, docs/decisions/0010).
  'SignUp',
  'ConfirmSignUp',
  // Sign-in, and the token refresh of older Amplify versions (InitiateAuth REFRESH_TOKEN_AUTH).
  'InitiateAuth',
  'RespondToAuthChallenge',
  // The token refresh of Amplify 6.15+, answered as InitiateAuth REFRESH_TOKEN_AUTH (the stand-in lacks it).
  'GetTokensFromRefreshToken',
  // Password reset, and a signed-in user's own password and account.
  'ForgotPassword',
  'ConfirmForgotPassword',
  'ChangePassword',
  'GetUser',
  // Sign-out (Amplify revokes the refresh token).
  'RevokeToken',
]);

/** An error as Cognito sends it (the SDK raises `type` with `message`). */
function sendCognitoError(res: http.ServerResponse, status: number, type: string, message: string, headers: Record<string, string> = {}) {
  sendJson(res, status, { __type: type, message }, { 'x-amzn-errortype': `${type}:`, 'content-type': 'application/x-amz-json-1.1', ...headers });
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
    // As API Gateway answers it: the request id every log line of the request carries (correlation_id).
    headers['apigw-requestid'] = event.requestContext.requestId;
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
      return sendCognitoError(res, 400, 'UnknownOperationException', 'Unknown operation: the x-amz-target header must be AWSCognitoIdentityProviderService.<Operation>.');
    }
    if (!BROWSER_COGNITO_OPERATIONS.has(target)) {
      return sendCognitoError(
        res,
        400,
        'NotAuthorizedException',
        `${target} is not a call a browser makes: the shop's /cognito forwards only sign-up, sign-in, token refresh, password reset and change, and sign-out. Manage users on this machine (npm run admin:add, or the Cognito stand-in on 127.0.0.1).`,
      );
    }
    let request: Record<string, unknown> = {};
    try {
      request = JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown>;
    } catch {
      // Forward as it is; the stand-in answers the error.
    }
    const after = options.cognitoHook?.(target, request);
    // Amplify's refresh call, as the stand-in knows it (the answer carries the same AuthenticationResult).
    const refresh = target === 'GetTokensFromRefreshToken';
    if (refresh) headers['x-amz-target'] = 'AWSCognitoIdentityProviderService.InitiateAuth';
    const forwarded = refresh
      ? Buffer.from(
          JSON.stringify({
            AuthFlow: 'REFRESH_TOKEN_AUTH',
            ClientId: request.ClientId,
            AuthParameters: { REFRESH_TOKEN: request.RefreshToken, ...(request.DeviceKey ? { DEVICE_KEY: request.DeviceKey } : {}) },
            ...(request.ClientMetadata ? { ClientMetadata: request.ClientMetadata } : {}),
          }),
        )
      : body;
    const upstream = await fetch(`${options.cognitoUrl}/`, { method: req.method, headers, body: req.method === 'GET' ? undefined : new Uint8Array(forwarded) });
    let answer = Buffer.from(await upstream.arrayBuffer());
    if (refresh && upstream.ok) {
      const { AuthenticationResult } = JSON.parse(answer.toString('utf8') || '{}') as { AuthenticationResult?: unknown };
      answer = Buffer.from(JSON.stringify({ AuthenticationResult }));
    }
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

  /**
   * An image of the bucket, streamed (never compressed again) with the type and Cache-Control S3 stored; only a
   * photo type (SERVED_IMAGE_TYPES), with nosniff: anything else stored there is a 404.
   */
  function sendImage(req: http.IncomingMessage, res: http.ServerResponse, file: string, key: string) {
    const stat = statSync(file);
    const meta = options.imageMeta?.(key) ?? null;
    const type = (meta?.contentType ?? contentType(file)).split(';')[0].trim().toLowerCase();
    if (!SERVED_IMAGE_TYPES.has(type)) return sendJson(res, 404, { error: { code: 'not_found', message: 'No such image.' } });
    const etag = `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
    const headers = {
      'content-type': type,
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
    const origin = originOfHost(req.headers.host, req.socket.localPort, options.publicUrl);
    if (origin === null) {
      const port = req.socket.localPort;
      return answerAndClose(req, res, 400, {
        error: {
          code: 'unknown_host',
          message: `This shop answers only under this machine's names (http://localhost:${port}, http://127.0.0.1:${port} or this machine's address on port ${port}); open it so, or set PUBLIC_URL to the address you use.`,
        },
      });
    }
    // Everything below (handlers, the stand-ins, the Cognito triggers) knows the address the shop was opened under.
    withRequestOrigin(origin, async () => {
      const body = await readBody(req);
      if (body === null) return answerAndClose(req, res, 413, { error: { code: 'payload_too_large', message: 'The request body is too large (at most 6 MB).' } });
      const { pathname } = url;
      const refused = options.rateLimiter?.checkHttp(req, pathname);
      if (refused) return sendJson(res, refused.status, refused.body, refused.headers);
      if (pathname === OPENAPI_PATH && req.method === 'GET') return sendJson(res, 200, (apiDescription ??= openApiDocument(options.routes)), { 'cache-control': 'no-cache' });
      if (pathname.startsWith('/api/') || pathname.startsWith('/auth/')) return api(req, res, url, body);
      // The paths CloudFront sends to the page function (shared/pages.ts), answered by the same handler module.
      if ((req.method === 'GET' || req.method === 'HEAD') && isPagePath(pathname)) return api(req, res, url, body);
      if (pathname === '/config.json') return sendJson(res, 200, { ...options.config, cognitoEndpoint: `${origin}/cognito` });
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
    }).catch((error: Error) => {
      log(`gateway error on ${req.method} ${url.pathname}: ${error.stack ?? error.message}`);
      if (!res.headersSent) sendJson(res, 502, { error: { code: 'bad_gateway', message: 'The local gateway could not complete the request.' } });
      else res.end();
    });
  });
}
