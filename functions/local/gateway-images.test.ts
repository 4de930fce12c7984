import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createGateway } from './gateway';

/**
 * The gateway's /images/ as CloudFront's /images/* behaviour and the image bucket's policy serve it: the variants
 * under images/products/, never an original under uploads/ (it keeps the uploader's EXIF and GPS), however the
 * path is spelt. Requests go out raw (as `curl --path-as-is` sends them): fetch would resolve the dots first.
 */
const ID = '3f2a1b0c-4d5e-4f60-8a7b-9c8d7e6f5a4b';
const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-gateway-images-'));
const bucket = path.join(dir, 'bucket');
mkdirSync(path.join(bucket, 'images', 'products', ID), { recursive: true });
mkdirSync(path.join(bucket, 'uploads'), { recursive: true });
writeFileSync(path.join(bucket, 'images', 'products', ID, '320.jpg'), 'variant');
writeFileSync(path.join(bucket, 'uploads', `${ID}.jpg`), 'ORIGINAL WITH GPS');
writeFileSync(path.join(bucket, 'images', 'not-a-photo.txt'), 'outside the photo prefix');
// What someone with a key to the bucket could have put beside the photos: pages and scripts of the shop's own origin.
const PAGE = '<script>alert(document.cookie)</script>';
mkdirSync(path.join(bucket, 'images', 'products', 'x'), { recursive: true });
writeFileSync(path.join(bucket, 'images', 'products', 'x', 'evil.html'), PAGE);
writeFileSync(
  path.join(bucket, 'images', 'products', 'x', 'evil.svg'),
  `<svg xmlns="http://www.w3.org/2000/svg">${PAGE}</svg>`,
);
writeFileSync(path.join(bucket, 'images', 'products', 'x', 'evil.js'), 'alert(1)');
writeFileSync(path.join(bucket, 'images', 'products', 'x', 'page.jpg'), PAGE);
writeFileSync(path.join(bucket, 'images', 'products', 'x', 'typed.png'), PAGE);
writeFileSync(path.join(bucket, 'images', 'products', 'x', 'photo.webp'), 'webp bytes');
/** What the S3 stand-in stored about each object (its sidecar): the type the uploader declared. */
const META: Record<string, { contentType: string }> = {
  'images/products/x/page.jpg': { contentType: 'text/html' },
  'images/products/x/typed.png': { contentType: 'text/html; charset=utf-8' },
  'images/products/x/photo.webp': { contentType: 'image/webp' },
};
mkdirSync(path.join(dir, 'web'));
writeFileSync(
  path.join(dir, 'web', 'index.html'),
  '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
);

const server = createGateway({
  routes: [],
  webDir: path.join(dir, 'web'),
  imagesDir: bucket,
  imageMeta: (key) => META[key] ?? null,
  config: {} as never,
  cognitoUrl: 'http://127.0.0.1:9',
});
let port = 0;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

/** GET with the path exactly as given (no dot-segment resolution, no re-encoding). */
function rawGet(rawPath: string): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path: rawPath, method: 'GET' }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          headers: response.headers,
        }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

it('serves a variant under images/products/', async () => {
  expect(await rawGet(`/images/products/${ID}/320.jpg`)).toMatchObject({ status: 200, body: 'variant' });
});

it('serves photos only with a photo type and nosniff', async () => {
  const jpeg = await rawGet(`/images/products/${ID}/320.jpg`);
  expect(jpeg.headers['content-type']).toBe('image/jpeg');
  expect(jpeg.headers['x-content-type-options']).toBe('nosniff');
  const webp = await rawGet('/images/products/x/photo.webp');
  expect({
    status: webp.status,
    type: webp.headers['content-type'],
    nosniff: webp.headers['x-content-type-options'],
  }).toEqual({ status: 200, type: 'image/webp', nosniff: 'nosniff' });
});

it.each(['evil.html', 'evil.svg', 'evil.js', 'page.jpg', 'typed.png'])(
  'images/products/x/%s (not stored as a photo type) is a 404, never the page',
  async (name) => {
    const answer = await rawGet(`/images/products/x/${name}`);
    expect(answer.status).toBe(404);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body)).toEqual({ error: { code: 'not_found', message: 'No such image.' } });
  },
);

it.each([
  `/images/products/..%2f..%2fuploads%2f${ID}.jpg`,
  `/images/products/..%2F..%2Fuploads%2F${ID}.jpg`,
  `/images/products/%2e%2e%2f%2e%2e%2fuploads%2f${ID}.jpg`,
  `/images/products/%2E%2E%2F%2E%2E%2Fuploads%2F${ID}.jpg`,
  `/images/..%2fuploads%2f${ID}.jpg`,
  `/images/%2e%2e%2fuploads%2f${ID}.jpg`,
  `/images/products/${ID}/..%2f..%2f..%2fuploads%2f${ID}.jpg`,
  `/images/products/..%5c..%5cuploads%5c${ID}.jpg`,
  `/images/products/../../uploads/${ID}.jpg`,
  `/images/../uploads/${ID}.jpg`,
  `/images/%2e%2e/uploads/${ID}.jpg`,
  `/images/products/%2e%2e/%2e%2e/uploads/${ID}.jpg`,
  `/images/products/%252e%252e%252fuploads%252f${ID}.jpg`,
  `/uploads/${ID}.jpg`,
  '/images/not-a-photo.txt',
  `/images/products//${ID}/320.jpg`,
])('%s is a 404 and never the original', async (rawPath) => {
  const answer = await rawGet(rawPath);
  expect(answer.status).toBe(404);
  expect(answer.body).not.toContain('ORIGINAL');
});
