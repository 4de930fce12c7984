import type { Browser } from 'playwright-core';
import { LABEL_WORDS } from '../shared/labels';
import { SHIPPING_WORDS } from '../shared/shipping';
import { adminToken, axeViolations, launch, mailTo, newPage, shopUrl, shot, signInAsAdmin, until } from './browser';

/**
 * Issue 53 on a phone, against the whole local stack and its EasyPost stand-in (which the shop's `@easypost/api` client
 * talks to): the owner has calculated rates on; a guest chooses a USPS rate at the shipping step, sees it priced on the
 * card step and pays (the order's details beside the shipping step follow the choice); the owner buys that rate's label from the order's page (pressing twice), opens its 4x6 PDF, and
 * ships with the tracking number the label filled in; the customer's "on its way" mail names it.
 */
jest.setTimeout(240_000);

let browser: Browser;
let settingsBefore: unknown;
const product = { id: '', name: `Parcel Journey Candle ${Date.now()}`, price: 2400 };
const admin = async () => ({ 'content-type': 'application/json', authorization: `Bearer ${await adminToken()}` });
const SHIP_FROM = {
  name: 'Seasonal Shop',
  street1: '100 Congress Ave',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  phone: '5125550100',
};

beforeAll(async () => {
  browser = await launch();
  const read = await fetch(`${shopUrl()}/api/admin/shipping/settings`, { headers: await admin() });
  expect(read.status).toBe(200);
  settingsBefore = await read.json();
  // Calculated rates on, the flat rate still offered (and still what a shopper gets without choosing: the other
  // journeys sharing this shop keep their $5.99).
  const saved = await fetch(`${shopUrl()}/api/admin/shipping/settings`, {
    method: 'PUT',
    headers: await admin(),
    body: JSON.stringify({
      ...(settingsBefore as object),
      offerFlat: true,
      calculated: true,
      shipFrom: SHIP_FROM,
    }),
  });
  expect(saved.status).toBe(200);
  const photo = (await fetch(`${shopUrl()}/api/products/frosted-pine-candle`).then((r) => r.json())).photos[0].src;
  const created = await fetch(`${shopUrl()}/api/admin/products`, {
    method: 'POST',
    headers: await admin(),
    body: JSON.stringify({
      name: product.name,
      description: 'Ships in its own box.',
      price: product.price,
      tag: 'candles',
      image: photo,
      stock: { CANDLE: 10 },
    }),
  });
  expect(created.status).toBe(201);
  product.id = ((await created.json()) as { id: string }).id;
});
afterAll(async () => {
  if (settingsBefore)
    await fetch(`${shopUrl()}/api/admin/shipping/settings`, {
      method: 'PUT',
      headers: await admin(),
      body: JSON.stringify(settingsBefore),
    });
  await browser?.close();
});

