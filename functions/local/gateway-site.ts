import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { PHOTO_PREFIX, publicPhotoKey, SERVED_IMAGE_TYPES } from '#shared/images';
import { NOT_FOUND_PATH, siteAnswer } from '#shared/pages';
import { SECURITY_HEADERS } from '#shared/security-headers';
import type { ApiDoor } from './gateway-api';
import { compress, contentType, sendBody, sendJson } from './gateway-http';

/** What the site door needs: the built SPA and the image bucket's folder. */
export interface SiteDoorOptions {
  /** The built SPA (web/dist). */
  webDir: string;
  /**
   * Folder of the image bucket: `/images/products/x` is served from `<imagesDir>/images/products/x` (public photos
   * only), as CloudFront does.
   */
  imagesDir: string;
  /** What the image store keeps about an object (its content type and Cache-Control, as S3 answers them). */
  imageMeta?: (key: string) => { contentType?: string; cacheControl?: string } | null;
}

/**
 * The site door, as CloudFront serves the SPA bucket and the image bucket: `images` answers /images/*, `site`
 * everything no other door took (CloudFront's default behaviour with its routing function), the home page and the
 * not-found page through the API door's page function.
 */
export function createSiteDoor(door: SiteDoorOptions, api: ApiDoor) {
  /** Files of web/dist, kept with their compressed copies until they change (mtime and size). */
  const files = new Map<string, { stamp: string; body: Buffer; br?: Buffer; gzip?: Buffer }>();
  function sendFile(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    file: string,
    cache: string,
    extra: Record<string, string> = {},
  ) {
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
      {
        'content-type': contentType(file),
        'cache-control': cache,
        etag,
        'x-content-type-options': 'nosniff',
        ...extra,
      },
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
    const meta = door.imageMeta?.(key) ?? null;
    const type = (meta?.contentType ?? contentType(file)).split(';')[0].trim().toLowerCase();
    if (!SERVED_IMAGE_TYPES.has(type))
      return sendJson(res, 404, { error: { code: 'not_found', message: 'No such image.' } });
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
    const root = path.resolve(door.webDir);
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

  /**
   * index.html, what every route of the SPA answers, or the route's first screen (`file`, shared/pages.ts
   * FIRST_SCREEN_FILES) when the build made it.
   */
  function spaShell(req: http.IncomingMessage, res: http.ServerResponse, file: string) {
    const root = path.resolve(door.webDir);
    const first = path.join(root, file);
    if (first.startsWith(root + path.sep) && existsSync(first))
      return sendFile(req, res, first, 'no-cache', SECURITY_HEADERS);
    const index = path.join(root, 'index.html');
    if (!existsSync(index)) {
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
      return void res.end('The web app is not built yet: run npm start (it builds web/ first).');
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
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return sendJson(res, 403, { error: { code: 'forbidden', message: 'This method is not allowed here.' } });
    if (answer.kind === 'redirect') {
      res.writeHead(301, {
        location: `${answer.location}${url.search}`,
        'cache-control': 'public, max-age=3600',
        ...SECURITY_HEADERS,
      });
      return void res.end();
    }
    if (answer.kind === 'spa') return spaShell(req, res, answer.file);
    const target = answer.kind === 'page' ? new URL('/', url) : new URL(`${NOT_FOUND_PATH}${url.search}`, url);
    return api(req, res, target, body, true);
  }

  /**
   * /images/*: as CloudFront and the image bucket's policy, only keys under the public photo prefix, never an
   * original under uploads/, however the path is spelt (encoded slashes and dot segments name nothing).
   */
  function images(req: http.IncomingMessage, res: http.ServerResponse, pathname: string): void {
    const key = publicPhotoKey(pathname);
    const photos = path.resolve(door.imagesDir, PHOTO_PREFIX);
    const file = key ? path.resolve(door.imagesDir, ...key.split('/')) : '';
    if (key && file.startsWith(photos + path.sep) && existsSync(file) && statSync(file).isFile())
      return sendImage(req, res, file, key);
    return sendJson(res, 404, { error: { code: 'not_found', message: 'No such image.' } });
  }

  return { site, images };
}
