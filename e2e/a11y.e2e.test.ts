import type { Browser, Locator, Page } from 'playwright-core';
import { axeViolations, launch, shopUrl, shot, signInAsAdmin, until } from './browser';

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
  '/gift-cards',
  '/gift-cards/balance',
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
const ADMIN = [
  '/admin',
  '/admin/products',
  '/admin/items',
  '/admin/orders/pending',
  '/admin/drafted-products',
  '/admin/inbox',
  '/admin/orders/archive',
  '/admin/replacements',
  '/admin/promo-codes',
  '/admin/sales',
  '/admin/gift-cards',
  '/admin/reports',
  '/admin/quotes',
  '/admin/stock-alerts',
  '/admin/catalog',
  '/admin/shipping',
  '/admin/drops/harvest-spice-candle',
];

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
  const line = {
    id: 'harvest-spice-candle',
    name: 'Harvest Spice Candle',
    image: '/images/x.jpg',
    price: 2400,
    size: 'CANDLE',
    quantity: 2,
  };
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
      const apart =
        button.x >= field.x + field.width ||
        field.x >= button.x + button.width ||
        button.y >= field.y + field.height ||
        field.y >= button.y + button.height;
      expect(`${width}: ${label} ${apart ? 'apart' : 'covered'}`).toBe(`${width}: ${label} apart`);
      expect(field.x + field.width).toBeLessThanOrEqual(width);
    }
  }
  await context.close();
});

/** The admin's tabs in their order (web/src/features/admin/AdminShell.tsx ADMIN_LINKS). */
const ADMIN_TABS = [
  'Dashboard',
  'To ship',
  'Orders',
  'Reports',
  'Quotes',
  'Replacements',
  'Products',
  'Stock items',
  'Back in stock',
  'Promo codes',
  'Sales',
  'Gift cards',
  'Shipping',
  'Drafted',
  'Catalogue CSV',
  'Inbox',
];

it('the admin’s tabs: every one whole at 1280 and 820 (a second row); on a phone the current one in view and the row says it scrolls', async () => {
  const context = await browser.newContext({ baseURL: shopUrl(), viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signInAsAdmin(page);
  const row = page.getByRole('navigation', { name: 'Admin' });
  /** Whether `link` lies whole inside the row's visible box. */
  const whole = async (link: Locator) => {
    const [box, tab] = [(await row.boundingBox())!, (await link.boundingBox())!];
    return tab.x >= box.x - 0.5 && tab.x + tab.width <= box.x + box.width + 0.5;
  };
  for (const width of [1280, 820]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/admin/inbox');
    await page.locator('main h1').waitFor();
    const links = await row.getByRole('link').all();
    expect(await row.getByRole('link').allTextContents()).toEqual(ADMIN_TABS);
    for (const link of links)
      expect(`${width}: ${await link.textContent()} ${(await whole(link)) ? 'whole' : 'cut'}`).toBe(
        `${width}: ${await link.textContent()} whole`,
      );
    await shot(page, `admin-tabs-${width}`);
  }

  await page.setViewportSize({ width: 390, height: 844 });
  for (const [path, current] of [
    ['/admin/items', 'Stock items'],
    ['/admin/inbox', 'Inbox'],
    ['/admin', 'Dashboard'],
  ]) {
    await page.goto(path);
    await page.locator('main h1').waitFor();
    await until(() => whole(row.getByRole('link', { name: current, exact: true })), true);
    // More tabs than fit: the row fades out at the edge that has more behind it.
    const sides = await row.evaluate((nav) => ({
      before: nav.scrollLeft > 1,
      after: nav.scrollLeft + nav.clientWidth < nav.scrollWidth - 1,
      mask: getComputedStyle(nav).maskImage,
    }));
    expect(sides.before || sides.after).toBe(true);
    expect(sides.mask).toContain('linear-gradient');
    await shot(page, `admin-tabs-390-${current.replace(' ', '-')}`);
  }
  // Opened from the row (the app's own navigation, not a page load): a tab half out of view comes into it.
  const replacements = row.getByRole('link', { name: 'Replacements', exact: true });
  expect(await whole(replacements)).toBe(false);
  await replacements.evaluate((link) => (link as HTMLAnchorElement).click());
  await page.getByRole('heading', { level: 1, name: 'Replacement requests' }).waitFor();
  await until(() => whole(replacements), true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(
    true,
  );

  // A page's own tabs (the orders' five do not fit a phone): the chosen one in view, a shadow says the row scrolls.
  await page.goto('/admin/orders/archive?status=cancelled');
  const tabs = page.getByRole('tablist');
  const cancelled = page.getByRole('tab', { name: 'Cancelled' });
  await cancelled.waitFor();
  await until(async () => {
    const [box, tab] = [(await tabs.boundingBox())!, (await cancelled.boundingBox())!];
    return tab.x >= box.x - 0.5 && tab.x + tab.width <= box.x + box.width + 0.5;
  }, true);
  expect(await tabs.evaluate((list) => getComputedStyle(list).backgroundImage)).toContain('radial-gradient');
  await shot(page, 'admin-tabs-390-orders-cancelled');
  await context.close();
});
