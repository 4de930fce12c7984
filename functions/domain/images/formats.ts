import type { ImageType } from '#shared/schemas/admin';

/**
 * What an upload may be: the types an admin may upload (shared/schemas/admin.ts IMAGE_TYPES; no SVG, it can carry
 * script), each known by its first bytes and by the name sharp gives its format. The bytes decide, not the type
 * the upload was sent as: an SVG sent as `image/png` is refused before any decoder reads it (sharp would hand it
 * to librsvg). One entry per upload type (the compiler asks for a new one when a type is added there). Apart from the
 * pipeline (which loads sharp), so a spreadsheet's import checks a photo's bytes without it.
 */
export const UPLOAD_FORMATS: Record<ImageType, { sharp: string; signature: (bytes: Buffer) => boolean }> = {
  'image/jpeg': { sharp: 'jpeg', signature: (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  'image/png': {
    sharp: 'png',
    signature: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  'image/webp': {
    sharp: 'webp',
    signature: (b) => b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP',
  },
  'image/gif': { sharp: 'gif', signature: (b) => /^GIF8[79]a$/.test(b.toString('latin1', 0, 6)) },
};

/** The upload type of bytes (by their first bytes), or null for anything that is not one of them. */
export function uploadTypeOf(bytes: Buffer): ImageType | null {
  return (Object.keys(UPLOAD_FORMATS) as ImageType[]).find((type) => UPLOAD_FORMATS[type].signature(bytes)) ?? null;
}
