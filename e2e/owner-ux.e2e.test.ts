import type { Browser, Page } from 'playwright-core';
import { LOW_STOCK_THRESHOLD } from '../shared/aftersale';
import { adminToken, launch, shopUrl, shot, signInAsAdmin, until, VIEWPORTS } from './browser';

/**
 * Issue 34 items 5 and 6 in Chromium, on a phone and a desktop: the owner sees a gift wrap's stock by the sheet sizes
 * shoppers pick (the stock items page and the dashboard's low-stock table), and the products page on a phone is a list
 * of cards with no sideways scrolling. Screenshots of the products and stock items pages at 390, 820 and 1280 wide.
 */
let browser: Browser;
/** The demo gift wraps' stock item (functions/local/seed.ts), its 18inX36in count (S) set low for the dashboard. */
const WRAP = 'WRAP-ROLL';
type Item = { id: string; stock: Record<string, number>; version: number };
let before: Item;
const admin = async () => ({
  'content-type': 'application/json',
  authorization: `Bearer ${await adminToken()}`,
});
const readItem = async () =>
  (
    (await fetch(`${shopUrl()}/api/admin/items?id=${WRAP}`, { headers: await admin() }).then((r) => r.json())) as {
      items: Item[];
    }
  ).items[0];
const saveItem = async (stock: Record<string, number>) => {
  const { version } = await readItem();
  const answer = await fetch(`${shopUrl()}/api/admin/items/${WRAP}`, {
    method: 'PUT',
    headers: await admin(),
    body: JSON.stringify({ stock, version }),
  });
  expect(answer.status).toBe(200);
};

beforeAll(async () => {
  browser = await launch();
  before = await readItem();
  // Low on the smallest sheet only: the dashboard lists that one size.
  await saveItem({ ...before.stock, S: 1, M: LOW_STOCK_THRESHOLD + 20, L: LOW_STOCK_THRESHOLD + 20 });
});
afterAll(async () => {
  // The counts as they were (other journeys share the shop).
  if (before) await saveItem(before.stock);
  await browser?.close();
});

const viewports = Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[];
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe.each(viewports)('on %s', (viewport) => {
  it("the owner sees the gift wrap's sheet sizes on the stock items page and in the dashboard's low-stock table", async () => {
    const context = await browser.newContext({ baseURL: shopUrl(), viewport: VIEWPORTS[viewport] });
    const page = await context.newPage();
    await signInAsAdmin(page);
    await page.goto('/admin');
    const lowStock = page.getByRole('region', { name: /Low stock/ });
    const wrapRow = lowStock.locator('tr', { has: page.getByRole('link', { name: new RegExp(`^${WRAP} `) }) });
    await wrapRow.first().waitFor();
    expect(await wrapRow.locator('td').allTextContents()).toEqual([expect.stringContaining(WRAP), '18inX36in', '1']);
    expect(await noSidewaysScroll(page)).toBe(true);

    // By keyboard: on a phone the row's link (its name lists every product linked to the item, as many as the other
    // journeys of this run made) can lie under the sticky header, where a tap would land on the header.
    await wrapRow.getByRole('link').focus();
    await page.keyboard.press('Enter');
    await page.getByText('Showing one stock item:').waitFor();
    const row = page.locator('tr', { has: page.getByRole('rowheader', { name: WRAP }) });
    expect(await row.locator('.size-name').allTextContents()).toEqual(['18inX36in', '20inX40in', '24inX44in']);
    expect(await page.getByLabel(`${WRAP} 18inX36in`).inputValue()).toBe('1');
    expect(await page.getByLabel(`${WRAP} XL`).count()).toBe(0);
    // The table scrolls inside its frame; the page itself never sideways (text kept for screen readers included).
    await page.goto('/admin/items');
    await page.getByRole('rowheader', { name: WRAP }).waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
    await context.close();
  });

  it('the products page on a phone is a list of cards without sideways scrolling; a card opens its product', async () => {
    const context = await browser.newContext({ baseURL: shopUrl(), viewport: VIEWPORTS[viewport] });
    const page = await context.newPage();
    await signInAsAdmin(page);
    await page.goto('/admin/products');
    await page.getByRole('heading', { name: 'Products' }).waitFor();
    if (viewport === 'phone') {
      const card = page.getByTestId('card-holly-gift-wrap');
      await card.waitFor();
      expect(await card.textContent()).toMatch(/Holly Gift Wrap\$8\.99.*18inX36in \d+ · 20inX40in \d+ · 24inX44in \d+/);
      expect(await page.locator('table').count()).toBe(0);
      expect(await noSidewaysScroll(page)).toBe(true);
      await card.getByRole('link', { name: 'Holly Gift Wrap' }).click();
      await page.getByText('Showing one product:').waitFor();
      const row = page.getByTestId('row-holly-gift-wrap');
      await until(() => row.getByLabel('Price', { exact: true }).inputValue(), '8.99');
      expect(await noSidewaysScroll(page)).toBe(true);
    } else {
      await page.getByTestId('row-holly-gift-wrap').waitFor();
      expect(await page.getByTestId('card-holly-gift-wrap').count()).toBe(0);
      expect(await noSidewaysScroll(page)).toBe(true);
    }
    await context.close();
  });
});

it('screenshots: the products and stock items pages at 390, 820 and 1280 wide', async () => {
  const context = await browser.newContext({ baseURL: shopUrl(), viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signInAsAdmin(page);
  for (const width of [390, 820, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/admin/products');
    await page
      .getByRole('link', { name: 'Holly Gift Wrap' })
      .or(page.getByTestId('row-holly-gift-wrap'))
      .first()
      .waitFor();
    await shot(page, `ux-${width}-admin-products`);
    expect(`${width}: ${await noSidewaysScroll(page)}`).toBe(`${width}: true`);
    if (width === 390) {
      await page.goto('/admin/products?id=holly-gift-wrap');
      await page.getByText('Showing one product:').waitFor();
      await shot(page, `ux-${width}-admin-product-opened`);
      expect(`${width} opened: ${await noSidewaysScroll(page)}`).toBe(`${width} opened: true`);
    }
    await page.goto('/admin/items');
    await page.getByRole('rowheader', { name: WRAP }).waitFor();
    await shot(page, `ux-${width}-admin-items`);
    await page.goto('/admin');
    await page.getByRole('region', { name: /Low stock/ }).waitFor();
    await shot(page, `ux-${width}-admin-dashboard`);
  }
  await context.close();
});
