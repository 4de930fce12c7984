import { render } from '@testing-library/react';
import { PHOTO_SIZES } from '#shared/images';
import { Photo } from './Photo';

const photo = { src: '/images/products/p1', width: 2400, height: 1800, widths: [320, 480, 640, 960, 1200, 1600] };

it('is a <picture>: AVIF and WebP sources, a JPEG <img> with every width, sizes, width and height, lazy', () => {
  const { container } = render(<Photo photo={photo} fallback="/x.jpg" alt="Harvest Candle" sizes={PHOTO_SIZES.grid} />);
  const sources = [...container.querySelectorAll('picture > source')];
  expect(sources.map((s) => s.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
  expect(sources[0].getAttribute('srcset')).toBe(
    '/images/products/p1/320.avif 320w, /images/products/p1/480.avif 480w, /images/products/p1/640.avif 640w, /images/products/p1/960.avif 960w, /images/products/p1/1200.avif 1200w, /images/products/p1/1600.avif 1600w',
  );
  for (const source of sources) expect(source.getAttribute('sizes')).toBe(PHOTO_SIZES.grid);
  const img = container.querySelector('picture > img')!;
  expect(img.getAttribute('src')).toBe('/images/products/p1/640.jpg');
  expect(img.getAttribute('srcset')).toContain('/images/products/p1/1600.jpg 1600w');
  expect(img.getAttribute('sizes')).toBe(PHOTO_SIZES.grid);
  expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['2400', '1800']);
  expect(img.getAttribute('alt')).toBe('Harvest Candle');
  expect(img.getAttribute('loading')).toBe('lazy');
  expect(img.getAttribute('fetchpriority')).toBeNull();
});

it('the page\'s largest photo loads at once with fetchpriority="high"; a first-row photo at once without it', () => {
  const { container } = render(
    <>
      <Photo photo={photo} fallback="/x.jpg" alt="main" sizes={PHOTO_SIZES.main} priority />
      <Photo photo={photo} fallback="/x.jpg" alt="row" sizes={PHOTO_SIZES.grid} eager />
    </>,
  );
  const [main, row] = [...container.querySelectorAll('img')];
  expect(main.getAttribute('fetchpriority')).toBe('high');
  expect(main.getAttribute('loading')).toBe('eager');
  expect(row.getAttribute('loading')).toBe('eager');
  expect(row.getAttribute('fetchpriority')).toBeNull();
});

it('a small photo offers only the widths it has; a picture from before the pipeline is a plain <img> with a size', () => {
  const small = { src: '/images/products/s', width: 500, height: 400, widths: [320, 480, 500] };
  const { container } = render(
    <>
      <Photo photo={small} fallback="/x.jpg" alt="small" sizes="80px" />
      <Photo photo={null} fallback="/images/products/old.svg" alt="old" sizes="80px" />
    </>,
  );
  const [first, old] = [...container.querySelectorAll('img')];
  expect(first.getAttribute('src')).toBe('/images/products/s/500.jpg');
  expect(container.querySelector('source')!.getAttribute('srcset')).toBe(
    '/images/products/s/320.avif 320w, /images/products/s/480.avif 480w, /images/products/s/500.avif 500w',
  );
  expect(old.parentElement!.tagName).not.toBe('PICTURE');
  expect(old.getAttribute('src')).toBe('/images/products/old.svg');
  expect(old.getAttribute('width')).toBe('400');
});
