import type { PhotoOptions } from '#shared/catalog-html';
import { pictureOf, type Photo as PhotoData } from '#shared/images';

export type PhotoProps = PhotoOptions & {
  /** The photo as the API describes it; null for a picture from before the image pipeline (shown as it is). */
  photo: PhotoData | null | undefined;
};

/**
 * A product photo: <picture> with AVIF and WebP variants and a JPEG <img> fallback, every width in srcset so a
 * phone at DPR 3 and a desktop each download only what they show; width and height from the photo so the space
 * is reserved before it loads. Below the fold it loads lazily; the page's largest photo gets fetchpriority=high.
 */
export function Photo({ photo, fallback, alt, sizes, className, priority = false, eager = false }: PhotoProps) {
  const loading = priority || eager ? 'eager' : 'lazy';
  if (!photo)
    return (
      <img className={className} src={fallback} alt={alt} loading={loading} decoding="async" width="400" height="400" />
    );
  const { sources, img } = pictureOf(photo, sizes);
  return (
    <picture>
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={source.sizes} />
      ))}
      <img
        className={className}
        src={img.src}
        srcSet={img.srcSet}
        sizes={img.sizes}
        alt={alt}
        width={img.width}
        height={img.height}
        loading={loading}
        decoding={priority ? 'sync' : 'async'}
        {...(priority ? { fetchPriority: 'high' as const } : {})}
      />
    </picture>
  );
}
