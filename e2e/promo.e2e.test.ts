import type { Browser, Page } from 'playwright-core';
import { computeAmounts, formatPrice } from '../shared/money';
import { PROMO_MESSAGES } from '../shared/promo';
import { axeViolations, collectAlerts, launch, mailTo, newPage, shopUrl, shot, signInAsAdmin, until } from './browser';

/**
 * Promo codes (issue 13) in Chromium against the local stack: the owner makes a code on the admin page (desktop),
 * a guest on a phone applies it in the cart's Order Details and sees the discount on the card step, the
 * confirmation page and in the mail; the admin page then counts the use. Axe on the admin page and the cart.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const CANDLE_ID = 'harvest-spice-candle';
const detailRows = (page: Page) => page.$$eval('.order-details dt', (terms) => terms.map((dt) => `${dt.textContent} ${dt.nextElementSibling?.textContent}`));

it('the owner makes a code; a guest on a phone applies it and sees the discount through the card step, the confirmation page and the mail', async () => {
  const code = `E2E-${Date.now().toString(36).toUpperCase()}`;
  const email = `promo-${Date.now()}@example.com`;
  const problems: string[] = [];

  // 1. The owner, on a desktop: the portal's nav links the page; the code is made with a limit of 5 uses.
  const { context: adminContext, page: admin } = await newPage(browser, 'desktop');
  await signInAsAdmin(admin);
  await admin.goto('/admin');
  await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Promo codes' }).click();
  await admin.getByRole('heading', { name: 'Promo codes', level: 1 }).waitFor();
  // A percent over 100 is refused with the field's message.
  await admin.getByLabel('Code', { exact: true }).fill(code.toLowerCase());
  await admin.getByLabel('Percent off (1-100)').fill('150');
  await admin.getByRole('button', { name: 'Make promo code' }).click();
  await admin.getByText('A percent is a whole number from 1 to 100.').first().waitFor();
  await admin.getByLabel('Percent off (1-100)').fill('15');
  await admin.getByLabel('Uses in all (optional)').fill('5');
  await admin.getByRole('button', { name: 'Make promo code' }).click();
  await admin.getByText(`Made ${code}: 15% off your order.`).waitFor();
  const row = admin.locator(`#promo-${code}`);
  await expect(row.textContent()).resolves.toContain('0 / 5');
  problems.push(...(await axeViolations(admin, '/admin/promo-codes')));
  await shot(admin, 'promo-1-admin-desktop');

  // 2. A guest on a phone: a wrong code is told plainly; the right one (any case) shows the discount.
  const { context: guestContext, page: guest } = await newPage(browser, 'phone');
  const alerts = collectAlerts(guest);
  const product = await fetch(`${shopUrl()}/api/products/${CANDLE_ID}`).then((r) => r.json());
  await guest.goto('/');
  await guest.evaluate((line) => localStorage.setItem('cart', JSON.stringify([line])), { id: CANDLE_ID, name: product.name, image: product.image, price: product.price, size: 'CANDLE', quantity: 2 });
  await guest.goto('/cart');
  await guest.getByLabel('Promo code', { exact: true }).fill('NO-SUCH-CODE');
  await guest.getByRole('button', { name: 'Apply' }).click();
  await guest.getByRole('alert').filter({ hasText: PROMO_MESSAGES.unknown }).waitFor();
  await guest.getByLabel('Promo code', { exact: true }).fill(code.toLowerCase());
  await guest.getByRole('button', { name: 'Apply' }).click();
  await guest.getByRole('button', { name: `Remove promo code ${code}` }).waitFor();
  const subtotal = product.price * 2;
  const discount = Math.round((subtotal * 15) / 100);
  expect(await detailRows(guest)).toContain(`Discount (${code}) -${formatPrice(discount)}`);
  problems.push(...(await axeViolations(guest, '/cart with a code')));
  await shot(guest, 'promo-2-cart-phone');

  // 3. The card step: the server's amounts with the discount; the Pay button says the discounted total.
  await guest.getByRole('button', { name: 'Proceed to Checkout' }).click();
  for (const [name, value] of Object.entries({ name: 'Pat Promo', email, line1: '9 Elm St', city: 'Reno', state: 'NV', zip: '89501' })) await guest.fill(`input[name=${name}]`, value);
  await guest.getByRole('button', { name: 'Next' }).click();
  await guest.getByText('Test mode').waitFor();
  const amounts = computeAmounts([{ price: product.price, quantity: 2 }], 'NV', { kind: 'percent', value: 15 });
  expect(amounts.discount).toBe(discount);
  await expect(guest.getByRole('button', { name: /^Pay / }).textContent()).resolves.toBe(`Pay ${formatPrice(amounts.total)}`);
  expect(await detailRows(guest)).toEqual([
    `Subtotal ${formatPrice(subtotal)}`,
    `Discount (${code}) -${formatPrice(discount)}`,
    'Shipping & handling $5.99',
    `Estimated tax ${formatPrice(amounts.tax)}`,
    `Total ${formatPrice(amounts.total)}`,
  ]);
  await shot(guest, 'promo-3-card-step-phone');
  await guest.fill('input[autocomplete=cc-number]', '4242 4242 4242 4242');
  await guest.fill('input[autocomplete=cc-exp]', '12/40');
  await guest.fill('input[autocomplete=cc-csc]', '123');
  await guest.click('button:has-text("Pay")');

  // 4. The confirmation page shows what was paid, discount included.
  await guest.waitForURL('**/orderconfirmation');
  const paid = guest.getByRole('region', { name: 'What you paid' });
  await expect(paid.textContent()).resolves.toContain(`Discount (${code})-${formatPrice(discount)}`);
  await expect(paid.textContent()).resolves.toContain(`Total${formatPrice(amounts.total)}`);
  problems.push(...(await axeViolations(guest, '/orderconfirmation with a discount')));
  await shot(guest, 'promo-4-confirmation-phone');
  const orderNumber = (await guest.getByTestId('order-number').textContent())!;

  // 5. The mail says the same.
  const mail = await mailTo(email, new RegExp(`^Your order ${orderNumber}$`));
  expect(mail.text).toContain(`Discount (${code}): -${formatPrice(discount)}`);
  expect(mail.text).toContain(`Total: ${formatPrice(amounts.total)}`);

  // 6. The owner sees one use of five.
  await admin.reload();
  await until(async () => (await admin.locator(`#promo-${code}`).textContent())?.includes('1 / 5') ?? false, true);
  expect(alerts).toEqual([]);
  expect(problems).toEqual([]);
  await adminContext.close();
  await guestContext.close();
}, 120_000);
