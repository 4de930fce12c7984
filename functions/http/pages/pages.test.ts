import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import sharp from 'sharp';
import { PHOTO_SIZES, pictureOf } from '#shared/images';
import { SHARE_IMAGE } from '#shared/pages';
import { createIndexedProduct } from '../../domain/catalog/tag-index';
import { stockItems } from '../../db/entities/stock-item';
import { apiEvent, lambdaContext, useFreshTable } from '#tests/helpers';
import { handler } from './render-page';

/** The page function against DynamoDB Local, with an index.html shaped like vite's build. */
const webDir = mkdtempSync(path.join(os.tmpdir(), 'shop-pages-'));
writeFileSync(
  path.join(webDir, 'index.html'),
  `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Seasonal candles." />
    <meta property="og:title" content="Home" />
    <meta name="twitter:card" content="summary" />
    <title>Seasonal Shop</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`,
);

// vite's manifest: the entry (already loaded by index.html), the product page's chunk with what it imports and its CSS.
mkdirSync(path.join(webDir, '.vite'));
writeFileSync(
  path.join(webDir, '.vite', 'manifest.json'),
  JSON.stringify({
    'index.html': { file: 'assets/index-abc.js', isEntry: true, imports: ['_react.js'] },
    '_react.js': { file: 'assets/react-1.js' },
    '_card.js': { file: 'assets/card-2.js', imports: ['_react.js'], css: ['assets/card-2.css'] },
    'src/features/catalog/ProductPage.tsx': {
      file: 'assets/ProductPage-3.js',
      imports: ['_card.js', '_react.js'],
      css: ['assets/catalog-3.css'],
    },
  }),
);

const EVIL = `Evil </script><script>alert(1)</script> "quoted" & 'single' <b>bold</b> \u2028`;
const photo = (id: string) => ({
  src: `/images/products/${id}`,
  width: 2400,
  height: 1800,
  widths: [320, 480, 640, 960, 1200, 1600],
});
const ID1 = '11111111-1111-4111-8111-111111111111';
const ID2 = '22222222-2222-4222-8222-222222222222';

afterAll(() => rmSync(webDir, { recursive: true, force: true }));
beforeAll(async () => {
  await useFreshTable();
  process.env.WEB_DIR = webDir;
  delete process.env.SITE_URL;
  await stockItems.create({ id: 'TEE', stock: { S: 0, M: 0, L: 0, XL: 0, '2XL': 0 } });
  await createIndexedProduct({
    id: 'evil-candle',
    name: EVIL,
    description: `${EVIL} `.repeat(20),
    price: 2450,
    tag: 'candles,hot',
    image: `/images/products/${ID1}`,
    extraImages: [`/images/products/${ID2}`],
    photos: [photo(ID1), { ...photo(ID2), width: 1000, height: 1000, widths: [320, 480, 640, 960, 1000] }],
    stock: { CANDLE: 3 },
    ratingCount: 4,
    ratingTotal: 18,
  });
  // Stored escaped, as the spec's sanitiser writes text.
  await createIndexedProduct({
    id: 'plain-tee',
    name: 'Cider &amp; Spice Tee',
    description: 'Soft &lt;cotton&gt;',
    price: 2000,
    tag: 'tees',
    image: '/images/products/old.svg',
    stockRef: 'TEE',
  });
  await createIndexedProduct({
    id: 'secret-hoodie',
    name: 'Secret Hoodie',
    description: 'Not yet',
    price: 5000,
    tag: 'hoodies,tees',
    image: `/images/products/${ID1}`,
    status: 'drafted',
  });
});

async function get(
  pathname: string,
  query?: Record<string, string>,
  headers: Record<string, string> = { host: 'shop.test' },
) {
  const result = await handler(apiEvent({ method: 'GET', path: pathname, headers, query }), lambdaContext);
  const html = String(result.body);
  return {
    status: result.statusCode,
    headers: result.headers as Record<string, string>,
    html,
    document: new JSDOM(html).window.document,
  };
}
const metaOf = (document: Document, key: string) =>
  (document.querySelector(`meta[property="${key}"]`) ?? document.querySelector(`meta[name="${key}"]`))?.getAttribute(
    'content',
  );
