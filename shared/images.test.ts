import { linePhoto, PHOTO_PREFIX, publicPhotoKey, shownImage } from './images';

describe('shownImage: what a plain <img> of a stored picture path shows', () => {
  const src = '/images/products/0f8b3c2e-5a6d-4e7f-8a9b-0c1d2e3f4a5b';
  test('a photo with its recorded widths: the JPEG fallback variant (640, or the widest under it)', () => {
    expect(shownImage(src, [{ src, width: 2400, height: 1800, widths: [320, 480, 640, 800, 960, 1200, 1600] }])).toBe(
      `${src}/640.jpg`,
    );
    expect(shownImage(src, [{ src, width: 500, height: 400, widths: [320, 480, 500] }])).toBe(`${src}/500.jpg`);
  });
  test('a bare photo path without its widths (order lines written before they kept the variant): the 320 JPEG every photo has', () => {
    expect(shownImage(src)).toBe(`${src}/320.jpg`);
  });
  test('anything else as it is: a variant already, an old single-file image', () => {
    expect(shownImage(`${src}/640.jpg`)).toBe(`${src}/640.jpg`);
    expect(shownImage('/images/products/candle.svg')).toBe('/images/products/candle.svg');
  });
});

describe('publicPhotoKey: the only bucket keys an image URL reaches', () => {
  const id = '0f8b3c2e-5a6d-4e7f-8a9b-0c1d2e3f4a5b';
  test('a variant (and an old single file) under the public photo prefix is its key', () => {
    expect(publicPhotoKey(`/${PHOTO_PREFIX}${id}/320.jpg`)).toBe(`images/products/${id}/320.jpg`);
    expect(publicPhotoKey('/images/products/a%20b.png')).toBe('images/products/a b.png');
  });
  test.each([
    `/images/products/..%2f..%2fuploads%2f${id}.jpg`,
    `/images/products/..%2F..%2Fuploads%2F${id}.jpg`,
    `/images/products/%2e%2e%2f%2e%2e%2fuploads%2f${id}.jpg`,
    `/images/products/${id}/..%2f..%2f..%2fuploads%2f${id}.jpg`,
    `/images/..%2fuploads%2f${id}.jpg`,
    `/images/products/..%5c..%5cuploads%5c${id}.jpg`,
    `/images/products/%2e%2e/uploads/${id}.jpg`,
    `/images/products/./${id}/320.jpg`,
    `/images/products//${id}/320.jpg`,
    `/images/products/${id}%00.jpg`,
    `/images/products/%E0%A4%A`,
    `/uploads/${id}.jpg`,
    `/images/uploads/${id}.jpg`,
    '/images/secret.txt',
    '/images/products/',
  ])('%s names nothing', (pathname) => {
    expect(publicPhotoKey(pathname)).toBeNull();
  });
});

describe("linePhoto: the photo behind a cart or order line's picture URL", () => {
  const src = '/images/products/0f8b3c2e-5a6d-4e7f-8a9b-0c1d2e3f4a5b';
  test('a variant URL: the photo and the widths it surely has (the standard ones below, and the one named)', () => {
    expect(linePhoto(`${src}/640.jpg`)).toEqual({ src, widths: [320, 480, 640] });
    expect(linePhoto(`${src}/500.jpg`)).toEqual({ src, widths: [320, 480, 500] });
    expect(linePhoto(`${src}/320.webp`)).toEqual({ src, widths: [320] });
  });
  test('a bare photo path: only the narrowest, which every photo has', () => {
    expect(linePhoto(src)).toEqual({ src, widths: [320] });
  });
  test('anything else is no photo (shown as it is)', () => {
    expect(linePhoto('/images/products/candle.svg')).toBeNull();
    expect(linePhoto('/images/products/not-a-uuid/640.jpg')).toBeNull();
    expect(linePhoto('https://elsewhere.example/x.jpg')).toBeNull();
    expect(linePhoto(`${src}/640.jpg?x=1`)).toBeNull();
  });
});
