import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { contentType as typeOf } from './gateway';

/**
 * The S3 stand-in, mounted by the gateway under /s3 (path-style: /s3/<bucket>/<key>): functions use the real
 * @aws-sdk/client-s3 pointed at `${origin}/s3`, browsers PUT to presigned URLs on the same origin.
 * Objects are files under `<storageDir>/<bucket>/<key>`. For presigned requests it checks the expiry and that the
 * signed content type is the one sent; it does not recompute SigV4 signatures (local credentials are public).
 */
function xmlError(res: http.ServerResponse, status: number, code: string, message: string) {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`);
}

function presignProblem(url: URL, req: http.IncomingMessage): string | null {
  const date = url.searchParams.get('X-Amz-Date');
  if (!date) return null; // a header-signed SDK call
  const expires = Number(url.searchParams.get('X-Amz-Expires') ?? 0);
  const signedAt = Date.UTC(+date.slice(0, 4), +date.slice(4, 6) - 1, +date.slice(6, 8), +date.slice(9, 11), +date.slice(11, 13), +date.slice(13, 15));
  if (Date.now() > signedAt + expires * 1000) return 'Request has expired';
  const signed = (url.searchParams.get('X-Amz-SignedHeaders') ?? '').split(';');
  if (signed.includes('content-type') && !req.headers['content-type']) return 'The signed Content-Type header is missing';
  return null;
}

export function createS3StandIn(storageDir: string) {
  const root = path.resolve(storageDir);
  return async (req: http.IncomingMessage, res: http.ServerResponse, body: Buffer): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const [bucket, ...rest] = url.pathname.replace(/^\/s3\//, '').split('/').map(decodeURIComponent);
    const key = rest.join('/');
    if (!bucket || /(^|\/)\.\.(\/|$)/.test(key) || bucket.includes('..')) return xmlError(res, 400, 'InvalidRequest', 'Bad bucket or key');
    const bucketDir = path.join(root, bucket);
    const file = path.resolve(bucketDir, key);
    if (key && !file.startsWith(bucketDir + path.sep)) return xmlError(res, 400, 'InvalidRequest', 'Bad key');
    const problem = presignProblem(url, req);
    if (problem) return xmlError(res, 403, 'AccessDenied', problem);
    const method = req.method ?? 'GET';

    if (method === 'POST' && url.searchParams.has('delete')) {
      const keys = [...body.toString('utf8').matchAll(/<Key>([^<]+)<\/Key>/g)].map((m) => m[1].replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>'));
      for (const k of keys) {
        const target = path.resolve(bucketDir, k);
        if (target.startsWith(bucketDir + path.sep)) rmSync(target, { force: true }), rmSync(`${target}.meta.json`, { force: true });
      }
      res.writeHead(200, { 'content-type': 'application/xml' });
      return void res.end('<?xml version="1.0" encoding="UTF-8"?><DeleteResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"></DeleteResult>');
    }
    if (!key) return xmlError(res, 400, 'InvalidRequest', 'A key is required');
    if (method === 'PUT') {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, body);
      writeFileSync(`${file}.meta.json`, JSON.stringify({ contentType: req.headers['content-type'] ?? typeOf(file), size: body.length }));
      res.writeHead(200, { etag: `"${body.length}"` });
      return void res.end();
    }
    if (method === 'DELETE') {
      rmSync(file, { force: true });
      rmSync(`${file}.meta.json`, { force: true });
      res.writeHead(204);
      return void res.end();
    }
    if (method === 'GET' || method === 'HEAD') {
      if (!existsSync(file) || !statSync(file).isFile()) return xmlError(res, 404, 'NoSuchKey', 'The specified key does not exist.');
      const meta = existsSync(`${file}.meta.json`) ? JSON.parse(readFileSync(`${file}.meta.json`, 'utf8')) : { contentType: typeOf(file) };
      res.writeHead(200, { 'content-type': meta.contentType, 'content-length': statSync(file).size });
      return void res.end(method === 'HEAD' ? undefined : readFileSync(file));
    }
    return xmlError(res, 405, 'MethodNotAllowed', `${method} is not supported`);
  };
}
