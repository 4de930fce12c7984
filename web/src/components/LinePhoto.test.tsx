import { fireEvent, render } from '@testing-library/react';
import { LinePhoto } from './LinePhoto';

const src = '/images/products/0f8b3c2e-5a6d-4e7f-8a9b-0c1d2e3f4a5b';

it("a line's 640 JPEG becomes a <picture> of the photo's small variants (AVIF, WebP, JPEG) sized for its box", () => {
  const { container } = render(<LinePhoto src={`${src}/640.jpg`} size={96} />);
  const sources = [...container.querySelectorAll('picture > source')];
  expect(sources.map((source) => [source.getAttribute('type'), source.getAttribute('sizes')])).toEqual([
    ['image/avif', '96px'],
    ['image/webp', '96px'],
  ]);
  expect(sources[0].getAttribute('srcset')).toBe(`${src}/320.avif 320w, ${src}/480.avif 480w, ${src}/640.avif 640w`);
  const img = container.querySelector('picture > img')!;
  // The line's own URL stays the fallback; at 96 px even a DPR 3 phone picks the 320 variant from srcset.
  expect(img.getAttribute('src')).toBe(`${src}/640.jpg`);
  expect(img.getAttribute('srcset')).toBe(`${src}/320.jpg 320w, ${src}/480.jpg 480w, ${src}/640.jpg 640w`);
  expect([
    img.getAttribute('width'),
    img.getAttribute('height'),
    img.getAttribute('sizes'),
    img.getAttribute('alt'),
  ]).toEqual(['96', '96', '96px', '']);
});

it('a bare photo path offers the 320 variant every photo has; a smaller photo only the widths it has', () => {
  const bare = render(<LinePhoto src={src} size={56} />).container;
  expect(bare.querySelector('img')!.getAttribute('src')).toBe(`${src}/320.jpg`);
  expect(bare.querySelector('source')!.getAttribute('srcset')).toBe(`${src}/320.avif 320w`);
  const small = render(<LinePhoto src={`${src}/500.jpg`} size={64} />).container;
  expect(small.querySelector('source')!.getAttribute('srcset')).toBe(
    `${src}/320.avif 320w, ${src}/480.avif 480w, ${src}/500.avif 500w`,
  );
  expect(small.querySelector('source')!.getAttribute('sizes')).toBe('64px');
});

it('an old or non-variant picture stays a plain <img> of its URL; a picture that fails leaves an empty frame', () => {
  const { container } = render(<LinePhoto src="/images/products/candle.svg" size={96} />);
  const img = container.querySelector('img')!;
  expect(img.parentElement!.tagName).not.toBe('PICTURE');
  expect(img.getAttribute('src')).toBe('/images/products/candle.svg');
  fireEvent.error(img);
  expect(img.style.visibility).toBe('hidden');
});
