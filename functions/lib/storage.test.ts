import { createHash } from 'node:crypto';
import {
  copyObject,
  deleteKeys,
  getObject,
  getObjectWithMetadata,
  getTextIfChanged,
  objectHead,
  presignDownload,
  presignUpload,
  putObject,
} from './storage';

/**
 * S3 through its SDK client and presigner against the S3 stand-in, which checks Signature Version 4 as S3 does: what
 * the SDK sends (presigned URLs, PutObject, GetObject with a range or If-None-Match, CopyObject, DeleteObjects with
 * its checksum) is answered as S3 answers it, under keys that need encoding.
 */
const bucket = () => process.env.IMAGES_BUCKET!;
const status = (code: number) =>
  expect.objectContaining({ $metadata: expect.objectContaining({ httpStatusCode: code }) });
const KEYS = ['index.html', 'first/home.html', 'first/a b+ü (1).html'];

it('reads what it wrote: the text and its ETag, the whole bytes and the first ones; unchanged is null', async () => {
  for (const key of KEYS) {
    const text = `<!doctype html><title>${key} ü</title>`;
    await putObject(key, Buffer.from(text), 'text/html; charset=utf-8', 'no-cache');
    const etag = `"${createHash('md5').update(text).digest('hex')}"`;
    expect(await getTextIfChanged(bucket(), key)).toEqual({ text, etag });
    expect(await getTextIfChanged(bucket(), key, etag)).toBeNull();
    const bytes = Buffer.from(text);
    expect(await getObject(key)).toEqual(bytes);
    expect(await objectHead(key, 10)).toEqual({ head: bytes.subarray(0, 10), size: bytes.length });
    expect(await objectHead(key, 100_000)).toEqual({ head: bytes, size: bytes.length });
  }
});

it('a missing key is a 404 (no head), and a wrong secret a 403, as S3 answers them', async () => {
  await expect(getTextIfChanged(bucket(), 'first/nothing.html')).rejects.toEqual(status(404));
  expect(await objectHead('uploads/nothing.png', 16)).toBeNull();
  await expect(getObject('uploads/nothing.png')).rejects.toEqual(expect.objectContaining({ name: 'NoSuchKey' }));
  await putObject('index.html', Buffer.from('x'), 'text/html');
  const secret = process.env.STANDIN_SECRET_ACCESS_KEY;
  process.env.STANDIN_SECRET_ACCESS_KEY = 'not-the-secret';
  try {
    await expect(getTextIfChanged(bucket(), 'index.html')).rejects.toEqual(status(403));
    await expect(deleteKeys(['index.html'])).rejects.toEqual(status(403));
  } finally {
    process.env.STANDIN_SECRET_ACCESS_KEY = secret;
  }
  expect((await getObject('index.html')).toString()).toBe('x');
});

it('a presigned upload URL takes exactly the declared upload, with its metadata', async () => {
  const key = 'images/uploads/signed test ü.jpg';
  const url = await presignUpload(key, 'image/jpeg', 5, { upload: 'u-2' });
  expect(new URL(url).searchParams.get('X-Amz-SignedHeaders')).toBe(
    'content-length;content-type;host;x-amz-meta-upload',
  );
  const put = (body: string, headers: Record<string, string>) => fetch(url, { method: 'PUT', body, headers });
  expect((await put('abcde', { 'content-type': 'image/png', 'x-amz-meta-upload': 'u-2' })).status).toBe(403);
  expect((await put('abcdef', { 'content-type': 'image/jpeg', 'x-amz-meta-upload': 'u-2' })).status).toBe(403);
  expect((await put('abcde', { 'content-type': 'image/jpeg', 'x-amz-meta-upload': 'u-3' })).status).toBe(403);
  await expect(getObject(key)).rejects.toEqual(status(404));
  expect((await put('abcde', { 'content-type': 'image/jpeg', 'x-amz-meta-upload': 'u-2' })).status).toBe(200);
  expect(await getObjectWithMetadata(key)).toEqual({ body: Buffer.from('abcde'), metadata: { upload: 'u-2' } });
});

it('a presigned download is answered as an attachment of any type, under its file name', async () => {
  await putObject('quotes/q-1/art work ü.png', Buffer.from('png bytes'), 'image/png');
  const answer = await fetch(await presignDownload('quotes/q-1/art work ü.png', 'art work ü.png'));
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toBe('application/octet-stream');
  expect(answer.headers.get('content-disposition')).toBe(
    `attachment; filename="art work _.png"; filename*=UTF-8''art%20work%20%C3%BC.png`,
  );
  expect(await answer.text()).toBe('png bytes');
});

it('DeleteObjects removes exactly what it names; a key S3 refuses comes back as not deleted', async () => {
  await putObject('images/products/gone.jpg', Buffer.from('g'), 'image/jpeg');
  await putObject('images/products/kept.jpg', Buffer.from('k'), 'image/jpeg');
  expect(await deleteKeys(['images/products/gone.jpg', 'images/../x'])).toEqual(['images/../x']);
  await expect(getObject('images/products/gone.jpg')).rejects.toEqual(expect.objectContaining({ name: 'NoSuchKey' }));
  expect((await getObject('images/products/kept.jpg')).toString()).toBe('k');
});

it('copies an object inside the bucket; a missing source is refused with S3’s status', async () => {
  await putObject('quote-uploads/a b+ü (1).png', Buffer.from('bytes of the file'), 'image/png');
  await copyObject('quote-uploads/a b+ü (1).png', 'quotes/q-1/a b+ü (1).png');
  expect((await getObject('quotes/q-1/a b+ü (1).png')).toString()).toBe('bytes of the file');
  await expect(copyObject('quote-uploads/nothing.png', 'quotes/q-1/nothing.png')).rejects.toEqual(status(404));
  await expect(getObject('quotes/q-1/nothing.png')).rejects.toEqual(expect.objectContaining({ name: 'NoSuchKey' }));
});