it('on a phone: a USPS rate chosen and paid; the owner buys its label once, prints it and ships', async () => {
  const problems: string[] = [];
  const email = `parcel-${Date.now()}@example.com`;
  const { context, page } = await newPage(browser, 'phone');
  await page.goto('/');
  await page.evaluate((line) => localStorage.setItem('cart', JSON.stringify([line])), {
    id: product.id,
    name: product.name,
    image: '',
    price: product.price,
    size: 'CANDLE',
    quantity: 1,
  });
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await page.getByRole('heading', { name: 'Shipping Details' }).waitFor();
  for (const [name, value] of Object.entries({
    name: 'Pat Parcel',
    email,
    line1: '1 Main St',
    city: 'Springfield',
    state: 'Illinois',
    zip: '62701',
  }))
    await page.fill(`input[name=${name}]`, value);

  // The carrier's rates for this parcel and ZIP, beside the flat rate, which stays chosen until the shopper chooses.
  const ground = page.getByRole('radio', { name: /USPS Ground Advantage/ });
  await ground.waitFor();
  expect(await page.getByRole('radio', { name: new RegExp(`^${SHIPPING_WORDS.flat}`) }).isChecked()).toBe(true);
  const groundRow = page.locator('label.rate', { has: ground });
  const groundPrice = (await groundRow.locator('.rate-price').textContent())!;
  expect(groundPrice).toMatch(/^\$\d+\.\d\d$/);
  expect(await groundRow.locator('.rate-arrival').textContent()).toMatch(/\S/);
  await ground.check();
  expect(await ground.isChecked()).toBe(true);
  // The order's details beside the step follow the choice: its name and price, and its arrival.
  const summary = page.locator('aside.order-details');
  await until(
    async () => (await summary.textContent())?.includes(`Shipping (USPS Ground Advantage)${groundPrice}`),
    true,
  );
  expect(await summary.textContent()).not.toContain('$5.99');
  problems.push(...(await axeViolations(page, 'shipping step with carrier rates')));
  await shot(page, 'shipping-phone-1-rates');
  await page.getByRole('button', { name: 'Next' }).click();

  // The card step prices the chosen rate on the server, and the total adds it.
  await page.getByText('Test mode').waitFor();
  const details = page.locator('aside.order-details');
  await until(async () => (await details.textContent())?.includes(groundPrice) ?? false, true);
  await shot(page, 'shipping-phone-2-card-step');
  await page.fill('input[autocomplete=cc-number]', '4242424242424242');
  await page.fill('input[autocomplete=cc-exp]', '12/40');
  await page.fill('input[autocomplete=cc-csc]', '123');
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL('**/orderconfirmation');
  const label = (await page.getByTestId('order-number').textContent())!;
  const orderNumber = label.slice(1);
  await context.close();

  // The owner, on a phone too: the order's page offers the customer's rate's label.
  const owner = await newPage(browser, 'phone');
  await signInAsAdmin(owner.page);
  await owner.page.goto(`/admin/orders/${orderNumber}`);
  const card = owner.page.getByRole('region', { name: LABEL_WORDS.heading });
  const buy = card.getByRole('button', { name: /^Buy label: USPS Ground Advantage, / });
  await buy.waitFor();
  expect(await buy.textContent()).toBe(`Buy label: USPS Ground Advantage, ${groundPrice}`);
  expect(await card.textContent()).toContain(LABEL_WORDS.paid(Math.round(Number(groundPrice.slice(1)) * 100)));
  // Two quick presses (a double tap): one label.
  await buy.dblclick();
  await card.getByText(/^Bought: USPS Ground Advantage, /).waitFor();
  const tracking = /Tracking: (\S+)/.exec((await card.locator('.label-tracking').textContent())!)![1];
  // The order's page, read again: one label on its timeline.
  const order = await fetch(`${shopUrl()}/api/admin/orders/${orderNumber}`, { headers: await admin() });
  expect((await order.text()).match(/Label bought: /g) ?? []).toHaveLength(1);
  problems.push(...(await axeViolations(owner.page, 'order page with its label')));
  await shot(owner.page, 'shipping-phone-3-label-bought');

  // Print: the label opens as a PDF from a short-lived private link.
  const [pdf] = await Promise.all([
    owner.context.waitForEvent('page'),
    card.getByRole('button', { name: LABEL_WORDS.print }).click(),
  ]);
  await until(() => Promise.resolve(/^https?:\/\//.test(pdf.url()) && !pdf.url().startsWith('about:')), true);
  const file = await fetch(pdf.url());
  expect(file.status).toBe(200);
  expect(
    Buffer.from(await file.arrayBuffer())
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');
  await pdf.close();

  // The ship form is filled from the label; Complete Order ships and mails the customer with the tracking number.
  expect(await owner.page.getByLabel('Tracking number').inputValue()).toBe(tracking);
  await owner.page.getByRole('button', { name: 'Complete Order' }).click();
  await owner.page.getByText(new RegExp(`Shipped with USPS, tracking ${tracking}`)).waitFor();
  const mail = await mailTo(email, /is on its way$/);
  expect(mail.subject).toBe(`Your order ${label} is on its way`);
  expect(mail.text).toContain(tracking);
  await shot(owner.page, 'shipping-phone-4-shipped');
  await owner.context.close();
  expect(problems).toEqual([]);
});
