import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { newAccessKeyId } from './dynamo';
import { createS3StandIn } from './s3';

/** The S3 stand-in on its own port, driven by the real S3 client and by plain fetch (as a browser would). */
const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-s3-test-'));
let server: http.Server;
let endpoint: string;
/** Its key, random as npm start chooses one on every start. */
const KEY = { accessKeyId: newAccessKeyId(), secretAccessKey: randomBytes(32).toString('base64url') };
const client = (secret = KEY.secretAccessKey, accessKeyId = KEY.accessKeyId) =>
  new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId, secretAccessKey: secret },
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
const presignPut = (
  key: string,
  options: { type?: string; size?: number; expiresIn?: number; signingDate?: Date } = {},
) =>
  getSignedUrl(
    client(),
    new PutObjectCommand({
      Bucket: 'shop-images',
      Key: key,
      ContentType: options.type ?? 'image/png',
      ContentLength: options.size,
    }),
    {
      expiresIn: options.expiresIn ?? 300,
      signingDate: options.signingDate,
      signableHeaders: new Set(['content-type', ...(options.size === undefined ? [] : ['content-length'])]),
    },
  );
const xmlCode = async (response: Response) => /<Code>([^<]+)<\/Code>/.exec(await response.text())?.[1];

beforeAll(async () => {
  const s3 = createS3StandIn(dir, { credentials: { [KEY.accessKeyId]: KEY.secretAccessKey } });
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => void s3(req, res, Buffer.concat(chunks)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/s3`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

it('stores, serves, heads and deletes objects for the real S3 client; files sit under <dir>/<bucket>/<key>', async () => {
  const s3 = client();
  await s3.send(
    new PutObjectCommand({
      Bucket: 'shop-images',
      Key: 'images/products/a b.png',
      Body: Buffer.from('png!'),
      ContentType: 'image/png',
    }),
  );
  expect(readFileSync(path.join(dir, 'shop-images', 'images', 'products', 'a b.png'), 'utf8')).toBe('png!');
  const got = await s3.send(new GetObjectCommand({ Bucket: 'shop-images', Key: 'images/products/a b.png' }));
  expect(got.ContentType).toBe('image/png');
  expect(await got.Body!.transformToString()).toBe('png!');
  expect(
    (await s3.send(new HeadObjectCommand({ Bucket: 'shop-images', Key: 'images/products/a b.png' }))).ContentLength,
  ).toBe(4);
  await s3.send(new DeleteObjectCommand({ Bucket: 'shop-images', Key: 'images/products/a b.png' }));
  await expect(
    s3.send(new GetObjectCommand({ Bucket: 'shop-images', Key: 'images/products/a b.png' })),
  ).rejects.toMatchObject({ name: 'NoSuchKey' });
  s3.destroy();
});

it('deletes many objects with DeleteObjects and answers the S3 XML', async () => {
  const s3 = client();
  for (const key of ['images/products/1.png', 'images/products/2.png', 'images/products/3.png']) {
    await s3.send(new PutObjectCommand({ Bucket: 'shop-images', Key: key, Body: 'x', ContentType: 'image/png' }));
  }
  const result = await s3.send(
    new DeleteObjectsCommand({
      Bucket: 'shop-images',
      Delete: {
        Objects: [
          { Key: 'images/products/1.png' },
          { Key: 'images/products/2.png' },
          { Key: 'images/products/missing.png' },
        ],
      },
    }),
  );
  expect(result.Deleted?.map((d) => d.Key)).toEqual([
    'images/products/1.png',
    'images/products/2.png',
    'images/products/missing.png',
  ]);
  expect(result.Errors ?? []).toEqual([]);
  expect(existsSync(path.join(dir, 'shop-images', 'images', 'products', '1.png'))).toBe(false);
  expect(existsSync(path.join(dir, 'shop-images', 'images', 'products', '3.png'))).toBe(true);
  s3.destroy();
});

it('accepts a presigned PUT with the signed type and size, and refuses a changed type, size or key, or an expired URL', async () => {
  const url = await presignPut('images/products/up.png', { size: 3 });
  const put = (target: string, init: { type?: string; body?: Uint8Array<ArrayBuffer> }) =>
    fetch(target, {
      method: 'PUT',
      headers: init.type ? { 'content-type': init.type } : {},
      body: init.body ?? new Uint8Array([1, 2, 3]),
    });

  const wrongType = await put(url, { type: 'text/html' });
  expect(wrongType.status).toBe(403);
  expect(await xmlCode(wrongType)).toBe('SignatureDoesNotMatch');
  expect((await put(url, {})).status).toBe(403);
  expect((await put(url, { type: 'image/png', body: new Uint8Array(4) })).status).toBe(403);
  expect((await put(url.replace('up.png', 'other.png'), { type: 'image/png' })).status).toBe(403);

  const expired = await presignPut('images/products/old.png', {
    expiresIn: 60,
    signingDate: new Date(Date.now() - 120_000),
  });
  const late = await put(expired, { type: 'image/png' });
  expect(late.status).toBe(403);
  expect(await xmlCode(late)).toBe('AccessDenied');

  expect((await put(url, { type: 'image/png' })).status).toBe(200);
  expect(readFileSync(path.join(dir, 'shop-images', 'images', 'products', 'up.png'))).toEqual(Buffer.from([1, 2, 3]));
});

it('refuses unsigned requests, a wrong secret, .. in keys and bad bucket names', async () => {
  const anonymous = await fetch(`${endpoint}/shop-images/images/products/up.png`);
  expect(anonymous.status).toBe(403);
  expect(await xmlCode(anonymous)).toBe('AccessDenied');
  const wrongSecret = client('guess');
  await expect(
    wrongSecret.send(new GetObjectCommand({ Bucket: 'shop-images', Key: 'images/products/up.png' })),
  ).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
  wrongSecret.destroy();

  // Raw paths (fetch would normalise the dots away before sending).
  const rawPut = (rawPath: string) =>
    new Promise<number>((resolve, reject) => {
      const { hostname, port } = new URL(endpoint);
      const req = http.request(
        { hostname, port, path: rawPath, method: 'PUT' },
        (res) => (res.resume(), resolve(res.statusCode!)),
      );
      req.on('error', reject);
      req.end('x');
    });
  expect(await rawPut('/s3/shop-images/images/../../escape.txt')).toBe(400);
  expect(await rawPut('/s3/shop-images/images/%2e%2e/%2E%2E/escape.txt')).toBe(400);
  expect(await rawPut('/s3/..%2f/x')).toBe(400);
  expect(await rawPut('/s3/Bad_Bucket/x')).toBe(400);
  expect(existsSync(path.join(dir, 'escape.txt'))).toBe(false);
  const s3 = client();
  await expect(
    s3.send(new PutObjectCommand({ Bucket: 'shop-images', Key: 'images/../../x', Body: 'x' })),
  ).rejects.toMatchObject({ $metadata: { httpStatusCode: 400 } });
  s3.destroy();
});

it('refuses the old well-known key (local/local) with 403 InvalidAccessKeyId, for reading an original and for writing a page under images/', async () => {
  const owner = client();
  await owner.send(
    new PutObjectCommand({
      Bucket: 'shop-images',
      Key: 'uploads/original.jpg',
      Body: 'JPEG WITH GPS',
      ContentType: 'image/jpeg',
    }),
  );
  owner.destroy();
  const stranger = client('local', 'local');
  await expect(
    stranger.send(new GetObjectCommand({ Bucket: 'shop-images', Key: 'uploads/original.jpg' })),
  ).rejects.toMatchObject({ name: 'InvalidAccessKeyId', $metadata: { httpStatusCode: 403 } });
  await expect(
    stranger.send(
      new PutObjectCommand({
        Bucket: 'shop-images',
        Key: 'images/products/x/evil.html',
        Body: '<script>alert(1)</script>',
        ContentType: 'text/html',
      }),
    ),
  ).rejects.toMatchObject({
    name: 'InvalidAccessKeyId',
  });
  stranger.destroy();
  // A presigned URL made with the old key is refused the same way, in S3's XML.
  const presigned = await getSignedUrl(
    client('local', 'local'),
    new PutObjectCommand({ Bucket: 'shop-images', Key: 'images/products/x/evil.html', ContentType: 'text/html' }),
    { expiresIn: 60 },
  );
  const answer = await fetch(presigned, {
    method: 'PUT',
    headers: { 'content-type': 'text/html' },
    body: '<script>alert(1)</script>',
  });
  expect(answer.status).toBe(403);
  expect(answer.headers.get('content-type')).toBe('application/xml');
  expect(await xmlCode(answer)).toBe('InvalidAccessKeyId');
  expect(existsSync(path.join(dir, 'shop-images', 'images', 'products', 'x', 'evil.html'))).toBe(false);
});
