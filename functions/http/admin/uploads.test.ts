import type { S3Event } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import { crc32, deflateSync } from 'node:zlib';
import path from 'node:path';
import sharp from 'sharp';
import { MAX_PHOTO_PIXELS, PHOTO_WIDTHS, shownImage } from '#shared/images';
import { PHOTO_MESSAGES } from '#shared/messages';
import { images } from '../../db/entities/image';
import { uploads } from '../../db/entities/upload';
import { UNKNOWN_UPLOAD } from '../../domain/admin/uploads';
import { handler as processImage } from '../../events/process-image';
import { createS3StandIn, storedObjectMeta } from '../../local/s3';
import { invoke, signInNewUser, useFreshTable } from '#tests/helpers';
import { startS3Gateway } from '#tests/s3-gateway';
import { handler as getProduct } from '../catalog/get-product';
import { handler as createProduct } from './create-product';
import { handler as createUpload } from './create-upload';
import { handler as deleteProduct } from './delete-product';
import { handler as getUpload } from './get-upload';

/**
 * The image pipeline end to end, as an admin's browser drives it: presigned PUT to the S3 stand-in behind the
 * local gateway, the stand-in's ObjectCreated event runs the pipeline's function (functions/events), the status
 * route reports it, the gateway serves the variants (never the original) and a product shows the photo.
 */
let token: string;
let origin: string;
let closeS3: () => Promise<void>;
let s3: ReturnType<typeof createS3StandIn>;
const storage = mkdtempSync(path.join(os.tmpdir(), 'shop-pipeline-'));
const bucket = 'test-images';
const as = (extra: Record<string, unknown>) => ({ token, ...extra }) as never;

beforeAll(async () => {
  await useFreshTable();
  token = (await signInNewUser({ admin: true })).token;
  s3 = createS3StandIn(storage, { onObjectCreated: (event: S3Event) => processImage(event) });
  ({ origin, close: closeS3 } = await startS3Gateway(storage, bucket, s3));
});

afterAll(async () => {
  await closeS3();
});

/** A phone photo: 1800x1200 pixels stored sideways with EXIF orientation 6 (shown 1200x1800), camera and GPS tags. */
async function phonePhoto(): Promise<Buffer> {
  // Left half red, right half blue as stored; rotated 90° clockwise for display, red ends up on top.
  const left = await sharp({ create: { width: 900, height: 1200, channels: 3, background: '#d00000' } })
    .png()
    .toBuffer();
  const tagged = await sharp({ create: { width: 1800, height: 1200, channels: 3, background: '#0000d0' } })
    .composite([{ input: left, left: 0, top: 0 }])
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'Phone', Model: 'Camera 1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '40/1 26/1 4612/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '79/1 58/1 5604/100',
      },
    })
    .toBuffer();
  // The orientation tag is written by a second pass (sharp keeps the EXIF above and sets Orientation = 6).
  return sharp(tagged).withMetadata({ orientation: 6 }).toBuffer();
}

/** The EXIF GPSInfo tag (0x8825, little-endian as sharp writes it): where a photo's position is. */
const GPS_TAG = Buffer.from([0x25, 0x88]);

async function upload(bytes: Buffer, contentType = 'image/jpeg') {
  const { status, body } = await invoke(
    createUpload,
    as({
      method: 'POST',
      path: '/api/admin/uploads',
      body: { contentType, size: bytes.length, fileName: 'IMG_0001.jpg' },
    }),
  );
  expect(status).toBe(201);
  expect(
    (await fetch(body.uploadUrl, { method: 'PUT', headers: body.headers, body: new Uint8Array(bytes) })).status,
  ).toBe(200);
  return body as { id: string; key: string; url: string };
}
const status = async (id: string) =>
  (await invoke(getUpload, as({ method: 'GET', path: `/api/admin/uploads/${id}`, params: { id } }))).body;