const jsonLd = (document: Document) =>
  [...document.querySelectorAll('script[type="application/ld+json"]')].map((script) => JSON.parse(script.textContent));

describe('a product page', () => {
  it('has its own title, description, canonical URL, Open Graph and Twitter tags, all escaped', async () => {
    const { status, headers, html, document } = await get('/product/evil-candle');
    expect(status).toBe(200);
    expect(headers['content-type']).toBe('text/html; charset=utf-8');
    expect(headers['cache-control']).toBe('public, max-age=0, s-maxage=30');
    // The hostile name reads back as text everywhere and never becomes markup.
    expect(document.title).toBe(`${EVIL} · Seasonal Shop`);
    expect(document.querySelectorAll('script:not([type])')).toHaveLength(0);
    expect(document.querySelectorAll('b')).toHaveLength(0);
    expect(html).not.toContain('<script>alert(1)');
    expect(document.querySelectorAll('title')).toHaveLength(1);
    expect(document.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(document.querySelectorAll('meta[property="og:title"]')).toHaveLength(1);
    expect(document.querySelectorAll('meta[name="twitter:card"]')).toHaveLength(1);
    expect(metaOf(document, 'description')!.length).toBeLessThanOrEqual(160);
    expect(metaOf(document, 'description')!.startsWith('Evil </script>')).toBe(true);
    expect(document.querySelector('link[rel="canonical"]')!.getAttribute('href')).toBe(
      'http://shop.test/product/evil-candle',
    );
    expect(metaOf(document, 'og:type')).toBe('product');
    expect(metaOf(document, 'og:title')).toBe(`${EVIL} · Seasonal Shop`);
    expect(metaOf(document, 'og:url')).toBe('http://shop.test/product/evil-candle');
    // The 1200 px JPEG variant is the shared picture.
    expect(metaOf(document, 'og:image')).toBe(`http://shop.test/images/products/${ID1}/1200.jpg`);
    expect([metaOf(document, 'og:image:width'), metaOf(document, 'og:image:height')]).toEqual(['1200', '900']);
    expect(metaOf(document, 'twitter:card')).toBe('summary_large_image');
    expect(metaOf(document, 'twitter:image')).toBe(`http://shop.test/images/products/${ID1}/1200.jpg`);
    // The SPA still boots from the same shell.
    expect(document.querySelector('#root')).not.toBeNull();
    expect(document.querySelector('script[type="module"]')!.getAttribute('src')).toBe('/assets/index-abc.js');
  });

  it('carries JSON-LD Product that parses: name, 1200 px images, description, offer with price, currency and availability, rating', async () => {
    const { document } = await get('/product/evil-candle');
    const [product] = jsonLd(document);
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: EVIL,
      image: [`http://shop.test/images/products/${ID1}/1200.jpg`, `http://shop.test/images/products/${ID2}/1000.jpg`],
      offers: {
        '@type': 'Offer',
        price: '24.50',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        url: 'http://shop.test/product/evil-candle',
      },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, ratingCount: 4 },
    });
    expect(product.description.startsWith(EVIL)).toBe(true);
  });

  it('preloads the main photo at high priority and hands the SPA the product it shows', async () => {
    const { document } = await get('/product/evil-candle');
    const preload = document.querySelector('link[rel="preload"][as="image"]')!;
    expect(preload.getAttribute('fetchpriority')).toBe('high');
    expect(preload.getAttribute('imagesrcset')).toContain(`/images/products/${ID1}/640.avif 640w`);
    const data = JSON.parse(document.getElementById('shop-data')!.textContent);
    expect(data['/api/products/evil-candle']).toMatchObject({
      id: 'evil-candle',
      name: EVIL,
      sizes: [{ size: 'CANDLE', available: 3 }],
    });
    expect(data['/api/products?category=hot'].products.map((p: { id: string }) => p.id)).toEqual(['evil-candle']);
  });

  it("loads the page's own code and CSS beside the main bundle (from vite's manifest), not what index.html loads already", async () => {
    const { document } = await get('/product/evil-candle');
    expect(
      [...document.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href')).sort(),
    ).toEqual(['/assets/ProductPage-3.js', '/assets/card-2.js']);
    expect(
      [...document.querySelectorAll('link[rel="preload"][as="style"]')].map((link) => link.getAttribute('href')).sort(),
    ).toEqual(['/assets/card-2.css', '/assets/catalog-3.css']);
    expect((await get('/product/no-such-product')).document.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(
      0,
    );
  });

  it('unescapes stored text once, says out of stock when no size is left, and omits a rating nobody gave', async () => {
    const { document } = await get('/product/plain-tee');
    expect(document.title).toBe('Cider & Spice Tee · Seasonal Shop');
    const [product] = jsonLd(document);
    expect(product.name).toBe('Cider & Spice Tee');
    expect(product.description).toBe('Soft <cotton>');
    expect(product.offers.availability).toBe('https://schema.org/OutOfStock');
    expect(product.aggregateRating).toBeUndefined();
    expect(product.image).toEqual(['http://shop.test/images/products/old.svg']);
    // No photo from the pipeline (an old single file): link previews get the shop's own picture.
    expect(metaOf(document, 'og:image')).toBe('http://shop.test/og-image.jpg');
  });

  it('answers 404 (noindex, the SPA still renders) for an unknown, a drafted or a malformed product', async () => {
    for (const id of ['no-such-product', 'secret-hoodie', '%3Cscript%3E']) {
      const { status, document } = await get(`/product/${id}`);
      expect(status).toBe(404);
      expect(metaOf(document, 'robots')).toBe('noindex');
      expect(document.title).toBe('Product not found · Seasonal Shop');
      expect(document.querySelector('#root')).not.toBeNull();
      expect(jsonLd(document)).toEqual([]);
    }
  });

  it('takes absolute URLs from SITE_URL when set (in AWS the request names the API, not the shop)', async () => {
    process.env.SITE_URL = 'https://shop.example.com/';
    try {
      const { document } = await get('/product/evil-candle', undefined, {
        host: 'abc.execute-api.us-east-1.amazonaws.com',
      });
      expect(document.querySelector('link[rel="canonical"]')!.getAttribute('href')).toBe(
        'https://shop.example.com/product/evil-candle',
      );
      expect(metaOf(document, 'og:image')).toBe(`https://shop.example.com/images/products/${ID1}/1200.jpg`);
    } finally {
      delete process.env.SITE_URL;
    }
  });
});

