import { IMAGE_TYPES, MAX_IMAGE_BYTES } from '#shared/schemas/admin';

/**
 * Photos the upload would refuse are made to fit in the browser first (docs/decisions/0051): a phone photo of
 * 24-50 megapixels is often over the 5 MB limit, and a Mac may hand over a HEIC. Such a file is decoded (turned
 * upright by its EXIF orientation), scaled to at most LONGEST_EDGE px (twice the largest variant the shop ever
 * shows, so the kept original still has room) and re-encoded as a JPEG. A file that already fits goes as it is.
 */
export const LONGEST_EDGE = 3200;
/** JPEG qualities tried in turn until the file fits (a noisy 3200 px photo rarely needs the second). */
const QUALITIES = [0.9, 0.8, 0.7];

export class UnreadablePhotoError extends Error {
  constructor() {
    super(
      'This photo cannot be read here. Save it as a JPEG or PNG (on an iPhone: Settings, Camera, Formats, Most Compatible) and try again.',
    );
  }
}

const fits = (file: File) => file.size <= MAX_IMAGE_BYTES && file.type in IMAGE_TYPES;

/**
 * Whether fitPhoto would re-encode the file (an animated GIF would lose its frames: the server's message says it is too
 * large instead).
 */
export const needsFitting = (file: File) => !fits(file) && file.type !== 'image/gif';

export async function fitPhoto(file: File): Promise<File> {
  if (!needsFitting(file)) return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new UnreadablePhotoError();
  }
  try {
    const scale = Math.min(1, LONGEST_EDGE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const name = `${file.name.replace(/\.[^.]*$/, '') || 'photo'}.jpg`;
    let smallest: File | null = null;
    for (const quality of QUALITIES) {
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
      if (!blob) break;
      smallest = new File([blob], name, { type: 'image/jpeg' });
      if (fits(smallest)) return smallest;
    }
    // Still too large (or the browser could not encode): the server's limit message tells the owner.
    return smallest ?? file;
  } finally {
    bitmap.close();
  }
}
