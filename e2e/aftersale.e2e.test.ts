import type { Browser } from 'playwright-core';
import { axeViolations, launch, mailTo, newPage, shopUrl, shot, signInAsAdmin, until } from './browser';

/**
 * After the sale (issue 14) in Chromium against the local stack: a guest buys, the admin ships with tracking,
 * the "on its way" mail links to the carrier and the order-status page, the guest looks the order up there and
 * asks for a replacement, the admin approves it (stock taken) and ships the $0 replacement. Axe on each new page.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const CANDLE = { id: 'harvest-spice-candle', name: 'Harvest Spice Candle', image: '/images/products/harvest-spice-candle.svg', price: 1, size: 'CANDLE', quantity: 2 };
const TRACKING = '1Z999AA10123456784';

const available = async () => (await fetch(`${shopUrl()}/api/products/${CANDLE.id}`).then((r) => r.json())).sizes[0].available as number;

it('a guest buys; the admin ships with tracking; the guest finds the mail, looks the order up and asks for a replacement; the admin approves and ships it', async () => {
  const email = `aftersale-${Date.now()}@example.com`;
  const problems: string[] = [];

  // 1. A guest buys two candles.
  const { context: guestContext, page: guest } = await newPage(browser, 'phone');
  await guest.goto('/');
  await guest.evaluate((line) => localStorage.setItem('cart', JSON.stringify([line])), CANDLE);
  await guest.goto('/cart');
  await guest.getByRole('button', { name: 'Proceed to Checkout' }).click();
  for (const [name, value] of Object.entries({ name: 'Gail Guest', email, line1: '3 Pine Rd', city: 'Reno', state: 'NV', zip: '89501' })) await guest.fill(`input[name=${name}]`, value);
  await guest.getByRole('button', { name: 'Next' }).click();
  await guest.fill('input[autocomplete=cc-number]', '4242 4242 4242 4242');
  await guest.fill('input[autocomplete=cc-exp]', '12/40');
  await guest.fill('input[autocomplete=cc-csc]', '123');
  await guest.getByRole('button', { name: /^Pay / }).click();
  await guest.waitForURL('**/orderconfirmation');
  const orderNumber = (await guest.getByTestId('order-number').textContent())!;
  expect(await guest.getByRole('link', { name: 'order status page' }).getAttribute('href')).toBe(`/order-status?order=${orderNumber}`);

  // 2. The admin sees it on the dashboard and ships it with UPS and a tracking number.
  const { context: adminContext, page: admin } = await newPage(browser, 'desktop');
  await signInAsAdmin(admin);
  // Printing the order's page prints only its packing slip, not the page around it.
  await admin.goto(`/admin/orders/${orderNumber}`);
  await admin.getByRole('button', { name: 'Print packing slip' }).waitFor();
  const slip = admin.locator('.packing-slip');
  expect(await slip.isVisible()).toBe(false);
  await admin.emulateMedia({ media: 'print' });
  expect(await slip.isVisible()).toBe(true);
  expect(await slip.textContent()).toContain(`Order ${orderNumber}`);
  expect(await admin.getByRole('button', { name: 'Complete Order' }).isVisible()).toBe(false);
  expect(await admin.getByRole('heading', { name: `Order ${orderNumber}` }).isVisible()).toBe(false);
  await admin.emulateMedia({ media: 'screen' });
  await admin.goto('/admin');
  await admin.getByRole('heading', { name: 'Waiting to ship' }).waitFor();
  await admin.getByRole('link', { name: 'Orders to ship' }).click();
  const pending = admin.locator('article', { hasText: orderNumber });
  await pending.getByLabel('Carrier').selectOption('UPS');
  await pending.getByLabel('Tracking number').fill(TRACKING);
  await pending.getByRole('button', { name: 'Complete Order' }).click();
  await pending.waitFor({ state: 'detached' });
  await admin.getByText(`Shipped ${orderNumber}; the customer was mailed.`).waitFor();
  await admin.goto(`/admin/orders/${orderNumber}`);
  await admin.getByText(`Shipped with UPS, tracking ${TRACKING}`).waitFor();
  problems.push(...(await axeViolations(admin, 'order detail')));
  await shot(admin, 'aftersale-1-order-detail');

  // 3. The "on its way" mail links to UPS's tracking page and to the order-status page.
  const shipped = await mailTo(email, /is on its way$/);
  expect(shipped.subject).toBe(`Your order ${orderNumber} is on its way`);
  expect(shipped.text).toContain(`Track it: https://www.ups.com/track?tracknum=${TRACKING}`);
  const statusLink = /(http\S+\/order-status\?order=\S+)/.exec(shipped.text)![1];

  // 4. The guest opens the link, gives the email, sees it shipped with the tracking link.
  await guest.goto(statusLink);
  await guest.fill('input[name=email]', 'wrong@example.com');
  await guest.getByRole('button', { name: 'Find my order' }).click();
  await guest.getByText('We could not find an order with that number and email address.').waitFor();
  await guest.fill('input[name=email]', email);
  await guest.getByRole('button', { name: 'Find my order' }).click();
  await guest.getByText('Shipped on').waitFor();
  expect(await guest.getByRole('link', { name: 'Track your parcel' }).getAttribute('href')).toBe(`https://www.ups.com/track?tracknum=${TRACKING}`);
  // Each line shows its product's photo (a JPEG variant that loads, not the photo's bare path).
  const lineImages = guest.locator('.order-view li img');
  expect(await lineImages.count()).toBeGreaterThan(0);
  await until(() => lineImages.evaluateAll((imgs) => (imgs as HTMLImageElement[]).every((img) => img.complete && img.naturalWidth > 0)), true);
  problems.push(...(await axeViolations(guest, 'order status')));
  await shot(guest, 'aftersale-2-order-status');

  // 5. One candle arrived cracked: the guest asks for a replacement of one of the two.
  await guest.getByLabel(/Harvest Spice Candle: how many to replace/).selectOption('1');
  await guest.fill('textarea[name=reason]', 'One jar arrived cracked.');
  await guest.getByRole('button', { name: 'Ask for a replacement' }).click();
  await guest.getByText('Thanks, we received your request').waitFor();
  await guest.getByText('Waiting for review').waitFor();
  await mailTo(email, /^We received your replacement request/);
  problems.push(...(await axeViolations(guest, 'order status with a request')));

  // 6. The admin approves it: one candle is taken from stock and a $0 replacement order waits to ship.
  const before = await available();
  await admin.goto('/admin/replacements');
  const request = admin.locator('article', { hasText: `${orderNumber}_r1` });
  await request.getByText('One jar arrived cracked.').waitFor();
  problems.push(...(await axeViolations(admin, 'replacements')));
  await request.getByRole('button', { name: 'Approve' }).click();
  await admin.getByText(`Approved: replacement order ${orderNumber}_r1 is waiting to ship.`).waitFor();
  expect(await available()).toBe(before - 1);
  await mailTo(email, /is approved$/);
  await admin.goto('/admin/orders/pending');
  const replacement = admin.locator('article', { hasText: `${orderNumber}_r1` });
  await replacement.getByText(`Replacement for ${orderNumber}`).waitFor();
  await replacement.getByLabel('Carrier').selectOption('USPS');
  await replacement.getByLabel('Tracking number').fill('9400100000000000000000');
  await replacement.getByRole('button', { name: 'Complete Order' }).click();
  await replacement.waitFor({ state: 'detached' });
  expect((await mailTo(email, /^Your replacement/)).text).toContain('https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000');

  // 7. The guest sees the request approved; the archive finds the order by email.
  await guest.getByRole('button', { name: 'Find my order' }).click();
  await guest.getByText('Approved').first().waitFor();
  await admin.goto(`/admin/orders/archive?q=${encodeURIComponent(email)}`);
  await admin.getByRole('link', { name: orderNumber, exact: true }).waitFor();
  await shot(admin, 'aftersale-3-archive');
  expect(problems).toEqual([]);
  await guestContext.close();
  await adminContext.close();
});

