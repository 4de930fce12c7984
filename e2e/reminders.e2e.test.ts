import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { adminToken, axeViolations, launch, newPage, shopUrl, shot, signInAsAdmin, until, VIEWPORTS } from './browser';

/**
 * Issue 27 items 1-4 in Chromium: a guest leaves at the card step, the reminder arrives in /ses/outbox a minute later
 * (the owner's delay set to 1), its link brings the cart and the shipping details back on a phone (a fresh browser),
 * the guest pays, and the dashboard counts the recovered order. Then the mail's unsubscribe link, and a changed
 * restore link, on a phone and a desktop. Screenshots: test-results/screenshots/reminders-*.png.
 */
jest.setTimeout(300_000);

interface OutboxMail {
  to: string[];
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
}

let browser: Browser;
let token: string;
const settings = (reminderDelayMinutes: number) =>
  fetch(`${shopUrl()}/api/admin/settings`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ reminderDelayMinutes }),
  });

beforeAll(async () => {
  browser = await launch();
  token = await adminToken();
  expect((await settings(1)).status).toBe(200);
});
afterAll(async () => {
  // Back to the default, so no other journey's checkout is reminded.
  await settings(60);
  await browser?.close();
});

/** Waits for the reminder to `email` in the SES stand-in's outbox (the send-mails job runs every 15 s here). */
async function reminderTo(email: string, timeoutMs = 150_000): Promise<OutboxMail> {
  const reminder = async () =>
    ((await fetch(`${shopUrl()}/ses/outbox`).then((r) => r.json())) as { mails: OutboxMail[] }).mails.find(
      (mail) => mail.to.includes(email) && mail.subject === 'Your cart is waiting for you',
    );
  return (await until(reminder, undefined, timeoutMs, 1_000))!;
}

const linkIn = (text: string, path: string) =>
  new URL(new RegExp(`https?://\\S+${path.replace('/', '\\/').replace('?', '\\?')}\\S+`).exec(text)![0]);