it('makes every width in AVIF, WebP and JPEG, oriented, without EXIF or GPS; serves them for a year, never the original', async () => {
  const original = await phonePhoto();
  const input = await sharp(original).metadata();
  expect(input.orientation).toBe(6);
  expect(input.exif?.includes(GPS_TAG)).toBe(true);
  expect(input.exif?.includes(Buffer.from('Camera 1'))).toBe(true);
  const answer = await upload(original);
  // Processing runs after the PUT answered, as S3 notifications do.
  await s3.idle();
  const ready = await status(answer.id);
  expect(ready).toMatchObject({
    id: answer.id,
    status: 'ready',
    photo: { src: answer.url, width: 1200, height: 1800, widths: [320, 480, 640, 800, 960, 1200] },
  });
  expect(ready.preview).toBe(`${answer.url}/320.jpg`);

  for (const width of ready.photo.widths as number[]) {
    for (const [ext, format, type] of [
      ['avif', 'heif', 'image/avif'],
      ['webp', 'webp', 'image/webp'],
      ['jpg', 'jpeg', 'image/jpeg'],
    ] as const) {
      const served = await fetch(`${origin}${answer.url}/${width}.${ext}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe(type);
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const bytes = Buffer.from(await served.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe(format);
      expect([meta.width, meta.height]).toEqual([width, width * 1.5]);
      // No EXIF (so no GPS and no orientation tag), no XMP, no IPTC in any variant.
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(bytes.includes(Buffer.from('Camera 1'))).toBe(false);
    }
  }
  // Orientation applied: the stored left half (red) is now the top.
  const { data } = await sharp(Buffer.from(await (await fetch(`${origin}${answer.url}/320.jpg`)).arrayBuffer()))
    .raw()
    .toBuffer({ resolveWithObject: true });
  expect(data[0]).toBeGreaterThan(180);
  expect(data[2]).toBeLessThan(60);
  expect((await fetch(`${origin}${answer.url}/1600.jpg`)).status).toBe(404);

  // The original stays private: not under /images, not reachable by climbing out of it, not anonymously from S3.
  expect((await fetch(`${origin}/images/${answer.key}`)).status).toBe(404);
  expect((await fetch(`${origin}/images/../${answer.key}`)).status).toBe(404);
  expect((await fetch(`${origin}/images/%2e%2e/${answer.key}`)).status).toBe(404);
  expect((await fetch(`${origin}/s3/${bucket}/${answer.key}`)).status).toBe(403);
  expect(storedObjectMeta(storage, bucket, answer.key)?.contentType).toBe('image/jpeg');
});

it('a product shows the photo by its variants (JPEG for plain <img> and cart lines, the photo for <picture>); delete removes them all', async () => {
  const answer = await upload(await phonePhoto());
  await s3.idle();
  const created = await invoke(
    createProduct,
    as({
      method: 'POST',
      path: '/api/admin/products',
      body: {
        name: 'Sideways Candle',
        description: 'Tall',
        price: 1500,
        tag: 'candles',
        image: answer.url,
        stock: { CANDLE: 2 },
      },
    }),
  );
  expect(created.status).toBe(201);
  const shown = (
    await invoke(getProduct, {
      method: 'GET',
      path: `/api/products/${created.body.id}`,
      params: { id: created.body.id },
    })
  ).body;
  expect(shown.image).toBe(`${answer.url}/640.jpg`);
  expect(shown.photos).toEqual([
    { src: answer.url, width: 1200, height: 1800, widths: [320, 480, 640, 800, 960, 1200] },
  ]);
  expect((await fetch(`${origin}${shown.image}`)).status).toBe(200);

  await invoke(
    deleteProduct,
    as({ method: 'DELETE', path: `/api/admin/products/${created.body.id}`, params: { id: created.body.id } }),
  );
  expect((await fetch(`${origin}${shown.image}`)).status).toBe(404);
  expect(storedObjectMeta(storage, bucket, answer.key)).toBeNull();
  expect(await images.get({ id: answer.id })).toBeNull();
});

it('reports a file that is not a photo as failed, with the reason the admin sees, and makes no variants', async () => {
  const answer = await upload(Buffer.from('<html>not a photo</html>'), 'image/png');
  await s3.idle();
  expect(await status(answer.id)).toEqual({
    id: answer.id,
    status: 'failed',
    reason: 'This file could not be read as a photo. Upload another file.',
  });
  expect((await fetch(`${origin}${answer.url}/320.jpg`)).status).toBe(404);
});

it('refuses an SVG sent as image/png (or as JPEG), whatever it draws: failed with the reason, no variants', async () => {
  // A real drawing sharp would render (so "unreadable" is not why it fails), with a script in it.
  const svg =
    '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><script>alert(1)</script><rect width="800" height="600" fill="red"/></svg>';
  expect((await sharp(Buffer.from(svg)).metadata()).format).toBe('svg');
  for (const [bytes, type] of [
    [Buffer.from(svg), 'image/png'],
    [Buffer.from(`\n  ${svg.slice(svg.indexOf('<svg'))}`), 'image/jpeg'],
  ] as const) {
    const answer = await upload(bytes, type);
    await s3.idle();
    expect(await status(answer.id)).toEqual({ id: answer.id, status: 'failed', reason: PHOTO_MESSAGES.svg });
    expect((await fetch(`${origin}${answer.url}/320.jpg`)).status).toBe(404);
    expect((await images.get({ id: answer.id }))?.widths).toEqual([]);
  }
});

/**
 * A valid PNG of width × height pixels, 1 bit grey, all white: a few KB for 144 megapixels (as a decompression bomb
 * looks).
 */
function hugePng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8);
  // One filter byte and width / 8 bytes of white per row (18 MB for 12000 x 12000), deflated to a few KB.
  const row = Buffer.alloc(1 + Math.ceil(width / 8), 0xff);
  row[0] = 0;
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

it('a valid photo with too many pixels (12000 x 12000 PNG) is refused by its size, with the limit, not as unreadable', async () => {
  const png = hugePng(12000, 12000);
  expect((await sharp(png, { limitInputPixels: false }).metadata()).width).toBe(12000);
  const answer = await upload(png, 'image/png');
  await s3.idle();
  const reported = await status(answer.id);
  expect(reported).toEqual({
    id: answer.id,
    status: 'failed',
    reason: PHOTO_MESSAGES.tooManyPixels(12000, 12000, MAX_PHOTO_PIXELS),
  });
  expect(reported.reason).toContain('12,000 × 12,000 pixels (144 megapixels)');
  expect(reported.reason).toContain('50 megapixels');
  expect((await fetch(`${origin}${answer.url}/320.jpg`)).status).toBe(404);
});

it('says processing until the pipeline has run, and 400 for an id that is not an upload id', async () => {
  const { id } = (
    await invoke(
      createUpload,
      as({ method: 'POST', path: '/api/admin/uploads', body: { contentType: 'image/png', size: 10 } }),
    )
  ).body;
  expect(await status(id)).toEqual({ id, status: 'processing' });
  expect(
    (await invoke(getUpload, as({ method: 'GET', path: '/api/admin/uploads/x', params: { id: '../x' } }))).status,
  ).toBe(400);
});

it('answers 404 for an upload id the shop never issued, and for one issued over a day ago that never became a photo', async () => {
  const ask = (id: string) =>
    invoke(getUpload, as({ method: 'GET', path: `/api/admin/uploads/${id}`, params: { id } }));
  const never = randomUUID();
  const { status: code, body } = await ask(never);
  expect(code).toBe(404);
  expect(body.error).toEqual({ code: 'not_found', message: UNKNOWN_UPLOAD });
  // Issued a day ago and never sent: forgotten, though DynamoDB's TTL may not have cleared the record yet.
  const old = randomUUID();
  await uploads.create({ id: old, key: `uploads/${old}.png`, expiresAt: Math.floor(Date.now() / 1000) - 1 });
  expect((await ask(old)).status).toBe(404);
  // A photo the pipeline made (a seeded or migrated one has no issued upload) is ready whatever the upload record.
  const seeded = randomUUID();
  await images.put({
    id: seeded,
    status: 'ready',
    original: `uploads/${seeded}.jpg`,
    width: 800,
    height: 600,
    widths: [320],
  });
  expect(await status(seeded)).toMatchObject({ id: seeded, status: 'ready' });
});

it('keeps a small photo at its own width (no enlargement) and the widths of a large one at the standard set', async () => {
  const small = await upload(
    await sharp({ create: { width: 500, height: 400, channels: 4, background: { r: 0, g: 128, b: 0, alpha: 0.5 } } })
      .png()
      .toBuffer(),
    'image/png',
  );
  const large = await upload(
    await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer(),
  );
  await s3.idle();
  expect((await status(small.id)).photo).toEqual({ src: small.url, width: 500, height: 400, widths: [320, 480, 500] });
  expect((await status(large.id)).photo.widths).toEqual([...PHOTO_WIDTHS]);
  // Transparency is flattened on white for every format (JPEG has none).
  const { data } = await sharp(Buffer.from(await (await fetch(`${origin}${small.url}/500.webp`)).arrayBuffer()))
    .raw()
    .toBuffer({ resolveWithObject: true });
  expect(data[0]).toBeGreaterThan(100);
  expect(await images.get({ id: large.id })).toMatchObject({ status: 'ready', original: large.key });
});

it('a photo narrower than the smallest width is enlarged to it, so every photo has the variant a bare photo path falls back to', async () => {
  const tiny = await upload(
    await sharp({ create: { width: 200, height: 150, channels: 3, background: '#a52a2a' } })
      .jpeg()
      .toBuffer(),
  );
  await s3.idle();
  expect((await status(tiny.id)).photo).toEqual({ src: tiny.url, width: 200, height: 150, widths: [PHOTO_WIDTHS[0]] });
  const fallback = await fetch(`${origin}${shownImage(tiny.url)}`);
  expect(fallback.status).toBe(200);
  expect(await sharp(Buffer.from(await fallback.arrayBuffer())).metadata()).toMatchObject({
    format: 'jpeg',
    width: PHOTO_WIDTHS[0],
    height: 240,
  });
});
