import type { Browser } from 'playwright-core';
import { STOCK_ALERT_MESSAGES as WORDS } from '../shared/messages';
import { adminToken, axeViolations, launch, newPage, shopUrl, shot, signInAsAdmin, until } from './browser';

/**
 * Back-in-stock in Chromium (issue 27 items 5-7): a shopper on a phone asks to be emailed about a sold-out candle, the
 * owner sees the request and restocks in the admin, and within the send-mails job's minute the mail is in the SES
 * stand-in's outbox with the product's link, which opens the product, buyable again.
 */
let browser: Browser;
const id = { value: '' };
const name = 'Restock Journey Candle';
const email = `restock-${Date.now()}@example.com`;

interface OutboxMail {
  to: string[];
  subject: string;
  text: string;
}
const outbox = async () =>
  ((await fetch(`${shopUrl()}/ses/outbox`).then((r) => r.json())) as { mails: OutboxMail[] }).mails;

beforeAll(async () => {
  browser = await launch();
  // A candle of its own, sold out (no other browser test looks at it).
  const photo = (await fetch(`${shopUrl()}/api/products/harvest-spice-candle`).then((r) => r.json())).photos[0]
    .src as string;
  const made = await fetch(`${shopUrl()}/api/admin/products`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await adminToken()}` },
    body: JSON.stringify({
      name,
      description: 'Poured for the restock journey.',
      price: 2100,
      tag: 'candles',
      image: photo,
      stock: { CANDLE: 0 },
    }),
  });
  expect(made.status).toBe(201);
  id.value = ((await made.json()) as { id: string }).id;
});
afterAll(async () => {
  await browser?.close();
});

it('a shopper on a phone asks for a sold-out size, the owner restocks, and the one mail arrives with the product link', async () => {
  // The shopper, on a phone.
  const phone = await newPage(browser, 'phone');
  await phone.page.goto(`/product/${id.value}`);
  const box = phone.page.getByRole('region', { name: WORDS.heading });
  await box.waitFor();
  expect(await phone.page.getByRole('button', { name: 'Sold out' }).isDisabled()).toBe(true);
  await box.getByLabel('Email').fill(email);
  await shot(phone.page, 'stock-alerts-1-phone-form');
  expect(await axeViolations(phone.page, 'product page with the restock box (phone)')).toEqual([]);
  await box.getByRole('button', { name: WORDS.button }).click();
  await box.getByText(WORDS.subscribed(email, name)).waitFor();
  await shot(phone.page, 'stock-alerts-2-phone-asked');

  // The owner sees the request, and restocks the candle in the admin.
  const owner = await newPage(browser, 'desktop');
  await signInAsAdmin(owner.page);
  await owner.page.goto('/admin');
  const tile = owner.page.getByRole('heading', { name: WORDS.tileHeading }).locator('xpath=ancestor::li');
  expect(Number(await tile.locator('.figure').textContent())).toBeGreaterThanOrEqual(1);
  await tile.getByRole('link', { name: WORDS.tileLink }).click();
  await owner.page.waitForURL('**/admin/stock-alerts');
  const row = owner.page.getByTestId(`demand-${id.value}-CANDLE`);
  await row.waitFor();
  expect(await row.textContent()).toContain('Sold out');
  await shot(owner.page, 'stock-alerts-3-admin-requests');
  expect(await axeViolations(owner.page, '/admin/stock-alerts')).toEqual([]);
  await row.getByRole('link', { name: 'Product counts' }).click();
  await owner.page.waitForURL(`**/admin/products?id=${id.value}`);
  const productRow = owner.page.getByTestId(`row-${id.value}`);
  await productRow.getByLabel('CANDLE count').fill('3');
  await productRow.getByRole('button', { name: 'Save' }).click();
  await owner.page.getByText(`Saved ${name}.`).waitFor();

  // The send-mails job runs every minute: the alert is in the outbox within it (two runs at most).
  const mail = await until(
    async () => (await outbox()).find((m) => m.to.includes(email) && m.subject === WORDS.subject(name)),
    undefined,
    150_000,
    2_000,
  );
  expect(mail!.text).toContain(WORDS.back(name));
  const link = /See it in the shop: (\S+)/.exec(mail!.text)![1];
  expect(new URL(link).pathname).toBe(`/product/${id.value}`);
  expect(mail!.text).toContain('Why you got this mail: You asked us on ');

  // The link opens the product on the phone, buyable again; the box is gone, and so is the request.
  await phone.page.goto(new URL(link).pathname);
  await phone.page.getByRole('button', { name: 'Add to Cart' }).waitFor();
  expect(await phone.page.getByRole('region', { name: WORDS.heading }).count()).toBe(0);
  await owner.page.goto('/admin/stock-alerts');
  await owner.page.getByRole('heading', { name: WORDS.adminTitle }).waitFor();
  await owner.page.waitForLoadState('networkidle');
  expect(await owner.page.getByTestId(`demand-${id.value}-CANDLE`).count()).toBe(0);
  // One mail, however many runs went by.
  expect((await outbox()).filter((m) => m.to.includes(email))).toHaveLength(1);
  await phone.context.close();
  await owner.context.close();
}, 240_000);

it('the restock box and the requests page at 390 and 1280 wide', async () => {
  // Someone waits for the demo's sold-out tumbler size: the requests page has a row to show.
  const asked = await fetch(`${shopUrl()}/api/stock-alerts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ productId: 'cocoa-tumbler', size: '24oz', email: `tumbler-${Date.now()}@example.com` }),
  });
  expect(asked.status).toBe(200);
  for (const viewport of ['phone', 'desktop'] as const) {
    const { context, page } = await newPage(browser, viewport);
    // The demo's sold-out tumbler size: the box with the size buttons.
    await page.goto('/product/cocoa-tumbler');
    const box = page.getByRole('region', { name: WORDS.heading });
    await box.waitFor();
    expect(await box.getByRole('radio', { name: '24oz' }).isChecked()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shot(page, `stock-alerts-${viewport}-tumbler`);
    await signInAsAdmin(page);
    await page.goto('/admin/stock-alerts');
    await page.getByTestId('demand-cocoa-tumbler-24oz').waitFor();
    expect(await page.getByTestId('demand-cocoa-tumbler-24oz').textContent()).toContain('Hot Cocoa Tumbler');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shot(page, `stock-alerts-${viewport}-admin`);
    await context.close();
  }
});
