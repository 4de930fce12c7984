import type { Browser, Page } from 'playwright-core';
import { CART_MESSAGES, STOCK_MESSAGES } from '../shared/messages';
import { axeViolations, collectAlerts, launch, newPage, shopUrl, shot, until, VIEWPORTS } from './browser';

/**
 * Issue 26 in Chromium, on a phone and a desktop: the checkout's steps are addresses the browser knows (reload, Back,
 * Forward), the cart reads like a shop's, 12 typed shows the limit, and a sold-out product's card says so.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const viewports = Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[];
const product = async (id: string) => (await fetch(`${shopUrl()}/api/products/${id}`).then((r) => r.json())) as { id: string; name: string; image: string; price: number };
const lineOf = async (id: string, size: string, quantity: number) => ({ ...(({ id, name, image, price }) => ({ id, name, image, price }))(await product(id)), size, quantity });

const ADDRESS = { name: 'Ada Buyer', email: 'ada@example.com', line1: '1 Main St', city: 'Springfield', state: 'Illinois', zip: '62701' };
const typed = (page: Page) => page.evaluate(() => Object.fromEntries([...document.querySelectorAll<HTMLInputElement>('form[aria-label="Shipping details"] input')].map((input) => [input.name, input.value])));
const path = (page: Page) => new URL(page.url()).pathname;

describe.each(viewports)('on %s', (viewport) => {
  it('reload keeps each step and the typed address; Back from the card step shows the shipping step with its values; Back after paying never reaches the card step', async () => {
    const { context, page } = await newPage(browser, viewport);
    const alerts = collectAlerts(page);
    await page.goto('/');
    // A product no other browser test buys or counts (the suite's files share one shop).
    const rest = await lineOf('mountain-keyboard-rest', 'CANDLE', 1);
    await page.evaluate((line) => localStorage.setItem('cart', JSON.stringify([line])), rest);
    await page.goto('/cart');
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL('**/cart/shipping');
    for (const [name, value] of Object.entries(ADDRESS)) await page.fill(`input[name=${name}]`, value);

    // The phone reloads the tab (switching apps to find the card): the same step, with what was typed.
    await page.reload();
    await page.getByRole('heading', { name: 'Shipping Details' }).waitFor();
    expect(await typed(page)).toEqual(ADDRESS);
    await shot(page, `steps-${viewport}-1-shipping-after-reload`);
    const problems = await axeViolations(page, `/cart/shipping on ${viewport}`);

    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL('**/cart/payment');
    const pay = await page.getByRole('button', { name: /^Pay / }).textContent();
    await page.fill('input[autocomplete=cc-number]', '4242 4242 4242 4242');
    await page.reload();
    await page.getByText('Test mode').waitFor();
    expect(path(page)).toBe('/cart/payment');
    expect(await page.getByRole('button', { name: /^Pay / }).textContent()).toBe(pay);
    // Never the card: the field is empty after the reload, and nothing in the tab's storage holds it.
    expect(await page.inputValue('input[autocomplete=cc-number]')).toBe('');
    expect(await page.evaluate(() => JSON.stringify({ ...sessionStorage, ...localStorage }))).not.toMatch(/4242/);

    // The browser's Back: the shipping step with its values; Forward: the card step again.
    await page.goBack();
    await page.getByRole('heading', { name: 'Shipping Details' }).waitFor();
    expect(path(page)).toBe('/cart/shipping');
    expect(await typed(page)).toEqual(ADDRESS);
    await page.goForward();
    await page.getByText('Test mode').waitFor();
    await shot(page, `steps-${viewport}-2-payment-after-back-and-forward`);
    problems.push(...(await axeViolations(page, `/cart/payment on ${viewport}`)));
    expect(problems).toEqual([]);

    await page.fill('input[autocomplete=cc-number]', '4242 4242 4242 4242');
    await page.fill('input[autocomplete=cc-exp]', '12/40');
    await page.fill('input[autocomplete=cc-csc]', '123');
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL('**/orderconfirmation');
    await page.getByTestId('order-number').waitFor();
    // Back after paying: the card step is gone from history (the confirmation replaced it) and the emptied cart
    // sends the shipping step to the cart; pay is never offered again.
    await page.goBack();
    await page.getByRole('heading', { name: 'Your Cart' }).waitFor();
    expect(path(page)).toBe('/cart');
    expect(await page.getByText(CART_MESSAGES.emptyCart).count()).toBe(1);
    expect(await page.getByRole('button', { name: /^Pay / }).count()).toBe(0);
    // Nothing of the checkout is kept for the tab once paid.
    expect(await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('checkout')))).toEqual([]);
    expect(alerts).toEqual([]);
    await context.close();
  });

  it('a cart of three lines shows line totals and Remove; 12 typed shows the limit; the empty cart says so; a sold-out card says so', async () => {
    const { context, page } = await newPage(browser, viewport);
    const alerts = collectAlerts(page);
    await page.goto('/');
    const lines = [await lineOf('pumpkin-patch-tee', 'M', 9), await lineOf('frosted-pine-candle', 'CANDLE', 2), await lineOf('autumn-leaves-rug', 'CANDLE', 1)];
    await page.evaluate((stored) => localStorage.setItem('cart', JSON.stringify(stored)), lines);
    await page.goto('/cart');
    const rows = page.locator('.cart-line');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(3);
    expect(await page.getByTestId('line-total').allTextContents()).toEqual(['$224.91', '$44.00', '$89.00']);
    expect(await rows.first().getByText(CART_MESSAGES.lineAtLimit(9)).count()).toBe(1);
    // The photo, the name beside it and the line's total sit on one row on a desktop (not stacked under the photo).
    const photo = (await rows.first().locator('img').boundingBox())!;
    const name = (await rows.first().getByRole('link').boundingBox())!;
    const total = (await rows.first().getByTestId('line-total').boundingBox())!;
    expect(name.x).toBeGreaterThan(photo.x + photo.width);
    expect(name.y).toBeLessThan(photo.y + photo.height);
    if (viewport === 'desktop') expect(total.y).toBeLessThan(photo.y + photo.height);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await shot(page, `steps-${viewport}-3-cart-three-lines`);
    expect(await axeViolations(page, `/cart with three lines on ${viewport}`)).toEqual([]);

    await rows
      .nth(1)
      .getByRole('button', { name: /^Remove / })
      .click();
    await until(() => rows.count(), 2);
    await until(async () => (await page.evaluate(() => JSON.parse(localStorage.getItem('cart')!) as { id: string }[])).map((line) => line.id).join(), 'pumpkin-patch-tee,autumn-leaves-rug');

    // 12 typed on a product page: refused, and the page says 9 is the most; nothing was added.
    await page.goto('/product/snowflake-tee');
    await page.selectOption('select[name=size]', 'L');
    await page.fill('input[name=quantity]', '12');
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: CART_MESSAGES.quantityLimit(9) })
      .waitFor();
    expect(await page.getByText('is in your cart').count()).toBe(0);
    await shot(page, `steps-${viewport}-4-quantity-limit`);

    // The empty cart: says so, a way back to the shop, no figures, Proceed disabled.
    await page.goto('/cart');
    await rows.first().waitFor();
    while ((await rows.count()) > 0)
      await rows
        .first()
        .getByRole('button', { name: /^Remove / })
        .click();
    await page.getByText(CART_MESSAGES.emptyCart).waitFor();
    expect(await page.getByRole('link', { name: 'Browse the new releases' }).count()).toBe(1);
    expect(await page.locator('.order-details dl').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Proceed to Checkout' }).isDisabled()).toBe(true);
    await shot(page, `steps-${viewport}-5-empty-cart`);

    // A sold-out product (the demo's Vanilla Snow Candle has none) says so on its category card.
    await page.goto('/product-list/candles');
    const card = page.getByRole('link', { name: /Vanilla Snow Candle/ });
    await card.getByText(STOCK_MESSAGES.soldOut).waitFor();
    expect(
      await page
        .getByRole('link', { name: /Harvest Spice Candle/ })
        .getByText(STOCK_MESSAGES.soldOut)
        .count(),
    ).toBe(0);
    await shot(page, `steps-${viewport}-6-sold-out-card`);
    expect(await axeViolations(page, `/product-list/candles with a sold-out card on ${viewport}`)).toEqual([]);
    expect(alerts).toEqual([]);
    await context.close();
  });
});
