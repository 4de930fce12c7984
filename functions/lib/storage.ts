import { DeleteObjectsCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { readEnv } from './env';

const clients = new Map<string, S3Client>();

/** One S3 client per endpoint: the S3 stand-in locally (path-style), S3 in AWS. */
function s3(): S3Client {
  const { AWS_REGION, S3_ENDPOINT } = readEnv();
  const key = `${AWS_REGION}|${S3_ENDPOINT ?? ''}`;
  let client = clients.get(key);
  if (!client) {
    client = new S3Client({
      region: AWS_REGION,
      // No checksum of an empty body baked into presigned PUTs (it would refuse the browser's upload).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      ...(S3_ENDPOINT ? { endpoint: S3_ENDPOINT, forcePathStyle: true, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
    });
    clients.set(key, client);
  }
  return client;
}

function bucket(): string {
  const name = readEnv().IMAGES_BUCKET;
  if (!name) throw new Error('IMAGES_BUCKET is not set');
  return name;
}

/** A presigned PUT for one image key (5 minutes; type signed so the upload must declare it). */
export async function presignUpload(key: string, contentType: string): Promise<string> {
  return getSignedUrl(s3(), new PutObjectCommand({ Bucket: bucket(), Key: key, ContentType: contentType }), {
    expiresIn: 300,
    signableHeaders: new Set(['content-type']),
  });
}

/** Removes product images ("/images/products/x" paths); other paths are left alone. */
export async function deleteImages(paths: readonly string[]): Promise<void> {
  const keys = paths.filter((p) => /^\/images\/products\/[A-Za-z0-9._-]+$/.test(p)).map((p) => p.slice(1));
  if (!keys.length) return;
  await s3().send(new DeleteObjectsCommand({ Bucket: bucket(), Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }));
}
