import type { Browser, Request } from 'playwright-core';
import { SHOP_TIME_ZONE } from '../shared/format';
import { DROP_MESSAGES } from '../shared/messages';
import { adminToken, axeViolations, launch, newPage, shopUrl, shot, until } from './browser';

/**
 * Issue 57 on a phone (docs/decisions/0181): a drop with a line, starting at the next whole minute (the owner's form
 * takes minutes). Before the start its product page counts down from its first HTML with no call to the API; at the
 * start it joins the line by itself, shows an honest place (20 buyers joined first, so this one waits), is let in,
 * and the buyer adds the candle to the cart and pays for it as a guest.
 */
jest.setTimeout(240_000);

let browser: Browser;
let productId = '';
let startsAt = '';
const admin = async () => ({ 'content-type': 'application/json', authorization: `Bearer ${await adminToken()}` });

/** A time in the shop's time zone as the drop form takes it ("2026-12-04T12:00"). */
const shopTime = (at: number) =>
  new Date(at).toLocaleString('sv-SE', { timeZone: SHOP_TIME_ZONE }).slice(0, 16).replace(' ', 'T');

beforeAll(async () => {
  browser = await launch();
  const photo = (await fetch(`${shopUrl()}/api/products/frosted-pine-candle`).then((r) => r.json())).photos[0].src;
  const created = await fetch(`${shopUrl()}/api/admin/products`, {
    method: 'POST',
    headers: await admin(),
    body: JSON.stringify({
      name: `Midnight Drop Candle ${Date.now()}`,
      description: 'One night only.',
      price: 3900,
      tag: 'candles',
      image: photo,
      stock: { CANDLE: 30 },
    }),
  });
  expect(created.status).toBe(201);
  productId = ((await created.json()) as { id: string }).id;
  // The next whole minute at least 25 s away: time to load the page and see the countdown before it.
  const start = Math.ceil((Date.now() + 25_000) / 60_000) * 60_000;
  const drop = await fetch(`${shopUrl()}/api/admin/drops/${encodeURIComponent(productId)}`, {
    method: 'PUT',
    headers: await admin(),
    body: JSON.stringify({ sizes: ['CANDLE'], startsAt: shopTime(start), limit: 1, line: true }),
  });
  expect(drop.status).toBe(200);
  startsAt = ((await drop.json()) as { startsAt: string }).startsAt;
  expect(Date.parse(startsAt)).toBe(start);
});
afterAll(async () => {
  await browser?.close();
});

it('on a phone: the countdown with no API call before the start, then the line, then a paid order', async () => {
  const { context, page } = await newPage(browser, 'phone');
  const apiCalls: { url: string; at: number }[] = [];
  const isApi = (request: Request) => /^\/(api|auth)\//.test(new URL(request.url()).pathname);
  page.on('request', (request) => {
    if (isApi(request)) apiCalls.push({ url: request.url(), at: Date.now() });
  });

  // Before the start: the first HTML holds the start and the time left, and the app counts down from it.
  const answer = await page.goto(`/product/${encodeURIComponent(productId)}`);
  expect(answer?.headers()['cache-control']).toMatch(/^public, max-age=0, s-maxage=(\d|[12]\d|30)$/);
  expect(await answer?.text()).toContain('class="drop-countdown"');
  const timer = page.getByRole('timer', { name: DROP_MESSAGES.countdownLabel });
  const first = await timer.textContent();
  expect(first).toMatch(/^Starts in \d\d:\d\d$/);
  // It runs in the browser: the text changes with no reload.
  await until(async () => (await timer.textContent()) !== first, true);
  expect(apiCalls).toEqual([]);
  await expect(page.getByRole('button', { name: 'Add to Cart' }).count()).resolves.toBe(0);
  expect(await axeViolations(page, 'drop countdown')).toEqual([]);
  await shot(page, 'drop-phone-1-countdown');

  // 40 buyers join the line before this phone does (the API takes a place before the start; the page asks for one
  // only from the start), so the phone stands behind them.
  for (let i = 0; i < 40; i++) {
    const joined = await fetch(`${shopUrl()}/api/drops/${encodeURIComponent(productId)}/line`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(joined.status).toBe(200);
  }
  expect(Date.now()).toBeLessThan(Date.parse(startsAt));
  await until(() => Date.now() >= Date.parse(startsAt), true, 120_000, 200);
  // Not one call to the API from the page before the start.
  expect(apiCalls.filter((call) => call.at < Date.parse(startsAt))).toEqual([]);

  // At the start the page joins by itself; its place is read out politely, and it moves on as the line says.
  const status = page.locator('.drop-line [role="status"]');
  expect(await status.getAttribute('aria-live')).toBe('polite');
  const place = await until(async () => {
    const text = (await status.textContent()) ?? '';
    return /You're number \d+ in line\.|It's your turn/.test(text) ? text : '';
  });
  const token = await page.evaluate(() => sessionStorage.getItem('drop-line'));
  expect(token).toContain(productId);
  await shot(page, 'drop-phone-2-line');
  await status.getByText(DROP_MESSAGES.letIn).waitFor({ timeout: 60_000 });
  expect(await page.getByRole('heading', { name: DROP_MESSAGES.lineHeading }).count()).toBe(1);
  expect(apiCalls.some((call) => call.url.includes(`/api/drops/`))).toBe(true);
  expect(await axeViolations(page, 'drop line')).toEqual([]);
  await shot(page, 'drop-phone-3-let-in');

  // Let in: the candle goes into the cart and is paid for as a guest.
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page.getByText('is in your cart').waitFor();
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await page.fill('input[name=name]', 'Dee Dropper');
  await page.fill('input[name=email]', `dropper-${Date.now()}@example.com`);
  await page.fill('input[name=line1]', '1 Main St');
  await page.fill('input[name=city]', 'Springfield');
  await page.fill('input[name=state]', 'Illinois');
  await page.fill('input[name=zip]', '62701');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('Test mode').waitFor();
  await page.fill('input[autocomplete=cc-number]', '4242424242424242');
  await page.fill('input[autocomplete=cc-exp]', '12/40');
  await page.fill('input[autocomplete=cc-csc]', '123');
  await page.click('button:has-text("Pay")');
  await page.waitForURL('**/orderconfirmation');
  const orderNumber = (await page.getByTestId('order-number').textContent())!;
  expect(orderNumber).toMatch(/^#\d+$/);
  await shot(page, 'drop-phone-4-paid');
  // The place is used: forgotten, and one unit fewer in the drop (the owner's one number).
  expect(await page.evaluate(() => sessionStorage.getItem('drop-line'))).toBeNull();
  const view = (await fetch(`${shopUrl()}/api/admin/drops/${encodeURIComponent(productId)}`, {
    headers: await admin(),
  }).then((r) => r.json())) as { sizes: { units: number; taken: number; sumHolds: boolean }[] };
  expect(view.sizes[0]).toMatchObject({ units: 29, taken: 1, sumHolds: true });
  // Its first answer: a place behind the 40 (less those let in by then), or in, had the line let all 41 in already.
  expect(place).toMatch(/^You're number \d+ in line\. Less than a minute\.|^It's your turn/);
  await context.close();
});
