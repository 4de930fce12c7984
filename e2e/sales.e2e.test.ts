import type { Browser, Page } from 'playwright-core';
import { formatPrice } from '../shared/money';
import { saleEndsShort } from '../shared/sales';
import { adminToken, axeViolations, collectAlerts, launch, newPage, shopUrl, shot } from './browser';
import { shopLocal } from '../shared/drops';

/**
 * Sales without a code (issue 54) in Chromium on a phone against the local stack: a product of its own with two
 * sales on (25% off it, and buy 2 get the third free): its page shows the sale price with the old price struck
 * through and the sale's end, the cart the line's sale and "Add one more …: the third is free", and the card step
 * the discount by name. The sales are on this product only, so no other browser test sees them.
 */
let browser: Browser;
const product = { id: '', name: 'Sale Journey Candle', price: 2000 };
const saleIds: string[] = [];

async function adminCall(method: string, path: string, body?: unknown) {
  return fetch(`${shopUrl()}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await adminToken()}` },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
}

/** A shop-time wall clock some hours from now ("2026-12-04T12:00"), as the owner's form takes it. */
function shopClock(offsetHours: number): string {
  return shopLocal(Date.now() + offsetHours * 3_600_000);
}

beforeAll(async () => {
  browser = await launch();
  const photo = (await fetch(`${shopUrl()}/api/products/harvest-spice-candle`).then((r) => r.json())).photos[0]
    .src as string;
  const made = await adminCall('POST', '/api/admin/products', {
    name: product.name,
    description: 'Poured for the sales journey.',
    price: product.price,
    tag: 'candles',
    image: photo,
    stock: { CANDLE: 30 },
  });
  expect(made.status).toBe(201);
  product.id = ((await made.json()) as { id: string }).id;
  const window = { startsAt: shopClock(-1), endsAt: shopClock(48) };
  for (const sale of [
    { name: 'Journey markdown', kind: 'off_items', products: [product.id], percentOff: 25 },
    { name: 'Journey trio', kind: 'buy_get', products: [product.id], buy: 2, get: 1, percentOff: 100 },
  ]) {
    const answer = await adminCall('POST', '/api/admin/sales', { ...sale, ...window });
    expect(answer.status).toBe(201);
    saleIds.push(((await answer.json()) as { saleId: string }).saleId);
  }
});
afterAll(async () => {
  for (const saleId of saleIds) await adminCall('DELETE', `/api/admin/sales/${saleId}`);
  await browser?.close();
});

const detailRows = (page: Page) =>
  page.$$eval('.order-details dt', (terms) =>
    terms.map((dt) => `${dt.textContent} ${dt.nextElementSibling?.textContent}`),
  );

it('on a phone: the struck-through price on the product page, the cart’s nearly-there line, the breakdown at the card step', async () => {
  const problems: string[] = [];
  const { context, page } = await newPage(browser, 'phone');
  const alerts = collectAlerts(page);

  // 1. The product page: $15.00 with $20.00 struck through (read as "Was $20.00"), the sale's last day, the trio.
  await page.goto(`/product/${product.id}`);
  await page.getByRole('heading', { name: product.name, level: 1 }).waitFor();
  const price = page.locator('.details .price.on-sale');
  await expect(price.textContent()).resolves.toBe(`${formatPrice(1500)} Was ${formatPrice(2000)}`);
  await expect(price.locator('s').textContent()).resolves.toBe(`Was ${formatPrice(2000)}`);
  const answer = (await fetch(`${shopUrl()}/api/products/${product.id}`).then((r) => r.json())) as {
    sale: { endsAt: string };
  };
  await page.getByText(saleEndsShort(answer.sale.endsAt)).first().waitFor();
  await page.getByText('Journey trio: buy 2, the third is free').waitFor();
  problems.push(...(await axeViolations(page, 'a product on sale')));
  await shot(page, 'sales-1-product-phone');

  // 2. The cart with two: the line's sale, the old line total struck through, and what is nearly reached.
  await page.evaluate((line) => localStorage.setItem('cart', JSON.stringify([line])), {
    id: product.id,
    name: product.name,
    image: '/i/c.svg',
    price: product.price,
    size: 'CANDLE',
    quantity: 2,
  });
  await page.goto('/cart');
  await page.getByText('Add one more Sale Journey Candle: the third is free').waitFor();
  const total = page.getByTestId('line-total');
  await expect(total.textContent()).resolves.toBe(`${formatPrice(3000)} Was ${formatPrice(4000)}`);
  expect(await detailRows(page)).toContain(`Journey markdown -${formatPrice(1000)}`);
  problems.push(...(await axeViolations(page, 'the cart with a sale')));
  await shot(page, 'sales-2-cart-phone');

  // 3. The card step: the server's breakdown by name.
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  for (const [name, value] of Object.entries({
    name: 'Sal Sale',
    email: `sales-${Date.now()}@example.com`,
    line1: '9 Elm St',
    city: 'Reno',
    state: 'NV',
    zip: '89501',
  }))
    await page.fill(`input[name=${name}]`, value);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('Test mode').waitFor();
  const rows = await detailRows(page);
  expect(rows[0]).toBe(`Subtotal ${formatPrice(4000)}`);
  expect(rows[1]).toBe(`Journey markdown -${formatPrice(1000)}`);
  await shot(page, 'sales-3-card-step-phone');
  expect(alerts).toEqual([]);
  expect(problems).toEqual([]);
  await context.close();
}, 180_000);
