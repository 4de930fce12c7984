import type http from 'node:http';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

/**
 * The local gateway's HTTP plumbing, as CloudFront and API Gateway behave: content types, JSON answers, bodies
 * compressed and revalidated as CloudFront sends them, request bodies read up to the limit, and answering a request
 * whose body is not read.
 */

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

export function sendJson(
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
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

export const compress = (body: Buffer, encoding: 'br' | 'gzip', quality: number) =>
  encoding === 'br'
    ? brotliCompressSync(body, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: quality, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
      })
    : gzipSync(body, { level: Math.min(9, quality) });

/**
 * Sends a body as CloudFront would: compressed with brotli or gzip when the browser accepts it and the type is
 * text (Vary: Accept-Encoding), answered 304 when the browser's If-None-Match still matches. `cached` reuses a
 * compressed copy of a file (static files are compressed once, at a high level, like CloudFront's edge cache).
 */
export function sendBody(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  status: number,
  headers: Record<string, string | string[]>,
  body: Buffer,
  cached?: (encoding: 'br' | 'gzip') => Buffer,
) {
  const type = String(headers['content-type'] ?? '');
  const etag = headers.etag as string | undefined;
  if (etag && status === 200 && req.headers['if-none-match'] === etag) {
    const { 'content-type': _type, ...rest } = headers;
    res.writeHead(304, rest);
    return void res.end();
  }
  const encoding =
    body.length >= MIN_COMPRESS_BYTES && COMPRESSIBLE.test(type) ? pickEncoding(req.headers['accept-encoding']) : null;
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
export function readBody(req: http.IncomingMessage): Promise<Buffer | null> {
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
export function answerAndClose(req: http.IncomingMessage, res: http.ServerResponse, status: number, body: unknown) {
  const socket = req.socket;
  // Node ends a `connection: close` response with socket.destroySoon(): here it closes our side only.
  socket.destroySoon = () => {
    socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    socket.once('close', () => clearTimeout(timer));
    req.resume();
  };
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': String(Buffer.byteLength(text)),
    connection: 'close',
  });
  res.end(text);
}
