import type { Browser } from 'playwright-core';
import { CATALOG_CDN_SECONDS } from '../shared/pages';
import { PRODUCT_PAGE_SIZE, searchUrl } from '../shared/product-lists';
import { adminToken, axeViolations, launch, newPage, shopUrl, shot, until, windowShot } from './browser';

/** Issue 17 in Chromium: a category of more than a screenful, Load more, the back button, sorting. */
let browser: Browser;
const ADDED = 28;
beforeAll(async () => {
  browser = await launch();
  // Gift wraps through the admin API (no other browser test looks at that category): 28 + the 2 demo ones.
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${await adminToken()}` };
  const photo = (await fetch(`${shopUrl()}/api/products/holly-gift-wrap`).then((r) => r.json())).photos[0].src;
  for (let i = 1; i <= ADDED; i++) {
    const answer = await fetch(`${shopUrl()}/api/admin/products`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        name: `Pattern Wrap ${String(i).padStart(2, '0')}`,
        description: 'Printed wrapping paper.',
        price: 500 + i * 10,
        tag: 'giftwraps',
        image: photo,
        stockRef: 'WRAP-ROLL',
        stock: {},
      }),
    });
    expect(answer.status).toBe(201);
  }
});
afterAll(async () => {
  await browser?.close();
});

it.each(['phone', 'desktop'] as const)(
  'on %s: a first screenful, Load more adds the rest, and back from a product returns to the same card',
  async (viewport) => {
    const { context, page } = await newPage(browser, viewport);
    await page.goto('/product-list/giftwraps');
    await page.getByRole('link', { name: /Pattern Wrap 28/ }).waitFor();
    const links = page.locator('.product-grid').getByRole('link');
    expect(await links.count()).toBe(PRODUCT_PAGE_SIZE);
    await shot(page, `catalogue-${viewport}-1-first-page`);

    await page.getByRole('button', { name: 'Load more' }).click();
    await page.getByText('That is everything in Gift Wraps.').waitFor();
    expect(await links.count()).toBe(ADDED + 2);
    expect(new URL(page.url()).searchParams.get('pages')).toBe('2');
    // The oldest products (demo ones) are at the end, after the newest first.
    const last = links.last();
    expect(await last.textContent()).toMatch(/Holly Gift Wrap|Golden Ribbon Wrap/);
    const target = page.getByRole('link', { name: /Pattern Wrap 02/ });
    await target.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 120));
    const before = await page.evaluate(() => Math.round(window.scrollY));
    expect(before).toBeGreaterThan(600);
    await shot(page, `catalogue-${viewport}-2-loaded-more`);

    await target.click();
    await page.getByRole('heading', { level: 1, name: 'Pattern Wrap 02' }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await page.getByText('That is everything in Gift Wraps.').waitFor();
    expect(await links.count()).toBe(ADDED + 2);
    await until(async () => Math.abs((await page.evaluate(() => Math.round(window.scrollY))) - before) <= 4, true);
    expect(await target.isVisible()).toBe(true);
    await shot(page, `catalogue-${viewport}-3-back`);
    await context.close();
  },
);

it('on a phone the categories are a menu (390, 360 and 320 wide); at 1280 a row with every one whole (issue 50 item 8)', async () => {
  const everyLink = ['New Releases', 'Hoodies', 'Candles', 'Tees', 'Gift Wraps', 'Tumblers', 'Rugs', 'Gift Cards'];
  for (const width of [390, 360, 320]) {
    const context = await browser.newContext({ viewport: { width, height: 800 }, baseURL: shopUrl() });
    const page = await context.newPage();
    await page.goto('/');
    await page.locator('#root:not([data-shell])').waitFor();
    const nav = page.getByRole('navigation', { name: 'Categories' });
    const button = nav.getByRole('button', { name: 'Shop by category' });
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.getByRole('link').first().isVisible()).toBe(false);
    await button.click();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    const links = nav.getByRole('link');
    expect(await links.allTextContents()).toEqual(everyLink);
    for (const link of await links.all()) {
      const box = (await link.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(box.y + box.height).toBeLessThanOrEqual(800);
      // A finger's target: a row each, at least 44 px high.
      expect(box.height).toBeGreaterThanOrEqual(44);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    if (width === 390) {
      expect(await axeViolations(page, 'the open category menu at 390')).toEqual([]);
      await windowShot(page, 'header-menu-390-open');
    }
    // Escape closes it and the focus is back on the button.
    await links.nth(2).focus();
    await page.keyboard.press('Escape');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Shop by category');
    // A category chosen from it: its page, and the menu closed.
    await button.click();
    await nav.getByRole('link', { name: 'Tumblers' }).click();
    await page.getByRole('heading', { level: 1, name: 'Tumblers' }).waitFor();
    await page.getByRole('link', { name: /Lemonade Tumbler/ }).waitFor();
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await context.close();
  }
  const { context, page } = await newPage(browser, 'desktop');
  await page.goto('/');
  await page.locator('#root:not([data-shell])').waitFor();
  const nav = page.getByRole('navigation', { name: 'Categories' });
  expect(await nav.getByRole('button').isVisible()).toBe(false);
  const links = nav.getByRole('link');
  expect(await links.allTextContents()).toEqual(everyLink);
  const boxes = await Promise.all((await links.all()).map(async (link) => (await link.boundingBox())!));
  expect(new Set(boxes.map((box) => Math.round(box.y))).size).toBe(1);
  expect(Math.max(...boxes.map((box) => box.x + box.width))).toBeLessThanOrEqual(1280);
  await windowShot(page, 'header-1280');
  await context.close();
});

it('sorting by price asks the API in that order and keeps the choice in the address', async () => {
  const { context, page } = await newPage(browser, 'desktop');
  await page.goto('/product-list/giftwraps');
  await page.getByRole('link', { name: /Pattern Wrap 28/ }).waitFor();
  await page.getByLabel('Sort by').selectOption('price-asc');
  await until(
    async () =>
      (await page.locator('.product-grid').getByRole('link').first().textContent())?.includes('Pattern Wrap 01') ??
      false,
    true,
  );
  expect(new URL(page.url()).searchParams.get('sort')).toBe('price-asc');
  await page.getByLabel('Sort by').selectOption('price-desc');
  await until(
    async () =>
      (await page.locator('.product-grid').getByRole('link').first().textContent())?.includes('Golden Ribbon Wrap') ??
      false,
    true,
  );
  await context.close();
});

it('Load more from the keyboard: focus moves to the first card of the new page, never back to the top of the page', async () => {
  const { context, page } = await newPage(browser, 'phone');
  await page.goto('/product-list/giftwraps');
  await page.getByRole('link', { name: /Pattern Wrap 28/ }).waitFor();
  // The first page comes in the HTML with Load more disabled until the app has taken over (decision 0132).
  await page.getByRole('button', { name: 'Load more', disabled: false }).focus();
  await page.keyboard.press('Enter');
  await page.getByText('That is everything in Gift Wraps.').waitFor();
  // The button is gone (the last page): focus is on the 25th card, the first that came with the new page.
  const focused = await page.evaluate(() => ({
    tag: document.activeElement?.tagName,
    text: document.activeElement?.textContent ?? '',
    index: [...document.querySelectorAll('.product-grid > a')].indexOf(document.activeElement as HTMLAnchorElement),
  }));
  expect(focused.tag).toBe('A');
  expect(focused.index).toBe(PRODUCT_PAGE_SIZE);
  // The next Tab goes on from there, not from the top of the page.
  await page.keyboard.press('Tab');
  expect(
    await page.evaluate(() =>
      [...document.querySelectorAll('.product-grid > a')].indexOf(document.activeElement as HTMLAnchorElement),
    ),
  ).toBe(PRODUCT_PAGE_SIZE + 1);
  await context.close();
});

it('search shows every match a page at a time with the total (more than a page of "pattern")', async () => {
  // Search keeps its index for CATALOG_CDN_SECONDS (decision 0044): another test file's search just before the
  // products were added holds the older catalogue until then. Wait for the promised freshness, not a lucky order
  // (asking every 2 s, well inside search's rate limit, which the page's own requests share).
  const total = async () =>
    ((await fetch(`${shopUrl()}${searchUrl('pattern')}`).then((r) => r.json())) as { total?: number }).total;
  await until(total, ADDED, (CATALOG_CDN_SECONDS + 15) * 1000, 2000);
  const { context, page } = await newPage(browser, 'desktop');
  await page.goto('/search?q=pattern');
  await page.getByText(`${ADDED} products`).waitFor();
  const links = page.locator('.product-grid').getByRole('link');
  expect(await links.count()).toBe(PRODUCT_PAGE_SIZE);
  await page.getByRole('button', { name: 'Load more' }).click();
  await page.getByText(`That is all ${ADDED} matches.`).waitFor();
  expect(await links.count()).toBe(ADDED);
  expect(new URL(page.url()).searchParams.get('pages')).toBe('2');
  // Typos a shopper makes still find them: two letters swapped.
  await page.goto('/search?q=ptatern');
  await page.getByText(`${ADDED} products`).waitFor();
  await context.close();
});