test('a guest leaves at the card step, the reminder arrives, its link brings the cart back on a phone, the guest pays, and the dashboard counts the recovered order', async () => {
  const email = `left-${randomUUID().slice(0, 8)}@example.com`;
  const address = { name: 'Rita Returner', email, line1: '9 Elm St', city: 'Portland', state: 'Maine', zip: '04101' };
  const product = (await fetch(`${shopUrl()}/api/products/lemonade-tumbler`).then((r) => r.json())) as {
    id: string;
    name: string;
    image: string;
    price: number;
  };

  // A desktop browser: the cart, the shipping step, the card step; then the guest leaves.
  const desktop = await newPage(browser, 'desktop');
  await desktop.page.goto('/');
  await desktop.page.evaluate((line) => localStorage.setItem('cart', JSON.stringify([line])), {
    id: product.id,
    name: product.name,
    image: product.image,
    price: product.price,
    size: '20oz',
    quantity: 2,
  });
  await desktop.page.goto('/cart');
  await desktop.page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await desktop.page.waitForURL('**/cart/shipping');
  expect(await desktop.page.locator('#email-use').textContent()).toMatch(/at most one reminder about your cart/);
  for (const [name, value] of Object.entries(address)) await desktop.page.fill(`input[name=${name}]`, value);
  await desktop.page.getByRole('button', { name: 'Next' }).click();
  await desktop.page.waitForURL('**/cart/payment');
  await desktop.page.getByRole('button', { name: /^Pay / }).waitFor();
  await desktop.context.close();

  // A minute later the reminder is in the outbox: the cart now, the link back, why, unsubscribe, the postal address.
  const mail = await reminderTo(email);
  expect(mail.text).toContain(`2 x ${product.name} (20oz): $${((product.price * 2) / 100).toFixed(2)}`);
  expect(mail.text).toMatch(/Why you got this mail: you typed this address at the checkout of Seasonal Shop/);
  expect(mail.text).toMatch(/demo address: set SHOP_POSTAL_ADDRESS/);
  expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  // The mail as a mail program shows it (its HTML part, with the photo), kept as a screenshot to look at.
  const reader = await newPage(browser, 'phone');
  await reader.page.goto('/');
  // The app started (it took over the static shell) before the page is replaced by the mail: a start still on its way
  // would look for #root in the mail's page (the page error "reading 'hasAttribute'").
  await reader.page.locator('#root:not([data-shell])').waitFor();
  await reader.page.setContent(
    `<!doctype html><meta name="viewport" content="width=device-width"><body style="font-family:sans-serif;padding:12px">${mail.html}</body>`,
  );
  await reader.page
    .locator('img')
    .first()
    .evaluate((img: HTMLImageElement) =>
      img.complete ? null : new Promise((resolve) => img.addEventListener('load', resolve)),
    );
  await shot(reader.page, 'reminders-phone-0-the-mail');
  await reader.context.close();

  // The link on a phone: a fresh browser, nothing of the first one. The cart and the shipping step are filled in.
  const restore = linkIn(mail.text, '/cart/restore?token=');
  const phone = await newPage(browser, 'phone');
  await phone.page.goto(`${restore.pathname}${restore.search}`);
  await phone.page.waitForURL('**/cart/shipping');
  await phone.page.getByText('Your cart and shipping details are back.').waitFor();
  const typed = await phone.page.evaluate(() =>
    Object.fromEntries(
      [
        ...document.querySelectorAll<HTMLInputElement>(
          'form[aria-label="Shipping details"] input:not([type=checkbox]):not([type=radio])',
        ),
      ].map((input) => [input.name, input.value]),
    ),
  );
  expect(typed).toEqual(address);
  const cart = await phone.page.evaluate(
    () => JSON.parse(localStorage.getItem('cart') ?? '[]') as { id: string; size: string; quantity: number }[],
  );
  expect(cart.map(({ id, size, quantity }) => ({ id, size, quantity }))).toEqual([
    { id: product.id, size: '20oz', quantity: 2 },
  ]);
  await shot(phone.page, 'reminders-phone-1-restored-shipping-step');
  const problems = await axeViolations(phone.page, '/cart/shipping after a restore on a phone');

  await phone.page.getByRole('button', { name: 'Next' }).click();
  await phone.page.waitForURL('**/cart/payment');
  await phone.page.fill('input[autocomplete=cc-number]', '4242 4242 4242 4242');
  await phone.page.fill('input[autocomplete=cc-exp]', '12/40');
  await phone.page.fill('input[autocomplete=cc-csc]', '123');
  await phone.page.getByRole('button', { name: /^Pay / }).click();
  await phone.page.waitForURL('**/orderconfirmation');
  const orderNumber = (await phone.page.getByTestId('order-number').textContent())?.trim();
  expect(orderNumber).toMatch(/^#\d{4,}$/);
  // The same link again: the cart was bought, and the page says so plainly.
  await phone.page.goto(`${restore.pathname}${restore.search}`);
  await phone.page.getByRole('heading', { name: 'This cart was bought already' }).waitFor();
  // Under it, what that means, not the heading again.
  expect(await phone.page.getByRole('alert').textContent()).toBe(
    'The order confirmation is in your mail. Nothing was added to your cart.',
  );
  await shot(phone.page, 'reminders-phone-2-link-after-buying');
  await phone.context.close();

  // The owner's dashboard counts the reminder and the recovered order (desktop).
  const owner = await newPage(browser, 'desktop');
  await signInAsAdmin(owner.page);
  await owner.page.goto('/admin');
  const tile = owner.page.locator('li.card', { has: owner.page.getByRole('heading', { name: 'Cart reminders' }) });
  await tile.waitFor();
  const figures = (await fetch(`${shopUrl()}/api/admin/dashboard`, {
    headers: { authorization: `Bearer ${token}` },
  }).then((r) => r.json())) as {
    reminders: { delayMinutes: number; today: { sent: number; recovered: number; revenue: number } };
  };
  expect(figures.reminders.delayMinutes).toBe(1);
  expect(figures.reminders.today.sent).toBeGreaterThanOrEqual(1);
  expect(figures.reminders.today.recovered).toBeGreaterThanOrEqual(1);
  expect(await tile.textContent()).toMatch(/Today: \d+ sent · [1-9]\d* recovered/);
  expect(await tile.textContent()).toContain('Now: 1 minute');
  await shot(owner.page, 'reminders-desktop-3-dashboard');
  problems.push(...(await axeViolations(owner.page, '/admin with the reminder tile')));
  await owner.context.close();
  expect(problems).toEqual([]);

  // The mail's unsubscribe link: one click, a clear page (a phone and a desktop).
  const unsubscribe = linkIn(mail.text, '/unsubscribe?token=');
  for (const viewport of Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[]) {
    const { context, page } = await newPage(browser, viewport);
    await page.goto(`${unsubscribe.pathname}${unsubscribe.search}`);
    await page.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
    expect(await page.getByRole('status').textContent()).toBe(
      `${email.slice(0, 2)}•••@example.com will get no more cart reminders or back-in-stock alerts from us.`,
    );
    await shot(page, `reminders-${viewport}-4-unsubscribed`);
    expect(await axeViolations(page, `/unsubscribe on ${viewport}`)).toEqual([]);
    // The List-Unsubscribe address opened in a browser (a mail client without one-click) comes to the same page.
    const listUnsubscribe = new URL(/^<(.+)>$/.exec(mail.headers!['List-Unsubscribe'])![1]);
    await page.goto(`${listUnsubscribe.pathname}${listUnsubscribe.search}`);
    await page.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/unsubscribe');
    // A changed restore link: a clear page, nothing filled in.
    const changed = restore.searchParams.get('token')!.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
    await page.goto(`/cart/restore?token=${encodeURIComponent(changed)}`);
    await page.getByRole('heading', { name: 'This link to your cart did not work' }).waitFor();
    // Nothing put in this browser's cart (the app keeps an empty cart as [] once it has started).
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]') as unknown[])).toEqual([]);
    await shot(page, `reminders-${viewport}-5-changed-link`);
    expect(await axeViolations(page, `/cart/restore with a changed link on ${viewport}`)).toEqual([]);
    await context.close();
  }
});
