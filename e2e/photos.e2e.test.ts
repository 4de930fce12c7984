import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { MAX_IMAGE_BYTES } from '../shared/schemas/admin';
import { adminToken, launch, newPage, shopUrl, shot, signInAsAdmin, until } from './browser';

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
        const add = (entries: PerformanceEntryList) => {
          for (const entry of entries as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
            if (!entry.hadRecentInput) total += entry.value;
        };
        const observer = new PerformanceObserver((list) => add(list.getEntries()));
        observer.observe({ type: 'layout-shift', buffered: true });
        // Read once two more frames have been drawn: every shift so far, and any the next frame brings.
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            add(observer.takeRecords());
            observer.disconnect();
            resolve(total);
          }),
        );
      }),
  );
}

it('a category on a phone at DPR 3: <picture> with AVIF, a small variant per card, lazy below the fold, no layout shift', async () => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    baseURL: shopUrl(),
  });
  const page = await context.newPage();
  const bytes = new Map<string, number>();
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'image')
      bytes.set(new URL(response.url()).pathname, (await response.body().catch(() => Buffer.alloc(0))).length);
  });
  // New releases: more cards than the first row (four), so some are below the fold.
  const answer = await page.goto('/product-list/new-releases', { waitUntil: 'networkidle' });
  expect(answer!.status()).toBe(200);
  const cards = page.locator('.product-grid img');
  expect(await cards.count()).toBeGreaterThanOrEqual(5);
  const first = cards.first();
  expect(await first.getAttribute('fetchpriority')).toBe('high');
  expect(await first.evaluate((img) => img.parentElement!.tagName)).toBe('PICTURE');
  expect(await first.evaluate((img) => (img as HTMLImageElement).currentSrc)).toMatch(
    /\/images\/products\/[0-9a-f-]{36}\/\d+\.avif$/,
  );
  expect(await first.getAttribute('width')).toBeTruthy();
  expect(await cards.last().getAttribute('loading')).toBe('lazy');
  for (const [src, size] of bytes)
    if (src.startsWith('/images/products/')) expect(size).toBeLessThanOrEqual(150 * 1024);
  expect(await layoutShift(page)).toBeLessThan(0.1);
  await shot(page, 'photos-phone-new-releases');
  await context.close();
});

it('pages a crawler reads: their own title, description, Open Graph and JSON-LD in the HTML; unknown product 404 (the SPA still says so)', async () => {
  const html = await fetch(`${shopUrl()}/product/harvest-spice-candle`).then((r) => r.text());
  expect(html).toContain('<title>Harvest Spice Candle · Seasonal Shop</title>');
  expect(html).toMatch(
    /<meta property="og:image" content="http:\/\/[^"]+\/images\/products\/[0-9a-f-]{36}\/1200\.jpg" \/>/,
  );
  const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]);
  expect(jsonLd).toMatchObject({
    '@type': 'Product',
    name: 'Harvest Spice Candle',
    offers: { priceCurrency: 'USD', price: '24.00' },
  });

  const { context, page } = await newPage(browser, 'desktop');
  const missing = await page.goto('/product/no-such-candle');
  expect(missing!.status()).toBe(404);
  await page.getByRole('heading', { name: 'Product not found.' }).waitFor();
  const robots = await fetch(`${shopUrl()}/robots.txt`).then((r) => r.text());
  expect(robots).toContain('Disallow: /admin');
  expect(await fetch(`${shopUrl()}/sitemap.xml`).then((r) => r.text())).toContain(
    '/product/harvest-spice-candle</loc>',
  );
  await context.close();
});

it.each(['/', '/product-list/tees', '/product/pumpkin-patch-tee', '/cart', '/about-us'])(
  '%s on a phone loads without layout shift (CLS < 0.1)',
  async (path) => {
    const { context, page } = await newPage(browser, 'phone');
    await page.goto(path, { waitUntil: 'networkidle' });
    expect(await layoutShift(page)).toBeLessThan(0.1);
    await context.close();
  },
);

it('the product page on a desktop: the main photo is the high-priority <picture>, well under 350 KB', async () => {
  const { context, page } = await newPage(browser, 'desktop');
  const bytes = new Map<string, number>();
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'image')
      bytes.set(new URL(response.url()).pathname, (await response.body().catch(() => Buffer.alloc(0))).length);
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

/**
 * A slow machine, on purpose: the app's entry script is held back until `release()`, so the static shell is what the
 * visitor has meanwhile (docs/decisions/0077).
 */
async function holdTheApp(page: Page, path: string): Promise<() => void> {
  const html = await (await page.request.get(path)).text();
  const entry = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
  if (!entry) throw new Error(`no app entry in the HTML of ${path}`);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === entry,
    async (route) => {
      await held;
      await route.continue();
    },
  );
  return release;
}

