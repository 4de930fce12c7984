import { randomUUID } from 'node:crypto';
import { photoId, photoPath, type Photo } from '#shared/images';
import { images, type ImageRecord } from '../../db/entities/image';
import { products, type ProductRecord } from '../../db/entities/product';
import { isConditionFailure } from '../../db/table';
import { commitProductChange } from '../catalog/tag-index';
import { deleteImages, getObject, putObject } from '../../lib/storage';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the image pipeline has recorded each upload (ready or failed); throws after `timeoutMs`. */
export async function waitForPhotos(ids: readonly string[], timeoutMs = 180_000): Promise<Map<string, ImageRecord>> {
  const done = new Map<string, ImageRecord>();
  const until = Date.now() + timeoutMs;
  while (done.size < ids.length) {
    for (const id of ids) {
      if (done.has(id)) continue;
      const record = await images.get({ id }, { consistent: true });
      if (record) done.set(id, record);
    }
    if (done.size < ids.length) {
      if (Date.now() > until)
        throw new Error(
          `The image pipeline did not finish ${ids.length - done.size} photo(s) in ${timeoutMs / 1000} s`,
        );
      await pause(200);
    }
  }
  return done;
}

/** What a product keeps of a ready image record. */
export const photoOf = (record: ImageRecord): Photo => ({
  src: photoPath(record.id),
  width: record.width,
  height: record.height,
  widths: record.widths,
});

const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  svg: 'image/svg+xml',
};

/** Uploads an original to uploads/ as the admin's browser does (the pipeline then runs on it); returns the photo id. */
export async function uploadOriginal(bytes: Buffer, ext: string): Promise<string> {
  const id = randomUUID();
  await putObject(`uploads/${id}.${ext}`, bytes, TYPES[ext] ?? 'application/octet-stream');
  return id;
}

/**
 * Existing products through the image pipeline: every picture from before it (a single file under
 * images/products/, served as uploaded, EXIF included) is copied to uploads/, processed, and the product then
 * names the photo; the old public file is deleted. Run on every local start and by `npm run images:migrate` for a
 * deployed stage. A product changed meanwhile (version) is left for the next run; a missing file is reported.
 */
export async function migrateLegacyImages(
  log: (line: string) => void = () => {},
): Promise<{ migrated: number; problems: string[] }> {
  const all: ProductRecord[] = [
    ...(await products.query('byStatus', { status: 'listed' })),
    ...(await products.query('byStatus', { status: 'drafted' })),
  ];
  const problems: string[] = [];
  let migrated = 0;
  for (const product of all) {
    const pictures = [product.image, ...(product.extraImages ?? [])];
    const legacy = pictures.filter((picture) => photoId(picture) === null);
    if (!legacy.length) continue;
    const replaced = new Map<string, Photo>();
    for (const picture of legacy) {
      const ext = /\.([a-z0-9]+)$/i.exec(picture)?.[1]?.toLowerCase() ?? '';
      let bytes: Buffer;
      try {
        bytes = await getObject(picture.slice(1));
      } catch (error) {
        problems.push(`${product.id}: ${picture} could not be read (${(error as Error).name})`);
        continue;
      }
      const id = await uploadOriginal(bytes, ext || 'jpg');
      const record = (await waitForPhotos([id])).get(id)!;
      if (record.status !== 'ready')
        problems.push(`${product.id}: ${picture} could not be processed (${record.reason})`);
      else replaced.set(picture, photoOf(record));
    }
    if (!replaced.size) continue;
    const swap = (picture: string) => replaced.get(picture)?.src ?? picture;
    try {
      // The product and its catalogue entries (they show the picture) change together.
      await commitProductChange(product, {
        update: {
          set: {
            image: swap(product.image),
            extraImages: (product.extraImages ?? []).map(swap),
            photos: [...(product.photos ?? []), ...replaced.values()],
            version: product.version + 1,
          },
        },
      });
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      problems.push(`${product.id}: changed while its pictures were processed; run again`);
      continue;
    }
    migrated++;
    log(
      `photos of ${product.id}: ${[...replaced.keys()].join(', ')} -> ${[...replaced.values()].map((photo) => photo.src).join(', ')}`,
    );
    const stillUsed = new Set(
      all.filter((other) => other.id !== product.id).flatMap((other) => [other.image, ...(other.extraImages ?? [])]),
    );
    await deleteImages([...replaced.keys()].filter((picture) => !stillUsed.has(picture)));
  }
  return { migrated, problems };
}
