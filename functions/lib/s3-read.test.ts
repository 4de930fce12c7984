import { createHash } from 'node:crypto';
import { getObject, getObjectWithMetadata, objectHead, putObject } from './storage';
import { getTextIfChanged, S3ReadError } from './s3-read';

/**
 * The page function's S3 read without the SDK (issue 39), against the S3 stand-in, which checks Signature Version 4
 * as S3 does: the text and ETag the SDK reads, any key spelling, a missing key and wrong keys refused with S3's status.
 */
const bucket = () => process.env.IMAGES_BUCKET!;

it('reads what the SDK wrote, with its ETag, under keys that need encoding', async () => {
  for (const key of ['index.html', 'first/home.html', 'first/a b+ü (1).html']) {
    const text = `<!doctype html><title>${key} ü</title>`;
    await putObject(key, Buffer.from(text), 'text/html; charset=utf-8');
    const read = await getTextIfChanged(bucket(), key);
    expect(read).toEqual({ text, etag: `"${createHash('md5').update(text).digest('hex')}"` });
    // The same bytes as the SDK's GetObject reads, whole and from the start.
    const bySdk = (await getObjectWithMetadata(key)).body;
    expect(read!.text).toBe(bySdk.toString('utf8'));
    expect(await getObject(key)).toEqual(bySdk);
    expect(await objectHead(key, 10)).toEqual({ head: bySdk.subarray(0, 10), size: bySdk.length });
    expect(await objectHead(key, 100_000)).toEqual({ head: bySdk, size: bySdk.length });
  }
});

it('a missing key is a 404 and a wrong secret a 403, as S3 answers them', async () => {
  await expect(getTextIfChanged(bucket(), 'first/nothing.html')).rejects.toEqual(
    expect.objectContaining({ $metadata: { httpStatusCode: 404 } }),
  );
  await putObject('index.html', Buffer.from('x'), 'text/html');
  const secret = process.env.STANDIN_SECRET_ACCESS_KEY;
  process.env.STANDIN_SECRET_ACCESS_KEY = 'not-the-secret';
  try {
    const refused = await getTextIfChanged(bucket(), 'index.html').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(S3ReadError);
    expect((refused as S3ReadError).$metadata.httpStatusCode).toBe(403);
  } finally {
    process.env.STANDIN_SECRET_ACCESS_KEY = secret;
  }
});

it('a missing object has no head, and its bytes are a 404', async () => {
  expect(await objectHead('uploads/nothing.png', 16)).toBeNull();
  await expect(getObject('uploads/nothing.png')).rejects.toEqual(
    expect.objectContaining({ $metadata: { httpStatusCode: 404 } }),
  );
});
