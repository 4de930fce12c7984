import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { E2E_ADMIN } from './global-setup';
import { launch, shopUrl } from './browser';

/** axe-core on every public and admin page: no serious or critical violations. */
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
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
  await page.evaluate(AXE);
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
    return axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
  });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${path}: ${v.id} (${v.impact}) at ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

const PUBLIC = [
  '/', '/product-list/tees', '/product-list/rugs', '/product/cozy-cabin-hoodie', '/cart', '/login', '/signup', '/contact-us',
  '/support', '/custom-printing', '/about-us', '/privacy-policy', '/terms-and-conditions', '/faqs', '/orderconfirmation', '/reset-password', '/nope',
];
const ADMIN = ['/admin', '/admin/products', '/admin/items', '/admin/orders/pending', '/admin/drafted-products', '/admin/inbox'];

it('public pages have no serious or critical accessibility violations', async () => {
  const context = await browser.newContext({ baseURL: shopUrl(), viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const found: string[] = [];
  for (const path of PUBLIC) found.push(...(await violations(page, path)));
  expect(found).toEqual([]);
  await context.close();
});

it('admin pages have no serious or critical accessibility violations', async () => {
  const context = await browser.newContext({ baseURL: shopUrl(), viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto('/login');
  await page.fill('input[name=email]', E2E_ADMIN.email);
  await page.fill('input[name=password]', E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByRole('link', { name: 'Admin' }).waitFor();
  const found: string[] = [];
  for (const path of ADMIN) found.push(...(await violations(page, path)));
  expect(found).toEqual([]);
  await context.close();
});