it('typed into the header search before the app started (its start held back): the app takes the words over, and Search finds them', async () => {
  const { context, page } = await newPage(browser, 'phone');
  const release = await holdTheApp(page, '/');
  // The module script is held, so the page never reaches DOMContentLoaded until the app is let go.
  await page.goto('/', { waitUntil: 'commit' });
  const box = page.getByRole('searchbox', { name: 'Search products' });
  await box.fill('hoo');
  expect(await page.locator('#root[data-shell]').count()).toBe(1);
  release();
  await page.locator('#root:not([data-shell])').waitFor();
  // The app's own box holds the words, with focus: typing goes on where it was.
  expect(await box.inputValue()).toBe('hoo');
  expect(await box.evaluate((element) => element === document.activeElement)).toBe(true);
  await page.keyboard.type('di');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('heading', { name: 'Search results for “hoodi”' }).waitFor();
  await page.getByRole('link', { name: /Cozy Cabin Hoodie/ }).waitFor();
  expect(page.url()).toContain('/search?q=hoodi');
  await context.close();
});

it("Search pressed before the app started: the shell's own form searches without it (GET /search?q=)", async () => {
  const { context, page } = await newPage(browser, 'phone');
  const release = await holdTheApp(page, '/');
  await page.goto('/', { waitUntil: 'commit' });
  await page.getByRole('searchbox', { name: 'Search products' }).fill('hoodi');
  await Promise.all([
    page.waitForURL(/\/search\?q=hoodi$/, { waitUntil: 'commit' }),
    page.getByRole('button', { name: 'Search' }).click(),
  ]);
  release();
  // The results come in the page's own HTML (decision 0132); the app, once it has taken over, shows the words in the
  // search box.
  await page.getByRole('heading', { name: 'Search results for “hoodi”' }).waitFor();
  await page.getByRole('link', { name: /Cozy Cabin Hoodie/ }).waitFor();
  await page.locator('#root:not([data-shell])').waitFor();
  expect(await page.getByRole('searchbox', { name: 'Search products' }).inputValue()).toBe('hoodi');
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
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/admin/uploads')
      asked.push(request.postDataJSON());
  });
  await signInAsAdmin(page);
  await page.goto('/admin/products');
  const add = page.locator('form.add');
  await add
    .locator('input[type=file]')
    .first()
    .setInputFiles({ name: 'IMG_4032.jpg', mimeType: 'image/jpeg', buffer: photo });
  await add.getByAltText('Main image preview').waitFor({ timeout: 60_000 });
  await add.getByText('Ready').first().waitFor();
  expect(asked).toHaveLength(1);
  expect(asked[0]).toMatchObject({ contentType: 'image/jpeg', fileName: 'IMG_4032.jpg' });
  expect(asked[0].size).toBeGreaterThan(100_000);
  expect(asked[0].size).toBeLessThanOrEqual(MAX_IMAGE_BYTES);
  expect(await add.getByRole('alert').count()).toBe(0);
  await context.close();
});

