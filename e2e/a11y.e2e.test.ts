import type { Browser, Page } from 'playwright-core';
import { axeViolations, launch, shopUrl, signInAsAdmin } from './browser';

/** axe-core on every public and admin page: no serious or critical violations. */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function violations(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await page.locator('main h1, main h2').first().waitFor();
  return axeViolations(page, path);
}

const PUBLIC = [
  '/',
  '/product-list/tees',
  '/product-list/rugs',
  '/product/cozy-cabin-hoodie',
  '/cart',
  '/login',
  '/signup',
  '/contact-us',
  '/support',
  '/custom-printing',
  '/about-us',
  '/privacy-policy',
  '/terms-and-conditions',
  '/faqs',
  '/orderconfirmation',
  '/reset-password',
  '/nope',
  '/order-status',
  '/search?q=candle',
  '/search?q=zzzz',
  '/search',
];
const ADMIN = ['/admin', '/admin/products', '/admin/items', '/admin/orders/pending', '/admin/drafted-products', '/admin/inbox', '/admin/orders/archive', '/admin/replacements', '/admin/promo-codes'];

it('public pages have no serious or critical accessibility violations', async () => {
  const context = await browser.newContext({ baseURL: shopUrl(), viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const found: string[] = [];
  for (const path of PUBLIC) found.push(...(await violations(page, path)));
  expect(found).toEqual([]);
  await context.close();
});

it('with items in the cart (the header shows the count), the storefront and the cart have no violations', async () => {
  const context = await browser.newContext({ baseURL: shopUrl(), viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/');
  const line = { id: 'harvest-spice-candle', name: 'Harvest Spice Candle', image: '/images/x.jpg', price: 2400, size: 'CANDLE', quantity: 2 };
  await page.evaluate((cartLine) => localStorage.setItem('cart', JSON.stringify([cartLine])), line);
  const found: string[] = [];
  for (const path of ['/', '/cart']) {
    found.push(...(await violations(page, path)));
    // The cart link's name starts with what it shows ("Cart 2"), for speech input.
    expect(await page.getByRole('link', { name: 'Cart 2 items', exact: true }).count()).toBe(1);
  }
  expect(found).toEqual([]);
  await context.close();
});

it('admin pages have no serious or critical accessibility violations', async () => {
  const context = await browser.newContext({ baseURL: shopUrl(), viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signInAsAdmin(page);
  const found: string[] = [];
  for (const path of ADMIN) found.push(...(await violations(page, path)));
  expect(found).toEqual([]);
  await context.close();
});

it('the stock items form: Add stock item covers no count field, at 1280, 820 and 390 wide', async () => {
  const context = await browser.newContext({ baseURL: shopUrl(), viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signInAsAdmin(page);
  await page.goto('/admin/items');
  const form = page.getByRole('form', { name: 'Add a stock item' });
  for (const width of [1280, 820, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await form.getByRole('button', { name: 'Add stock item' }).waitFor();
    const button = (await form.getByRole('button', { name: 'Add stock item' }).boundingBox())!;
    for (const label of ['Item id', 'S', 'M', 'L', 'XL', '2XL']) {
      const field = (await form.getByLabel(label, { exact: true }).boundingBox())!;
      const apart = button.x >= field.x + field.width || field.x >= button.x + button.width || button.y >= field.y + field.height || field.y >= button.y + button.height;
      expect(`${width}: ${label} ${apart ? 'apart' : 'covered'}`).toBe(`${width}: ${label} apart`);
      expect(field.x + field.width).toBeLessThanOrEqual(width);
    }
  }
  await context.close();
});
