import type { Browser, Page } from 'playwright-core';
import { MESSAGES } from '../shared/messages';
import { computeAmounts, formatPrice } from '../shared/money';
import { launch, newPage, shopUrl, shot, until, VIEWPORTS } from './browser';

/** Guest checkout in Chromium against the local stack, on a phone and a desktop viewport. */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const TEE = { id: 'pumpkin-patch-tee', name: 'Pumpkin Patch Tee', image: '/images/products/pumpkin-patch-tee.svg', price: 1, size: 'M', quantity: 2, stockRef: 'TEE-CLASSIC' };

async function fillShipping(page: Page) {
  await page.fill('input[name=name]', 'Ada Buyer');
  await page.fill('input[name=email]', 'ada@example.com');
  await page.fill('input[name=line1]', '1 Main St');
  await page.fill('input[name=city]', 'Springfield');
  await page.fill('input[name=state]', 'Illinois');
  await page.fill('input[name=zip]', '62701');
}

async function payWith(page: Page, number: string) {
  await page.fill('input[autocomplete=cc-number]', number);
  await page.fill('input[autocomplete=cc-exp]', '12/40');
  await page.fill('input[autocomplete=cc-csc]', '123');
  await page.click('button:has-text("Pay")');
}

describe.each(Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[])('guest checkout on %s', (viewport) => {
  it('a declined card shows the failure alert; 4242 then lands on /orderconfirmation with the stored order number', async () => {
    const { context, page } = await newPage(browser, viewport);
    const alerts: string[] = [];
    page.on('dialog', async (dialog) => {
      alerts.push(dialog.message());
      await dialog.accept();
    });
    await page.goto('/');
    await page.evaluate((line) => localStorage.setItem('cart', JSON.stringify([line])), TEE);
    await page.goto('/cart');
    await page.getByRole('heading', { name: 'Order Details' }).waitFor();
    await shot(page, `checkout-${viewport}-1-cart`);
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await fillShipping(page);
    await page.fill('input[name=state]', 'Narnia');
    await page.getByRole('button', { name: 'Next' }).click();
    await until(() => alerts.at(-1), MESSAGES.invalidCheckoutState);
    await page.fill('input[name=state]', 'Illinois');
    await shot(page, `checkout-${viewport}-2-shipping`);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Test mode').waitFor();
    // The server priced the tee ($24.99 x 2 + $5.99 shipping + Illinois tax), not the cart's $0.01.
    const expected = formatPrice(computeAmounts([{ price: 2499, quantity: 2 }], 'IL').total);
    expect(expected).toBe('$59.47');
    await expect(page.getByRole('button', { name: /^Pay / }).textContent()).resolves.toBe(`Pay ${expected}`);
    await shot(page, `checkout-${viewport}-3-payment`);

    await payWith(page, '4000 0000 0000 0002');
    await until(() => alerts.at(-1), MESSAGES.paymentFailed('Your card was declined.'));
    expect(page.url()).toMatch(/\/cart$/);

    await payWith(page, '4242 4242 4242 4242');
    await page.getByRole('dialog').getByText('Thank you for your order!').waitFor();
    await page.waitForURL('**/orderconfirmation');
    const orderNumber = await page.getByTestId('order-number').textContent();
    expect(orderNumber).toMatch(/^pi_/);
    expect(await page.evaluate(() => localStorage.getItem('cart'))).toBe('[]');
    await shot(page, `checkout-${viewport}-4-confirmation`);

    const pending = await fetch(`${shopUrl()}/api/products/pumpkin-patch-tee`).then((r) => r.json());
    expect(pending.sizes.find((s: { size: string }) => s.size === 'M').available).toBeLessThan(20);
    await context.close();
  });
});