it('the admin cancels an unshipped order after confirming: refunded, stock back, the customer mailed', async () => {
  const email = `cancel-${Date.now()}@example.com`;
  const post = (path: string, body: unknown) => fetch(`${shopUrl()}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());
  const intent = await post('/auth/create-payment-intent/guest', {
    cart: [{ id: CANDLE.id, size: 'CANDLE', quantity: 1 }],
    shippingAddress: { name: 'Cal Cancel', email, line1: '1 Main St', city: 'Reno', state: 'NV', zip: '89501' },
  });
  await post('/api/test-payments/confirm', { clientSecret: intent.clientSecret, card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' }, billingName: 'Cal', receiptEmail: email });
  await post('/auth/adminOrders/guest', { orderNumber: intent.orderNumber });
  const before = await available();

  const { context, page } = await newPage(browser, 'desktop');
  const dialogs: string[] = [];
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message());
    await (dialogs.length === 1 ? dialog.dismiss() : dialog.accept());
  });
  await signInAsAdmin(page);
  await page.goto(`/admin/orders/${intent.orderNumber}`);
  await page.getByRole('button', { name: 'Cancel order' }).click();
  await until(() => dialogs.length, 1);
  expect(await available()).toBe(before);
  await page.getByRole('button', { name: 'Cancel order' }).click();
  await page.getByText('Cancelled and refunded; the stock is back and the customer was mailed.').waitFor();
  await page.getByText('Refunded $').waitFor();
  expect(await available()).toBe(before + 1);
  expect((await mailTo(email, /was cancelled$/)).text).toContain('is refunded to your card');
  await context.close();
});