/** index.html as the build writes it: the app's frame rendered into #root (web/src/app/staticShell.tsx). */
function shellBuild(): string {
  const shellDir = mkdtempSync(path.join(os.tmpdir(), 'shop-pages-shell-'));
  mkdirSync(path.join(shellDir, '.vite'));
  writeFileSync(
    path.join(shellDir, '.vite', 'manifest.json'),
    JSON.stringify({
      ...JSON.parse(readFileSync(path.join(webDir, '.vite', 'manifest.json'), 'utf8')),
      'src/boot.ts': { file: 'assets/boot-9.js', isEntry: true },
    }),
  );
  writeFileSync(
    path.join(shellDir, 'index.html'),
    `<!doctype html><html lang="en"><head><title>Seasonal Shop</title><script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-1.js"></head>
  <body><div id="root" data-shell><header class="site-header">Seasonal Shop</header><main id="main"></main><footer class="site-footer">Shop</footer></div></body></html>`,
  );
  return shellDir;
}

describe("a product page's first paint (the static shell, docs/decisions/0058)", () => {
  const shellDir = shellBuild();
  beforeAll(async () => {
    process.env.WEB_DIR = shellDir;
    await createIndexedProduct({
      id: 'dollar-candle',
      name: "Half $& off $' candle",
      description: 'Cheap.',
      price: 500,
      // Not a candle, not hot: the other tests' lists stay as they are.
      tag: 'tumblers',
      image: `/images/products/${ID2}`,
      photos: [{ ...photo(ID2), width: 1800, height: 2400, widths: [320, 480, 640, 960, 1200, 1600] }],
      stock: { CANDLE: 1 },
    });
  });
  afterAll(() => {
    process.env.WEB_DIR = webDir;
    rmSync(shellDir, { recursive: true, force: true });
  });

  it('puts the main photo into the shell as the SPA lays it out (the same <picture>), with its CSS as a stylesheet', async () => {
    const { document } = await get('/product/evil-candle');
    const main = document.querySelector('#root[data-shell] > main#main')!;
    const img = main.querySelector('article.product-detail > div.gallery > picture > img.main-image')!;
    const expected = pictureOf(photo(ID1), PHOTO_SIZES.main);
    expect(
      [...main.querySelectorAll('picture > source')].map((source) => [
        source.getAttribute('type'),
        source.getAttribute('srcset'),
        source.getAttribute('sizes'),
      ]),
    ).toEqual(expected.sources.map((source) => [source.type, source.srcSet, source.sizes]));
    expect({
      src: img.getAttribute('src'),
      srcSet: img.getAttribute('srcset'),
      sizes: img.getAttribute('sizes'),
      width: Number(img.getAttribute('width')),
      height: Number(img.getAttribute('height')),
    }).toEqual(expected.img);
    // The hostile name is the alt text, never markup.
    expect(img.getAttribute('alt')).toBe(EVIL);
    expect(main.querySelectorAll('script')).toHaveLength(0);
    expect([img.getAttribute('loading'), img.getAttribute('fetchpriority'), img.getAttribute('decoding')]).toEqual([
      'eager',
      'high',
      'sync',
    ]);
    // The header and footer of the shell stay; the details wait for the SPA (a placeholder of their size).
    expect(document.querySelector('header.site-header')).not.toBeNull();
    expect(main.querySelector('.details.placeholder-lines')).not.toBeNull();
    // The photo paints with its CSS: the page's styles are stylesheets here, not preloads.
    expect(
      [...document.querySelectorAll('link[rel="stylesheet"]')].map((link) => link.getAttribute('href')).sort(),
    ).toEqual(['/assets/card-2.css', '/assets/catalog-3.css']);
    expect(document.querySelectorAll('link[rel="preload"][as="style"]')).toHaveLength(0);
    // The photo first, the app after it: the only script is the boot script, which loads the app (and preloads
    // its modules and the page's) once the photo has painted (web/src/boot.ts).
    const scripts = [...document.querySelectorAll('script[type="module"]')];
    expect(scripts.map((script) => script.getAttribute('src'))).toEqual(['/assets/boot-9.js']);
    expect(scripts[0].getAttribute('data-app')).toBe('/assets/index-abc.js');
    expect(scripts[0].getAttribute('data-preload')!.split(' ').sort()).toEqual([
      '/assets/ProductPage-3.js',
      '/assets/card-2.js',
      '/assets/react-1.js',
    ]);
    expect(document.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(0);
    expect(document.querySelector('link[rel="preload"][as="image"]')!.getAttribute('fetchpriority')).toBe('high');
  });

  it("a name with $& or $' is text; a product without a processed photo, an unknown one and other pages keep the shell's empty main", async () => {
    // (A category's and search's first screens: 'category and static pages' and 'search results' below.)
    const dollar = await get('/product/dollar-candle');
    expect(dollar.document.querySelector('img.main-image')!.getAttribute('alt')).toBe("Half $& off $' candle");
    expect(dollar.document.querySelectorAll('main#main')).toHaveLength(1);
    for (const path of ['/product/plain-tee', '/product/no-such', '/product-list/rugs', '/about-us', '/']) {
      const { document } = await get(path);
      expect(document.querySelector('main#main')!.innerHTML).toBe('');
      expect(document.querySelectorAll('link[rel="stylesheet"]')).toHaveLength(0);
      // The app starts at once, as index.html has it.
      expect(
        [...document.querySelectorAll('script[type="module"]')].map((script) => script.getAttribute('src')),
      ).toEqual(['/assets/index-abc.js']);
      expect(document.querySelector('script[data-app]')).toBeNull();
    }
  });
});

describe("a category's and search results' first paint (shared/catalog-html.ts, docs/decisions/0132)", () => {
  const shellDir = shellBuild();
  let before: string | undefined;
  beforeAll(() => {
    before = process.env.WEB_DIR;
    process.env.WEB_DIR = shellDir;
  });
  afterAll(() => {
    process.env.WEB_DIR = before;
    rmSync(shellDir, { recursive: true, force: true });
  });

  it("a category's first page is in its HTML as the SPA draws it (shared/catalog-html.ts), its first photo eager and first", async () => {
    const { document } = await get('/product-list/candles');
    const main = document.querySelector('#root[data-shell] > main#main')!;
    expect(main.querySelector('h1#category-heading')!.textContent).toBe('Candles');
    const cards = [...main.querySelectorAll('.grid.product-grid > a.product-card')];
    expect(cards.map((card) => card.getAttribute('href'))).toEqual(['/product/evil-candle']);
    const img = cards[0].querySelector('picture > img')!;
    // The hostile name is text and alt text, never markup.
    expect(img.getAttribute('alt')).toBe(EVIL);
    expect(cards[0].querySelector('.product-name')!.textContent).toBe(EVIL);
    expect(main.querySelectorAll('script')).toHaveLength(0);
    expect([img.getAttribute('loading'), img.getAttribute('fetchpriority')]).toEqual(['eager', 'high']);
    expect(img.getAttribute('srcset')).toBe(pictureOf(photo(ID1), PHOTO_SIZES.grid).img.srcSet);
    expect(cards[0].querySelector('.stock-badge')!.textContent).toBe('Only 3 left');
    expect(main.querySelector('.load-more .end')!.textContent).toBe('That is everything in Candles.');
    // An empty category leaves the SPA to say so.
    expect((await get('/product-list/rugs')).document.querySelector('main#main')!.innerHTML).toBe('');
  });

  it("a category address's order (?sort=) is its HTML's order, its select's choice and its data's address", async () => {
    await createIndexedProduct({
      id: 'cheap-wrap',
      name: 'Cheap Wrap',
      description: 'Paper',
      price: 500,
      tag: 'giftwraps',
      image: '/images/products/old.svg',
    });
    await createIndexedProduct({
      id: 'dear-wrap',
      name: 'Dear Wrap',
      description: 'Paper',
      price: 900,
      tag: 'giftwraps',
      image: '/images/products/old.svg',
    });
    const shown = async (sort?: string) => {
      const { document } = await get('/product-list/giftwraps', sort === undefined ? undefined : { sort });
      const main = document.querySelector('main#main')!;
      return {
        cards: [...main.querySelectorAll('a.product-card')].map((card) => card.getAttribute('href')),
        chosen: [...main.querySelectorAll('select option')]
          .filter((option) => option.hasAttribute('selected'))
          .map((option) => option.getAttribute('value')),
        data: Object.keys(JSON.parse(document.getElementById('shop-data')!.textContent)),
        canonical: document.querySelector('link[rel="canonical"]')!.getAttribute('href'),
      };
    };
    const canonical = 'http://shop.test/product-list/giftwraps';
    expect(await shown('price-asc')).toEqual({
      cards: ['/product/cheap-wrap', '/product/dear-wrap'],
      chosen: ['price-asc'],
      data: ['/api/products?category=giftwraps&sort=price-asc'],
      canonical,
    });
    expect(await shown('price-desc')).toEqual({
      cards: ['/product/dear-wrap', '/product/cheap-wrap'],
      chosen: ['price-desc'],
      data: ['/api/products?category=giftwraps&sort=price-desc'],
      canonical,
    });
    // No order, or one the list does not know: newest first, as the SPA reads the same address.
    for (const sort of [undefined, 'cheapest', '<b>x</b>']) {
      const page = await shown(sort);
      expect(page.chosen).toEqual(['newest']);
      expect(page.data).toEqual(['/api/products?category=giftwraps']);
      expect(page.cards.sort()).toEqual(['/product/cheap-wrap', '/product/dear-wrap']);
    }
  });

  it('search results (?q=) have their first page in the HTML, the answer for the SPA, and are never indexed', async () => {
    const { status, document } = await get('/search', { q: ' candle ' });
    expect(status).toBe(200);
    expect(document.title).toBe('Search results for “candle” · Seasonal Shop');
    expect(metaOf(document, 'robots')).toBe('noindex');
    const main = document.querySelector('#root[data-shell] > main#main')!;
    expect(main.querySelector('h1#search-heading')!.textContent).toBe('Search results for “candle”');
    // The evil candle and the dollar candle (the product page's tests).
    expect(main.querySelector('p[role="status"]')!.textContent).toBe('2 products');
    const img = main.querySelector('.product-grid > a.product-card:first-child picture > img')!;
    expect([img.getAttribute('loading'), img.getAttribute('fetchpriority')]).toEqual(['eager', 'high']);
    expect(document.querySelector('link[rel="preload"][as="image"]')!.getAttribute('imagesizes')).toBe(
      PHOTO_SIZES.grid,
    );
    const data = JSON.parse(document.getElementById('shop-data')!.textContent);
    expect(data['/api/products/search?q=candle'].products.map((p: { id: string }) => p.id).sort()).toEqual([
      'dollar-candle',
      'evil-candle',
    ]);
  });

  it('search words are text; no words, no match or words the search refuses leave the SPA to answer', async () => {
    const evil = await get('/search', { q: EVIL.slice(0, 40) });
    expect(evil.status).toBe(200);
    expect(evil.document.querySelectorAll('main script, main b')).toHaveLength(0);
    expect(evil.document.title).toContain('Search results for');
    const none = await get('/search');
    expect(none.document.querySelector('main#main h1')!.textContent).toBe('Search the shop');
    expect(none.document.getElementById('shop-data')).toBeNull();
    expect((await get('/search', { q: 'zzzqqqxxx' })).document.querySelector('main#main')!.innerHTML).toBe('');
    const long = await get('/search', { q: 'candle '.repeat(40) });
    expect(long.status).toBe(200);
    expect(long.document.querySelector('main#main')!.innerHTML).toBe('');
  });
});

describe('category and static pages', () => {
  it('a category page has its title, description, the first photo to share and preload, and its list for the SPA', async () => {
    const { status, document } = await get('/product-list/candles');
    expect(status).toBe(200);
    expect(document.title).toBe('Candles · Seasonal Shop');
    expect(metaOf(document, 'description')).toContain('Candles from Seasonal Shop');
    expect(document.querySelector('link[rel="canonical"]')!.getAttribute('href')).toBe(
      'http://shop.test/product-list/candles',
    );
    expect(metaOf(document, 'og:image')).toBe(`http://shop.test/images/products/${ID1}/1200.jpg`);
    expect(document.querySelector('link[rel="preload"]')!.getAttribute('imagesizes')).toContain('50vw');
    const data = JSON.parse(document.getElementById('shop-data')!.textContent);
    expect(data['/api/products?category=candles'].products.map((p: { id: string }) => p.id)).toEqual(['evil-candle']);
  });

  it('an unknown category and an unknown page name answer 404', async () => {
    expect((await get('/product-list/spaceships')).status).toBe(404);
    expect((await get('/nothing-here')).status).toBe(404);
  });

  it('the home page (/) has its canonical URL, og:url, the shop picture as og:image, and the hot strip for the SPA', async () => {
    const { status, headers, document } = await get('/');
    expect(status).toBe(200);
    expect(headers['cache-control']).toBe('public, max-age=0, s-maxage=30');
    expect(document.title).toBe('Seasonal Shop · Candles, apparel, rugs and custom printing');
    expect(document.querySelector('link[rel="canonical"]')!.getAttribute('href')).toBe('http://shop.test/');
    expect(metaOf(document, 'og:url')).toBe('http://shop.test/');
    expect(metaOf(document, 'og:image')).toBe('http://shop.test/og-image.jpg');
    expect([metaOf(document, 'og:image:width'), metaOf(document, 'og:image:height')]).toEqual(['1200', '630']);
    expect(metaOf(document, 'og:image:alt')).toContain('Seasonal Shop');
    expect(metaOf(document, 'twitter:card')).toBe('summary_large_image');
    expect(metaOf(document, 'twitter:image')).toBe('http://shop.test/og-image.jpg');
    // One of each (the shell's own home tags are replaced, not doubled).
    for (const key of ['og:title', 'og:url', 'og:image', 'twitter:card'])
      expect(document.querySelectorAll(`meta[property="${key}"], meta[name="${key}"]`)).toHaveLength(1);
    const data = JSON.parse(document.getElementById('shop-data')!.textContent);
    expect(data['/api/products?category=hot'].products.map((p: { id: string }) => p.id)).toEqual(['evil-candle']);
  });

  it('/ and /custom-printing come from their first screens when the build made them (docs/decisions/0120), with their own head and data', async () => {
    const index = readFileSync(path.join(webDir, 'index.html'), 'utf8');
    mkdirSync(path.join(webDir, 'first'));
    const first = (main: string) =>
      index
        .replace('<div id="root"></div>', `<div id="root" data-shell><main id="main">${main}</main></div>`)
        .replace(
          '<script type="module" crossorigin src="/assets/index-abc.js"></script>',
          '<script type="module" crossorigin src="/assets/boot-1.js" data-app="/assets/index-abc.js" data-preload=""></script>',
        );
    writeFileSync(
      path.join(webDir, 'first', 'home.html'),
      first('<section class="banner"><img src="/b.svg" /></section>'),
    );
    writeFileSync(path.join(webDir, 'first', 'custom-printing.html'), first('<h1>Custom Printing</h1>'));
    try {
      const home = await get('/');
      expect(home.document.querySelector('#root main .banner img')!.getAttribute('src')).toBe('/b.svg');
      expect(home.document.title).toBe('Seasonal Shop · Candles, apparel, rugs and custom printing');
      expect(home.document.getElementById('shop-data')).not.toBeNull();
      // Its code is the file's own: one boot script, no second copy of the page's preloads.
      expect(home.document.querySelectorAll('script[type="module"]')).toHaveLength(1);
      expect(home.document.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(0);
      const printing = await get('/custom-printing');
      expect(printing.document.querySelector('#root main h1')!.textContent).toBe('Custom Printing');
      expect(printing.document.title).toBe('Custom Printing · Seasonal Shop');
      // Other pages keep index.html's empty main.
      expect((await get('/about-us')).document.querySelector('#root main')).toBeNull();
    } finally {
      rmSync(path.join(webDir, 'first'), { recursive: true, force: true });
    }
  });

  it("the shop's picture is shipped with the SPA: a 1200x630 JPEG without metadata (web/public, npm run build:og-image)", async () => {
    const file = path.join(__dirname, '..', '..', '..', 'web', 'public', SHARE_IMAGE.path.slice(1));
    const meta = await sharp(file).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', SHARE_IMAGE.width, SHARE_IMAGE.height]);
    expect([SHARE_IMAGE.width, SHARE_IMAGE.height]).toEqual([1200, 630]);
    expect(meta.exif).toBeUndefined();
    expect(statSync(file).size).toBeLessThan(150 * 1024);
  });

  it('every page has a canonical URL and og:url (its own address), and a picture to share', async () => {
    for (const path of [
      '/',
      '/about-us',
      '/faqs',
      '/custom-printing',
      '/contact-us',
      '/support',
      '/privacy-policy',
      '/terms-and-conditions',
      '/product-list/candles',
      '/product-list/rugs',
      '/product/evil-candle',
      '/product/plain-tee',
    ]) {
      const { status, document } = await get(path);
      expect(status).toBe(200);
      expect(document.querySelector('link[rel="canonical"]')!.getAttribute('href')).toBe(`http://shop.test${path}`);
      expect(metaOf(document, 'og:url')).toBe(`http://shop.test${path}`);
      expect(metaOf(document, 'og:image')).toMatch(
        /^http:\/\/shop\.test\/(og-image\.jpg|images\/products\/.+\/\d+\.jpg)$/,
      );
    }
    // An empty category (no product photo to show): the shop's picture.
    expect(metaOf((await get('/product-list/rugs')).document, 'og:image')).toBe('http://shop.test/og-image.jpg');
    expect(metaOf((await get('/about-us')).document, 'og:image')).toBe('http://shop.test/og-image.jpg');
  });

  it('a trailing slash is a 301 to the page without it (never to another host); the not-found page is a 404 without a canonical URL', async () => {
    for (const [path, location] of [
      ['/product/plain-tee/', '/product/plain-tee'],
      ['/product/no-such/', '/product/no-such'],
      ['/product-list/candles/', '/product-list/candles'],
      ['/about-us/', '/about-us'],
      ['//evil.example/', '/evil.example'],
    ]) {
      const answer = await get(path);
      expect(answer.status).toBe(301);
      expect(answer.headers.location).toBe(location);
    }
    const missing = await get('/404');
    expect(missing.status).toBe(404);
    expect(missing.document.title).toBe('Page not found · Seasonal Shop');
    expect(metaOf(missing.document, 'robots')).toBe('noindex');
    expect(missing.document.querySelector('link[rel="canonical"]')).toBeNull();
    expect(metaOf(missing.document, 'og:url')).toBeUndefined();
    expect(missing.document.querySelector('#root')).not.toBeNull();
  });

  it('static pages have their own titles and descriptions', async () => {
    const about = await get('/about-us');
    expect(about.status).toBe(200);
    expect(about.document.title).toBe('About Us · Seasonal Shop');
    expect(metaOf(about.document, 'description')).toContain('small US print shop');
    expect(metaOf(about.document, 'og:type')).toBe('website');
    expect(about.document.querySelector('link[rel="canonical"]')!.getAttribute('href')).toBe(
      'http://shop.test/about-us',
    );
    const faqs = await get('/faqs');
    expect(faqs.document.title).toBe('Frequently Asked Questions · Seasonal Shop');
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('lists static pages, categories and listed products with their photos, never a drafted one', async () => {
    const { status, headers, html } = await get('/sitemap.xml');
    expect(status).toBe(200);
    expect(headers['content-type']).toBe('application/xml; charset=utf-8');
    const xml = new JSDOM(html, { contentType: 'application/xml' }).window.document;
    const locs = [...xml.getElementsByTagName('loc')].map((loc) => loc.textContent);
    expect(locs).toEqual(
      expect.arrayContaining([
        'http://shop.test/',
        'http://shop.test/about-us',
        'http://shop.test/faqs',
        'http://shop.test/product-list/candles',
        'http://shop.test/product-list/new-releases',
        'http://shop.test/product/evil-candle',
        'http://shop.test/product/plain-tee',
      ]),
    );
    expect(locs.some((loc) => loc.includes('secret-hoodie'))).toBe(false);
    expect(locs.some((loc) => loc.includes('/cart') || loc.includes('/admin'))).toBe(false);
    expect([...xml.getElementsByTagName('image:loc')].map((loc) => loc.textContent)).toContain(
      `http://shop.test/images/products/${ID1}/1200.jpg`,
    );
  });

  it('robots.txt keeps crawlers out of admin, account, cart, login and signup and names the sitemap', async () => {
    const { status, headers, html } = await get('/robots.txt');
    expect(status).toBe(200);
    expect(headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = html.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const path of ['/admin', '/account', '/cart', '/login', '/signup'])
      expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).toContain('Sitemap: http://shop.test/sitemap.xml');
  });
});
