import { PutObjectCommand, GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { deleteKeys, getObject, presignUpload, putObject } from './storage';
import { deleteS3Objects, presignS3 } from './s3-signed';

/**
 * S3 without the SDK (issue 39, decision 0130): presigned URLs byte for byte as the SDK's presigner makes them for
 * S3 in AWS, and DeleteObjects against the S3 stand-in, which checks Signature Version 4 as S3 does.
 */
const bucket = () => process.env.IMAGES_BUCKET!;

describe('in AWS (no S3_ENDPOINT; the role keys Lambda sets)', () => {
  const saved = { ...process.env };
  beforeEach(() => {
    delete process.env.S3_ENDPOINT;
    Object.assign(process.env, {
      AWS_REGION: 'eu-west-1',
      AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      AWS_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
      AWS_SESSION_TOKEN: 'session/token+with=signs',
    });
  });
  afterEach(() => {
    process.env = { ...saved };
  });
  const sdk = () =>
    new S3Client({
      region: 'eu-west-1',
      credentials: {
        accessKeyId: 'AKIDEXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
        sessionToken: 'session/token+with=signs',
      },
      requestChecksumCalculation: 'WHEN_REQUIRED',
    });
  const now = new Date('2026-11-27T15:30:35Z');

  it('a presigned PUT with its type, size and metadata signed is the SDK presigner’s URL', async () => {
    const key = 'images/uploads/a b+ü (1).jpg';
    const expected = await getSignedUrl(
      sdk(),
      new PutObjectCommand({
        Bucket: 'shop-images-1',
        Key: key,
        ContentType: 'image/jpeg',
        ContentLength: 1234,
        Metadata: { upload: 'u-1' },
      }),
      {
        expiresIn: 300,
        signingDate: now,
        signableHeaders: new Set(['content-type', 'content-length', 'x-amz-meta-upload']),
        unhoistableHeaders: new Set(['x-amz-meta-upload']),
      },
    );
    const ours = presignS3('PutObject', 'shop-images-1', key, {
      expiresIn: 300,
      now,
      headers: { 'content-type': 'image/jpeg', 'content-length': '1234', 'x-amz-meta-upload': 'u-1' },
    });
    expect(ours).toBe(expected);
  });

  it('a presigned GET with response overrides is the SDK presigner’s URL', async () => {
    const disposition = `attachment; filename="art_.png"; filename*=UTF-8''art%C3%BC.png`;
    const expected = await getSignedUrl(
      sdk(),
      new GetObjectCommand({
        Bucket: 'shop-images-1',
        Key: 'quotes/q-1/art.png',
        ResponseContentDisposition: disposition,
        ResponseContentType: 'application/octet-stream',
      }),
      { expiresIn: 60, signingDate: now },
    );
    const ours = presignS3('GetObject', 'shop-images-1', 'quotes/q-1/art.png', {
      expiresIn: 60,
      now,
      query: {
        'response-content-disposition': disposition,
        'response-content-type': 'application/octet-stream',
        'x-amz-checksum-mode': 'ENABLED',
      },
    });
    expect(ours).toBe(expected);
  });
});

describe('against the S3 stand-in', () => {
  it('a presigned upload URL takes exactly the declared upload, and DeleteObjects removes what it names', async () => {
    const key = 'images/uploads/signed test ü.jpg';
    const url = await presignUpload(key, 'image/jpeg', 5, { upload: 'u-2' });
    const refused = await fetch(url, { method: 'PUT', body: 'abcde', headers: { 'content-type': 'image/png' } });
    expect(refused.status).toBe(403);
    const put = await fetch(url, {
      method: 'PUT',
      body: 'abcde',
      headers: { 'content-type': 'image/jpeg', 'x-amz-meta-upload': 'u-2' },
    });
    expect(put.status).toBe(200);
    expect((await getObject(key)).toString()).toBe('abcde');

    await putObject('images/products/other.jpg', Buffer.from('x'), 'image/jpeg');
    expect(await deleteKeys([key])).toEqual([]);
    await expect(getObject(key)).rejects.toEqual(expect.objectContaining({ name: 'NoSuchKey' }));
    // The other object is still there: only the named key went.
    expect((await getObject('images/products/other.jpg')).toString()).toBe('x');
  });

  it('a key S3 refuses comes back with its code; a wrong secret refuses the call', async () => {
    await putObject('images/products/kept.jpg', Buffer.from('k'), 'image/jpeg');
    expect(await deleteS3Objects(bucket(), ['images/products/kept.jpg', 'images/../x'])).toEqual([
      { Key: 'images/../x', Code: 'InvalidArgument', Message: 'Invalid key' },
    ]);
    await expect(getObject('images/products/kept.jpg')).rejects.toEqual(expect.objectContaining({ name: 'NoSuchKey' }));
    await putObject('images/products/kept.jpg', Buffer.from('k'), 'image/jpeg');
    const secret = process.env.STANDIN_SECRET_ACCESS_KEY;
    process.env.STANDIN_SECRET_ACCESS_KEY = 'not-the-secret';
    try {
      await expect(deleteS3Objects(bucket(), ['images/products/kept.jpg'])).rejects.toEqual(
        expect.objectContaining({ $metadata: { httpStatusCode: 403 } }),
      );
    } finally {
      process.env.STANDIN_SECRET_ACCESS_KEY = secret;
    }
    expect((await getObject('images/products/kept.jpg')).toString()).toBe('k');
  });
});
