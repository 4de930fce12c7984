import { rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createGateway } from '../functions/local/gateway';
import { storedObjectMeta, type createS3StandIn } from '../functions/local/s3';

/**
 * The S3 stand-in behind the local gateway on a free port of 127.0.0.1, as the functions reach S3 locally (the
 * bucket's files served under /images too): S3_ENDPOINT and IMAGES_BUCKET point at it until `close`, which also
 * removes the stand-in's folder.
 */
export async function startS3Gateway(storage: string, bucket: string, s3: ReturnType<typeof createS3StandIn>) {
  const endpoint = process.env.S3_ENDPOINT;
  const server = createGateway({
    routes: [],
    webDir: storage,
    imagesDir: path.join(storage, bucket),
    imageMeta: (key) => storedObjectMeta(storage, bucket, key),
    config: {} as never,
    cognitoUrl: 'http://127.0.0.1:9',
    mounts: { '/s3/': s3 },
    log: () => {},
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.S3_ENDPOINT = `${origin}/s3`;
  process.env.IMAGES_BUCKET = bucket;
  return {
    origin,
    close: async () => {
      process.env.S3_ENDPOINT = endpoint;
      await new Promise((resolve) => server.close(resolve));
      rmSync(storage, { recursive: true, force: true });
    },
  };
}
