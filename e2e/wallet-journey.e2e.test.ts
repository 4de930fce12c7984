import type { Browser } from 'playwright-core';
import { adminToken, axeViolations, collectAlerts, launch, newPage, shopUrl, shot } from './browser';

/**
 * Paying with a wallet from the cart (issue 38 items 2 and 5, docs/decisions/0129), in Chromium against the local
 * stack, where the built-in test processor's test wallet stands in for Apple Pay and Google Pay on the same server path:
 * the sheet's address is priced by the shop, Pay sends the full address, email and phone, the test processor
 * authorizes, and the card step records the order. One order, one charge, the stock taken once.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const CANDLES = {
  id: 'harvest-spice-candle',
  name: 'Harvest Spice Candle',
  image: '/images/products/harvest-spice-candle.svg',
  price: 1,
  size: 'CANDLE',
  quantity: 2,
};
const candlesLeft = async () =>
  ((await fetch(`${shopUrl()}/api/products/${CANDLES.id}`).then((r) => r.json())) as { sizes: { available: number }[] })
    .sizes[0].available;
const adminOrder = async (orderNumber: string) =>
  (await fetch(`${shopUrl()}/api/admin/orders/${orderNumber}`, {
    headers: { authorization: `Bearer ${await adminToken()}` },
  }).then((r) => r.json())) as {
    order: {
      amounts: { total: number; tax: number };
      shippingAddress: Record<string, string>;
      payments: { method: string; amount: number }[];
      money?: { captured: number };
    };
  };

/** A shopper with two candles in the cart opens the test wallet's sheet. */
async function openTestWallet(viewport: 'phone' | 'desktop') {
  const { context, page } = await newPage(browser, viewport);
  const alerts = collectAlerts(page);
  await page.goto('/');
  await page.evaluate((line) => localStorage.setItem('cart', JSON.stringify([line])), CANDLES);
  await page.goto('/cart');
  // The wallet's code loads once the page is idle with its box in view (issue 50 item 17): the shopper scrolls to it.
  await page.getByRole('region', { name: 'Pay with a wallet' }).scrollIntoViewIfNeeded();
  await page.getByRole('button', { name: 'Pay with test wallet' }).click();
  return { context, page, alerts, sheet: page.getByRole('dialog', { name: 'Test wallet' }) };
}

it('on a phone: cart -> test wallet -> order, one charge, the stock taken once', async () => {
  const before = await candlesLeft();
  const { context, page, alerts, sheet } = await openTestWallet('phone');
  // The first address (Austin, Texas) is priced by the shop: Texas taxes the candles and the shipping.
  await sheet.getByText('Total').waitFor();
  const texasTotal = await sheet.locator('.wallet-total dd').textContent();
  // Portland, Oregon: no sales tax; the sheet asks the shop again and shows the new total.
  await sheet.getByLabel('Ship to').selectOption({ index: 1 });
  await sheet.getByRole('button', { name: /^Pay \$/ }).waitFor();
  await page.waitForFunction((shown) => document.querySelector('.wallet-total dd')?.textContent !== shown, texasTotal);
  const rows = await sheet.locator('.wallet-sheet > div').allTextContents();
  expect(rows.find((row) => row.startsWith('Tax'))).toBe('Tax$0.00');
  const total = (await sheet.locator('.wallet-total dd').textContent())!;
  expect(total).not.toBe(texasTotal);
  expect(await axeViolations(page, 'the test wallet sheet', '[role=dialog]')).toEqual([]);
  await shot(page, 'wallet-sheet-390');
  await sheet.getByRole('button', { name: `Pay ${total}` }).click();

  // The card step records the order and thanks the shopper; then the confirmation page.
  await page.getByRole('heading', { name: 'Thank you for your order!' }).waitFor();
  const orderNumber = (await page.locator('.order-number').textContent())!.replace('#', '');
  await page.waitForURL('**/orderconfirmation');
  await shot(page, 'wallet-confirmation-390');
  expect(alerts).toEqual([]);
  await context.close();

  const { order } = await adminOrder(orderNumber);
  expect(order.shippingAddress).toMatchObject({
    name: 'Wanda Wallet',
    email: 'wanda.wallet@example.com',
    line1: '1 SW Main St',
    city: 'Portland',
    state: 'OR',
    zip: '97204',
    phone: '5035550199',
  });
  expect(`$${(order.amounts.total / 100).toFixed(2)}`).toBe(total);
  expect(order.payments).toEqual([expect.objectContaining({ method: 'card', amount: order.amounts.total })]);
  expect(await candlesLeft()).toBe(before - 2);
});

it('a declined wallet card: the alert, then the message beside the wallet buttons at 390 and 1280; nothing taken', async () => {
  for (const viewport of ['phone', 'desktop'] as const) {
    const before = await candlesLeft();
    const { context, page, alerts, sheet } = await openTestWallet(viewport);
    await sheet.getByLabel('Pay with').selectOption({ label: 'Visa ending 0002 (declined)' });
    await sheet.getByRole('button', { name: /^Pay \$/ }).click();
    const message = 'Payment failed: Your card was declined.';
    await page.getByRole('alert').filter({ hasText: message }).waitFor();
    expect(alerts).toEqual([message]);
    expect(await sheet.count()).toBe(0);
    await page.getByRole('heading', { name: 'Your Cart' }).waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(viewport === 'phone' ? 390 : 1280);
    await shot(page, `wallet-declined-${viewport === 'phone' ? 390 : 1280}`);
    expect(await candlesLeft()).toBe(before);
    await context.close();
  }
});
