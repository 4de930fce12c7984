import type { SyntheticEvent } from 'react';
import { linePhoto, PHOTO_FORMATS, shownImage, srcSet } from '#shared/images';

export interface LinePhotoProps {
  /** The picture URL the line keeps (`image`). */
  src: string;
  /** The box's width and height in CSS pixels. */
  size: number;
  /** How wide it is shown (default: `size` px): the browser picks the smallest variant that fills it at its density. */
  sizes?: string;
  alt?: string;
}

/**
 * A picture that cannot be loaded (a line saved before its product's picture moved) leaves an empty frame, not a broken
 * image.
 */
const hideBroken = (event: SyntheticEvent<HTMLImageElement>) => (event.currentTarget.style.visibility = 'hidden');

/**
 * A line's small photo (cart, order, previous orders): the line keeps one JPEG URL (640 px); shown in a box of
 * 56-96 px it becomes a <picture> with the AVIF, WebP and JPEG variants the photo has (shared/images.ts
 * linePhoto), so a phone downloads the 320 px variant (a few KB) instead of the 640 JPEG. An old or
 * non-variant picture stays a plain <img> of its URL.
 */
export function LinePhoto({ src, size, sizes = `${size}px`, alt = '' }: LinePhotoProps) {
  const photo = linePhoto(src);
  if (!photo) return <img src={src} alt={alt} width={size} height={size} onError={hideBroken} />;
  return (
    <picture>
      {PHOTO_FORMATS.filter((format) => format.ext !== 'jpg').map((format) => (
        <source key={format.ext} type={format.type} srcSet={srcSet(photo, format.ext)} sizes={sizes} />
      ))}
      <img
        src={shownImage(src)}
        srcSet={srcSet(photo, 'jpg')}
        sizes={sizes}
        alt={alt}
        width={size}
        height={size}
        onError={hideBroken}
      />
    </picture>
  );
}
