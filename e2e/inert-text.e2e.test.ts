import type { Browser } from 'playwright-core';
import { adminToken, launch, newPage, shopUrl, signInAsAdmin } from './browser';

/** Stored text is shown as text, never run: in the shop and in the admin area. */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const EVIL = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';

it('a product name and description and a form message with markup render as text everywhere', async () => {
  const token = await adminToken();
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  // A photo the image pipeline made (a demo product's): the admin API takes only those.
  const photo = (await fetch(`${shopUrl()}/api/products/harvest-spice-candle`).then((r) => r.json())).photos[0].src;
  const product = await fetch(`${shopUrl()}/api/admin/products`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      name: `Evil ${EVIL}`.slice(0, 200),
      description: EVIL,
      price: 100,
      tag: 'candles,new-releases',
      image: photo,
      stock: { CANDLE: 1 },
    }),
  }).then((r) => r.json());
  await fetch(`${shopUrl()}/api/forms/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: EVIL.slice(0, 100), email: 'x@example.com', message: EVIL }),
  });

  const { context, page } = await newPage(browser, 'desktop');
  for (const path of ['/product-list/new-releases', `/product/${product.id}`]) {
    await page.goto(path);
    await page.getByText('<script>window.__pwned=2</script>', { exact: false }).first().waitFor();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  }
  await signInAsAdmin(page);
  for (const path of ['/admin/products', '/admin/inbox']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await page.locator('main h1').waitFor();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  }
  await page.getByText('<script>window.__pwned=2</script>', { exact: false }).first().waitFor();
  await context.close();
});
