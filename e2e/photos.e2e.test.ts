import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { MAX_IMAGE_BYTES } from '../shared/schemas/admin';
import { launch, newPage, shopUrl, shot, signInAsAdmin } from './browser';

/** Issue 15 in Chromium: photos by <picture>, pages a crawler reads, no layout shift, search from the header. */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** The layout shifts of the page so far (what CLS adds up), recorded from the start of the load. */
async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 300);
      }),
  );
}

it('a category on a phone at DPR 3: <picture> with AVIF, a small variant per card, lazy below the fold, no layout shift', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, baseURL: shopUrl() });
  const page = await context.newPage();
  const bytes = new Map<string, number>();
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'image') bytes.set(new URL(response.url()).pathname, (await response.body().catch(() => Buffer.alloc(0))).length);
  });
  // New releases: more cards than the first row (four), so some are below the fold.
  const answer = await page.goto('/product-list/new-releases', { waitUntil: 'networkidle' });
  expect(answer!.status()).toBe(200);
  const cards = page.locator('.product-grid img');
  expect(await cards.count()).toBeGreaterThanOrEqual(5);
  const first = cards.first();
  expect(await first.getAttribute('fetchpriority')).toBe('high');
  expect(await first.evaluate((img) => img.parentElement!.tagName)).toBe('PICTURE');
  expect(await first.evaluate((img) => (img as HTMLImageElement).currentSrc)).toMatch(/\/images\/products\/[0-9a-f-]{36}\/\d+\.avif$/);
  expect(await first.getAttribute('width')).toBeTruthy();
  expect(await cards.last().getAttribute('loading')).toBe('lazy');
  for (const [src, size] of bytes) if (src.startsWith('/images/products/')) expect(size).toBeLessThanOrEqual(150 * 1024);
  expect(await layoutShift(page)).toBeLessThan(0.1);
  await shot(page, 'photos-phone-new-releases');
  await context.close();
});

it('pages a crawler reads: their own title, description, Open Graph and JSON-LD in the HTML; unknown product 404 (the SPA still says so)', async () => {
  const html = await fetch(`${shopUrl()}/product/harvest-spice-candle`).then((r) => r.text());
  expect(html).toContain('<title>Harvest Spice Candle · Seasonal Shop</title>');
  expect(html).toMatch(/<meta property="og:image" content="http:\/\/[^"]+\/images\/products\/[0-9a-f-]{36}\/1200\.jpg" \/>/);
  const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]);
  expect(jsonLd).toMatchObject({ '@type': 'Product', name: 'Harvest Spice Candle', offers: { priceCurrency: 'USD', price: '24.00' } });

  const { context, page } = await newPage(browser, 'desktop');
  const missing = await page.goto('/product/no-such-candle');
  expect(missing!.status()).toBe(404);
  await page.getByRole('heading', { name: 'Product not found.' }).waitFor();
  const robots = await fetch(`${shopUrl()}/robots.txt`).then((r) => r.text());
  expect(robots).toContain('Disallow: /admin');
  expect(await fetch(`${shopUrl()}/sitemap.xml`).then((r) => r.text())).toContain('/product/harvest-spice-candle</loc>');
  await context.close();
});

it.each(['/', '/product-list/tees', '/product/pumpkin-patch-tee', '/cart', '/about-us'])('%s on a phone loads without layout shift (CLS < 0.1)', async (path) => {
  const { context, page } = await newPage(browser, 'phone');
  await page.goto(path, { waitUntil: 'networkidle' });
  expect(await layoutShift(page)).toBeLessThan(0.1);
  await context.close();
});

it('the product page on a desktop: the main photo is the high-priority <picture>, well under 350 KB', async () => {
  const { context, page } = await newPage(browser, 'desktop');
  const bytes = new Map<string, number>();
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'image') bytes.set(new URL(response.url()).pathname, (await response.body().catch(() => Buffer.alloc(0))).length);
  });
  await page.goto('/product/pumpkin-patch-tee', { waitUntil: 'networkidle' });
  const main = page.locator('img.main-image');
  expect(await main.getAttribute('fetchpriority')).toBe('high');
  const src = new URL(await main.evaluate((img) => (img as HTMLImageElement).currentSrc)).pathname;
  expect(bytes.get(src)).toBeLessThan(350 * 1024);
  await shot(page, 'photos-desktop-product');
  await context.close();
});

it('searches from the header: matches with photos, and a kind empty state', async () => {
  const { context, page } = await newPage(browser, 'phone');
  await page.goto('/');
  await page.getByRole('searchbox', { name: 'Search products' }).fill('hoodi');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('heading', { name: 'Search results for “hoodi”' }).waitFor();
  await page.getByRole('link', { name: /Cozy Cabin Hoodie/ }).waitFor();
  expect(page.url()).toContain('/search?q=hoodi');
  await page.goto('/search?q=zzzzqqq');
  await page.getByText('No products match “zzzzqqq”.', { exact: false }).waitFor();
  await shot(page, 'photos-phone-search-empty');
  await context.close();
});

it('the admin picks a phone photo over the 5 MB limit: the browser makes it fit, and it uploads and becomes ready', async () => {
  // A 12-megapixel photo saved at high quality, as a phone keeps it: about 8 MB.
  const [width, height] = [4032, 3024];
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const grain = Math.floor(Math.random() * 60);
      raw[i] = ((x * 255) / width + grain) & 255;
      raw[i + 1] = ((y * 255) / height + grain) & 255;
      raw[i + 2] = (128 + grain) & 255;
    }
  }
  const photo = await sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
  expect(photo.length).toBeGreaterThan(MAX_IMAGE_BYTES);

  const { context, page } = await newPage(browser, 'desktop');
  // What the browser asks to upload (the presigned PUT is signed for exactly that size and type).
  const asked: { contentType: string; size: number; fileName: string }[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/admin/uploads') asked.push(request.postDataJSON());
  });
  await signInAsAdmin(page);
  await page.goto('/admin/products');
  const add = page.locator('form.add');
  await add.locator('input[type=file]').first().setInputFiles({ name: 'IMG_4032.jpg', mimeType: 'image/jpeg', buffer: photo });
  await add.getByAltText('Main image preview').waitFor({ timeout: 60_000 });
  await add.getByText('Ready').first().waitFor();
  expect(asked).toHaveLength(1);
  expect(asked[0]).toMatchObject({ contentType: 'image/jpeg', fileName: 'IMG_4032.jpg' });
  expect(asked[0].size).toBeGreaterThan(100_000);
  expect(asked[0].size).toBeLessThanOrEqual(MAX_IMAGE_BYTES);
  expect(await add.getByRole('alert').count()).toBe(0);
  await context.close();
});
