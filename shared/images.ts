/**
 * Product photos (design section 4 "Images"): every upload becomes resized variants, and pages pick one with
 * srcset/sizes. One definition of the widths, formats, keys and URLs, used by the pipeline (functions/), the
 * page function (head tags, preloads) and the SPA (<picture>).
 *
 * Bucket layout (the image bucket):
 * - `uploads/<id>.<ext>`: the original as the admin sent it. Private: CloudFront serves only /images/*.
 * - `images/products/<id>/<width>.<avif|webp|jpg>`: the variants, EXIF-free, orientation applied, immutable.
 * A product names a photo by its path `/images/products/<id>` (no extension).
 */

/** The most pixels a photo may have (width × height): a 50 MP phone photo fits; a decompression bomb does not. */
export const MAX_PHOTO_PIXELS = 50_000_000;

/**
 * Widths of the variants (never wider than the original): phone grids at DPR 3 take 480-640, a phone's product
 * photo (380 px at DPR 1.75-2) 800, a desktop's 640 or 1200 at DPR 2, og:image 1200.
 */
export const PHOTO_WIDTHS = [320, 480, 640, 800, 960, 1200, 1600] as const;

/** Formats of each width, best first; JPEG is the fallback every browser shows. */
export const PHOTO_FORMATS = [
  { ext: 'avif', type: 'image/avif' },
  { ext: 'webp', type: 'image/webp' },
  { ext: 'jpg', type: 'image/jpeg' },
] as const;
export type PhotoExt = (typeof PHOTO_FORMATS)[number]['ext'];

/** Width of the JPEG a product's plain `image` URL points at (cart lines, mails, old clients). */
export const FALLBACK_WIDTH = 640;
/** Width of the variant named in og:image and JSON-LD (link previews want 1200 px). */
export const SHARE_WIDTH = 1200;

/** Variants are never rewritten (a new upload is a new id): caches may keep them for a year. */
export const VARIANT_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Where originals wait, private. */
export const UPLOAD_PREFIX = 'uploads/';
/**
 * The metadata an upload carries the correlation id of the request that issued its URL in (S3 user metadata: sent
 * as the header `x-amz-meta-correlation-id`, which the presigned PUT signs, so the upload must send it; the bucket's
 * CORS allows it). The image pipeline logs under it (docs/decisions/0100).
 */
export const UPLOAD_CORRELATION_METADATA = 'correlation-id';
export const UPLOAD_CORRELATION_HEADER = `x-amz-meta-${UPLOAD_CORRELATION_METADATA}`;
/**
 * The metadata an original the catalogue import puts under uploads/ carries: the import makes its photo itself, in
 * its own run, so the bucket's notification of the same object does not make it a second time. (Browsers cannot
 * send it: the presigned PUT and the bucket's CORS allow the correlation header only.)
 */
export const MADE_BY_METADATA = 'made-by';
export const MADE_BY_IMPORT = 'catalog-import';
/** Where variants are served from (the bucket key; the URL path is the same with a leading slash). */
export const PHOTO_PREFIX = 'images/products/';

/**
 * The only content types `/images/*` is served with (locally by the gateway, with nosniff): photos. Anything else
 * stored under images/ (an HTML or SVG file would run as a page of the shop's own origin) is a 404.
 */
export const SERVED_IMAGE_TYPES: ReadonlySet<string> = new Set([
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/avif',
  'image/gif',
]);

/** A photo id: a UUID (what the upload step generates). */
export const PHOTO_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A photo as the public API describes it: its path, the oriented original's size and the variant widths. */
export interface Photo {
  /** `/images/products/<id>`; a variant is `${src}/${width}.${ext}`. */
  src: string;
  width: number;
  height: number;
  widths: number[];
}

/** The id in a photo path (`/images/products/<id>`), or null for anything else (an old single-file image). */
export function photoId(path: string): string | null {
  const id = path.startsWith(`/${PHOTO_PREFIX}`) ? path.slice(PHOTO_PREFIX.length + 1) : '';
  return PHOTO_ID.test(id) ? id : null;
}

export const photoPath = (id: string) => `/${PHOTO_PREFIX}${id}`;

/**
 * The bucket key a public image URL path names, or null when it names none: only keys under PHOTO_PREFIX are
 * public (the image bucket's policy lets CloudFront read nothing else; infra/lib/site.ts). Each path segment is
 * decoded once, and a segment that decodes to a slash or backslash (`..%2f`), a dot segment (`%2e%2e`), an empty
 * segment or a NUL names nothing: the path is never re-read as a different key, so `uploads/` stays unreachable.
 * `pathname` is the URL's path as parsed (WHATWG URL already resolved plain `..` segments).
 */
export function publicPhotoKey(pathname: string): string | null {
  if (!pathname.startsWith(`/${PHOTO_PREFIX}`)) return null;
  const segments: string[] = [];
  for (const raw of pathname.slice(1).split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (!segment || segment === '.' || segment === '..' || /[/\\\0]/.test(segment)) return null;
    segments.push(segment);
  }
  const key = segments.join('/');
  return key.startsWith(PHOTO_PREFIX) && key.length > PHOTO_PREFIX.length ? key : null;
}

/**
 * The variant widths of an original `width` px wide: the standard widths below it, and the original's own if smaller
 * than the largest.
 */