describe('a product with a landscape and a portrait photo (photos uploaded through the admin API)', () => {
  let id = '';
  /** A photo of width × height with a red band at the top and a blue one at the bottom (to see what is cut). */
  const banded = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#d9c7a1' } })
      .composite([
        {
          input: { create: { width, height: Math.round(height / 12), channels: 3, background: '#ff0000' } },
          top: 0,
          left: 0,
        },
        {
          input: { create: { width, height: Math.round(height / 12), channels: 3, background: '#0000ff' } },
          top: height - Math.round(height / 12),
          left: 0,
        },
      ])
      .jpeg({ quality: 85 })
      .toBuffer();

  beforeAll(async () => {
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${await adminToken()}` };
    const upload = async (bytes: Buffer) => {
      const target = await (
        await fetch(`${shopUrl()}/api/admin/uploads`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ contentType: 'image/jpeg', size: bytes.length, fileName: 'p.jpg' }),
        })
      ).json();
      expect(
        (await fetch(target.uploadUrl, { method: 'PUT', headers: target.headers, body: new Uint8Array(bytes) })).ok,
      ).toBe(true);
      await until(
        async () => (await (await fetch(`${shopUrl()}/api/admin/uploads/${target.id}`, { headers })).json()).status,
        'ready',
        60_000,
      );
      return target.url as string;
    };
    const portrait = await upload(await banded(1800, 2400));
    const landscape = await upload(await banded(2400, 1800));
    const body = {
      name: 'Tall Pine Candle',
      description: 'Photographed upright.',
      price: 1800,
      tag: 'candles',
      image: portrait,
      extraImages: [landscape],
      stock: { CANDLE: 3 },
    };
    id = (
      await (
        await fetch(`${shopUrl()}/api/admin/products`, { method: 'POST', headers, body: JSON.stringify(body) })
      ).json()
    ).id;
  }, 120_000);

  it.each(['phone', 'desktop'] as const)(
    'on a %s the main photo is shown whole (its own proportions, not cropped), the thumbnails centred; no layout shift',
    async (viewport) => {
      const { context, page } = await newPage(browser, viewport);
      await page.goto(`/product/${id}`, { waitUntil: 'networkidle' });
      const box = await page.locator('img.main-image').evaluate((img) => {
        const rect = img.getBoundingClientRect();
        const style = getComputedStyle(img);
        return {
          width: rect.width,
          height: rect.height,
          fit: style.objectFit,
          maxHeight: parseFloat(style.maxHeight),
          viewport: window.innerHeight,
        };
      });
      expect(box.fit).toBe('contain');
      // Its box takes the photo's 3:4, unless capped in height (then the whole photo is inside, with a margin beside
      // it).
      if (box.height < box.maxHeight - 1) expect(box.height / box.width).toBeCloseTo(4 / 3, 1);
      else expect(box.height).toBeLessThanOrEqual(box.viewport * 0.7 + 1);
      // The photo drawn inside the box (contain): its top and bottom bands are both on screen.
      const shotOfMain = await sharp(await page.locator('img.main-image').screenshot())
        .raw()
        .toBuffer({ resolveWithObject: true });
      const pixel = (x: number, y: number) =>
        shotOfMain.data.subarray(
          (y * shotOfMain.info.width + x) * shotOfMain.info.channels,
          (y * shotOfMain.info.width + x) * shotOfMain.info.channels + 3,
        );
      const middle = Math.round(shotOfMain.info.width / 2);
      const top = pixel(middle, Math.round(shotOfMain.info.height * 0.03));
      const bottom = pixel(middle, Math.round(shotOfMain.info.height * 0.97));
      expect([top[0] > 180, top[2] < 90]).toEqual([true, true]);
      expect([bottom[0] < 90, bottom[2] > 180]).toEqual([true, true]);
      // Each thumbnail fills its button, centred (the same margin on every side).
      const thumbs = await page.locator('.thumb').evaluateAll((buttons) =>
        buttons.map((button) => {
          const outer = button.getBoundingClientRect();
          const inner = button.querySelector('img')!.getBoundingClientRect();
          return [
            Math.round(inner.left - outer.left),
            Math.round(outer.right - inner.right),
            Math.round(inner.top - outer.top),
            Math.round(outer.bottom - inner.bottom),
          ];
        }),
      );
      expect(thumbs).toHaveLength(2);
      for (const [left, right, top, bottom] of thumbs) expect([left, right, top]).toEqual([bottom, bottom, bottom]);
      expect(await layoutShift(page)).toBe(0);
      await shot(page, `photos-${viewport}-portrait-product`);
      await context.close();
    },
  );

  it('the main photo is in the served HTML: it paints before any script runs, and the app takes over the same place', async () => {
    const html = await fetch(`${shopUrl()}/product/${id}`).then((r) => r.text());
    expect(html).toMatch(
      /<main id="main"><article class="product-detail"[^>]*><div class="gallery"><picture>.*<img class="main-image"/,
    );
    const noScript = await browser.newContext({
      viewport: { width: 390, height: 844 },
      javaScriptEnabled: false,
      baseURL: shopUrl(),
    });
    const still = await noScript.newPage();
    await still.goto(`/product/${id}`, { waitUntil: 'networkidle' });
    const before = await still.locator('img.main-image').evaluate((img) => ({
      top: img.getBoundingClientRect().top,
      height: img.getBoundingClientRect().height,
      loaded: (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
    }));
    expect(before.loaded).toBe(true);
    await noScript.close();
    const { context, page } = await newPage(browser, 'phone');
    await page.goto(`/product/${id}`);
    await page.getByRole('button', { name: 'Add to Cart' }).waitFor();
    const after = await page
      .locator('img.main-image')
      .evaluate((img) => ({ top: img.getBoundingClientRect().top, height: img.getBoundingClientRect().height }));
    expect(after).toEqual({ top: before.top, height: before.height });
    expect(await page.locator('[data-shell]').count()).toBe(0);
    await context.close();
  });
});

describe('one address per page, and real 404s', () => {
  it.each([
    ['/product/pumpkin-patch-tee/', '/product/pumpkin-patch-tee'],
    ['/about-us/', '/about-us'],
    ['/cart/', '/cart'],
  ])('%s redirects (301) to %s', async (from, to) => {
    const answer = await fetch(`${shopUrl()}${from}`, { redirect: 'manual' });
    expect(answer.status).toBe(301);
    expect(answer.headers.get('location')).toBe(to);
  });

  it('an unknown address answers 404 with the not-found page; the routes of the SPA answer 200', async () => {
    const { context, page } = await newPage(browser, 'phone');
    const missing = await page.goto('/nothere');
    expect(missing!.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    for (const path of [
      '/cart',
      '/login',
      '/signup',
      '/account',
      '/order-status',
      '/search?q=candle',
      '/admin/products',
      '/reset-password',
      '/faqs',
    ]) {
      expect([path, (await fetch(`${shopUrl()}${path}`)).status]).toEqual([path, 200]);
    }
    await context.close();
  });
});
