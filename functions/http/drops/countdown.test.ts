import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { dropStartText, shopLocal } from '#shared/drops';
import { SHELL_MAIN } from '#shared/first-paint';
import { DROP_MESSAGES } from '#shared/messages';
import { drops } from '../../db/entities/drop';
import { createIndexedProduct } from '../../domain/catalog/tag-index';
import { renderPage, sitemapXml } from '../../domain/pages/render';
import { setUpDrop } from '../../domain/stock/drops';
import { apiEvent, lambdaContext, useFreshTable } from '#tests/helpers';
import { handler } from '../pages/render-page';

/**
 * Issue 57 item 1, the countdown page (docs/decisions/0181), against DynamoDB Local and the page function: before a
 * drop's start its product page's first HTML holds the start and the time left, and the product's data with the
 * drop in it (so the page counts down with no call to the API), its JSON-LD says PreOrder from the start, and
 * CloudFront may keep it as any product page but never past the start. From the start it is the product page again.
 */
const webDir = mkdtempSync(path.join(os.tmpdir(), 'shop-drop-page-'));
writeFileSync(
  path.join(webDir, 'index.html'),
  `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Seasonal Shop</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root" data-shell>${SHELL_MAIN}</div>
  </body>
</html>`,
);
mkdirSync(path.join(webDir, '.vite'));
writeFileSync(
  path.join(webDir, '.vite', 'manifest.json'),
  JSON.stringify({
    'index.html': { file: 'assets/index-abc.js', isEntry: true },
    'src/boot.ts': { file: 'assets/boot-1.js', isEntry: true },
    'src/features/catalog/ProductPage.tsx': { file: 'assets/ProductPage-3.js', css: ['assets/catalog-3.css'] },
  }),
);
afterAll(() => rmSync(webDir, { recursive: true, force: true }));

function shopTime(minutes: number): string {
  return shopLocal(Date.now() + minutes * 60_000);
}

const photo = {
  src: '/images/products/11111111-1111-4111-8111-111111111111',
  width: 1600,
  height: 1200,
  widths: [320, 640, 960, 1280, 1600],
};

beforeAll(async () => {
  await useFreshTable();
  process.env.WEB_DIR = webDir;
  delete process.env.SITE_URL;
  const base = { description: 'Once a year.', price: 3500, tag: 'candles', stock: { CANDLE: 200 } };
  await createIndexedProduct({ ...base, id: 'hour-candle', name: 'Hour Candle', image: photo.src, photos: [photo] });
  await createIndexedProduct({ ...base, id: 'later-candle', name: 'Later Candle', image: '/images/x.svg' });
  await setUpDrop('hour-candle', { sizes: ['CANDLE'], startsAt: shopTime(60), limit: 1, line: true });
  await setUpDrop('later-candle', { sizes: ['CANDLE'], startsAt: shopTime(3 * 24 * 60), limit: 2 });
});

const parse = (html: string) => new JSDOM(html).window.document;
const jsonLd = (document: Document) =>
  [...document.querySelectorAll('script[type="application/ld+json"]')].map(
    (script) => JSON.parse(script.textContent) as { offers: Record<string, string> },
  );

it('before the start, the first HTML holds the start and the countdown, and the data the page counts down from', async () => {
  const drop = (await drops.get({ productId: 'hour-candle' }))!;
  const result = await handler(
    apiEvent({ method: 'GET', path: '/product/hour-candle', headers: { host: 'shop.test' } }),
    lambdaContext,
  );
  expect(result.statusCode).toBe(200);
  const headers = result.headers as Record<string, string>;
  // Kept at the edge as any product page (10,000 reloads are CloudFront's), and less than the hour left.
  expect(headers['cache-control']).toBe('public, max-age=0, s-maxage=30');
  const document = parse(String(result.body));
  // What a browser shows with no script run: the start in the shop's time zone, the time left and the start itself.
  const countdown = document.querySelector('#root main .product-detail .drop-countdown');
  expect(countdown?.querySelector('.drop-when')?.textContent).toBe(
    DROP_MESSAGES.onSaleAt(dropStartText(drop.startsAt)),
  );
  expect(dropStartText(drop.startsAt)).toMatch(/^\w+day, \w+ \d{1,2} at \d{1,2}:\d{2} (AM|PM) ET$/);
  const timer = countdown?.querySelector('[role="timer"] time');
  expect(timer?.getAttribute('datetime')).toBe(drop.startsAt);
  expect(timer?.textContent).toMatch(/^Starts in (59:\d\d|01:00:00)$/);
  // The product (with its drop) comes with the page: the app reads it there and needs no call to /api.
  const data = JSON.parse(document.querySelector('#shop-data')!.textContent) as Record<string, unknown>;
  expect(data['/api/products/hour-candle']).toMatchObject({
    id: 'hour-candle',
    drop: { startsAt: drop.startsAt, line: true },
  });
  // No Add to Cart before the start, and JSON-LD says what the feeds say: a pre-order from the start.
  expect(document.querySelector('main form')).toBeNull();
  expect(jsonLd(document)[0].offers).toMatchObject({
    availability: 'https://schema.org/PreOrder',
    availabilityStarts: drop.startsAt,
  });
});

it('is never kept at the edge past the start, and from the start is the product page again', async () => {
  const drop = (await drops.get({ productId: 'hour-candle' }))!;
  const start = Date.parse(drop.startsAt);
  const at = (seconds: number) => renderPage('/product/hour-candle', 'http://shop.test', {}, new Date(start + seconds));
  // 12 s before: kept 12 s at most; in the last second, not at all.
  expect((await at(-12_000)).cacheControl).toBe('public, max-age=0, s-maxage=12');
  expect((await at(-500)).cacheControl).toBe('public, max-age=0, s-maxage=0, must-revalidate');
  const after = await at(1000);
  expect(after.cacheControl).toBe('public, max-age=0, s-maxage=30');
  const document = parse(after.body);
  expect(document.querySelector('.drop-countdown')).toBeNull();
  expect(jsonLd(document)[0].offers.availability).toBe('https://schema.org/InStock');
  expect(jsonLd(document)[0].offers.availabilityStarts).toBeUndefined();
  // A product with no photo draws its name and countdown alone.
  const later = parse((await renderPage('/product/later-candle', 'http://shop.test')).body);
  expect(later.querySelector('main h1')?.textContent).toBe('Later Candle');
  expect(later.querySelector('main .drop-left time')?.textContent).toMatch(
    /^Starts in 2 days, \d\d:\d\d:\d\d$|^Starts in 3 days, 00:00:00$/,
  );
});

it("the sitemap's lastmod of a drop's product is its set-up before the start and its start from then", async () => {
  const drop = (await drops.get({ productId: 'later-candle' }))!;
  const lastmod = (xml: string) =>
    /<loc>http:\/\/shop\.test\/product\/later-candle<\/loc><lastmod>([^<]+)<\/lastmod>/.exec(xml)?.[1];
  expect(lastmod(await sitemapXml('http://shop.test'))).toBe(drop.updatedAt.slice(0, 10));
  const after = new Date(Date.parse(drop.startsAt) + 60_000);
  expect(lastmod(await sitemapXml('http://shop.test', after))).toBe(drop.startsAt.slice(0, 10));
  expect(drop.startsAt.slice(0, 10)).not.toBe(drop.updatedAt.slice(0, 10));
});