export function variantWidths(width: number): number[] {
  // A photo narrower than the smallest standard width is enlarged to it: every photo has that variant, which a
  // plain path without recorded widths falls back to (shownImage).
  if (width <= PHOTO_WIDTHS[0]) return [PHOTO_WIDTHS[0]];
  const below = PHOTO_WIDTHS.filter((w) => w < width);
  const largest = PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1];
  return width >= largest ? PHOTO_WIDTHS.filter((w) => w <= width) : [...below, width];
}

export const variantKey = (id: string, width: number, ext: PhotoExt) => `${PHOTO_PREFIX}${id}/${width}.${ext}`;
export const variantUrl = (photo: Pick<Photo, 'src'>, width: number, ext: PhotoExt) => `${photo.src}/${width}.${ext}`;

/** Every key the pipeline made for a photo, and its private original: what deleting the photo removes. */
export function photoKeys(record: { id: string; original: string; widths: readonly number[] }): string[] {
  return [
    record.original,
    ...record.widths.flatMap((w) => PHOTO_FORMATS.map((format) => variantKey(record.id, w, format.ext))),
  ];
}

/** The widest variant not over `target` (or the narrowest one). */
export function widthFor(photo: Pick<Photo, 'widths'>, target: number): number {
  const fitting = photo.widths.filter((w) => w <= target);
  return fitting.length ? Math.max(...fitting) : Math.min(...photo.widths);
}

/** `url 320w, url 480w, ...` of one format. */
export const srcSet = (photo: Pick<Photo, 'src' | 'widths'>, ext: PhotoExt) =>
  photo.widths.map((w) => `${variantUrl(photo, w, ext)} ${w}w`).join(', ');

/**
 * What a <picture> of a photo holds: an AVIF and a WebP source and the JPEG <img> (src, every width in srcset),
 * all with the same `sizes`, and the photo's own width and height. The SPA's Photo and the page function's HTML
 * render exactly this, so a browser picks the same file from either (and never downloads a photo twice).
 */
export function pictureOf(photo: Photo, sizes: string) {
  return {
    sources: PHOTO_FORMATS.filter((format) => format.ext !== 'jpg').map((format) => ({
      type: format.type,
      srcSet: srcSet(photo, format.ext),
      sizes,
    })),
    img: {
      src: variantUrl(photo, widthFor(photo, FALLBACK_WIDTH), 'jpg'),
      srcSet: srcSet(photo, 'jpg'),
      sizes,
      width: photo.width,
      height: photo.height,
    },
  };
}

/** The JPEG a plain <img src> shows (and what a cart line carries). */
export const fallbackUrl = (photo: Photo) => variantUrl(photo, widthFor(photo, FALLBACK_WIDTH), 'jpg');

/**
 * What a plain <img src> of a stored picture path shows: a photo's JPEG fallback variant when its recorded widths
 * are known; a bare photo path without them (an order line written before lines kept the variant) gets the
 * narrowest standard width, which every photo has (variantWidths); anything else (an old single-file image) as it is.
 */
export function shownImage(path: string, photos: readonly Photo[] = []): string {
  const photo = photos.find((p) => p.src === path);
  if (photo) return fallbackUrl(photo);
  return photoId(path) ? variantUrl({ src: path }, PHOTO_WIDTHS[0], 'jpg') : path;
}

/**
 * The photo behind a picture URL as a cart or order line keeps it (`image`: a variant such as
 * `/images/products/<id>/640.jpg`, or a bare photo path from before lines kept the variant), with the widths it
 * surely has: every standard width below the one named, and that one (variantWidths); a bare path only the
 * narrowest, which every photo has. Null for anything else (an old single-file image, shown as it is).
 */
export function linePhoto(url: string): Pick<Photo, 'src' | 'widths'> | null {
  const match = /^(\/images\/products\/[^/]+)(?:\/(\d{2,5})\.(?:jpg|webp|avif))?$/.exec(url);
  if (!match || !photoId(match[1])) return null;
  const named = match[2] ? Number(match[2]) : PHOTO_WIDTHS[0];
  return {
    src: match[1],
    widths: [...PHOTO_WIDTHS.filter((width) => width < named), Math.max(named, PHOTO_WIDTHS[0])],
  };
}

/** The JPEG for link previews and JSON-LD, with its size. */
export function shareImage(photo: Photo): { url: string; width: number; height: number } {
  const width = widthFor(photo, SHARE_WIDTH);
  return { url: variantUrl(photo, width, 'jpg'), width, height: Math.round((photo.height * width) / photo.width) };
}

/**
 * The `sizes` of each place a photo is shown, matching the CSS (web/src/styles.css, catalog.css): the browser
 * picks the smallest variant that fills the slot at the screen's density. The page function preloads the same.
 */
export const PHOTO_SIZES = {
  /** Category and search grids: two columns on a phone, up to four of about 280 px on a desktop. */
  grid: '(max-width: 480px) calc(50vw - 34px), (max-width: 1232px) calc(33vw - 40px), 280px',
  /** The hot-items strip: cards of at most 220 px. */
  strip: '196px',
  /** The product page's main photo: the full width on a phone, about half the page on a desktop. */
  main: '(min-width: 1232px) 600px, (min-width: 860px) 50vw, calc(100vw - 2rem)',
  thumb: '80px',
  cart: '96px',
} as const;
