import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { MESSAGES, PROFILE_MESSAGES, RATING_MESSAGES } from '../shared/messages';
import { E2E_ADMIN } from './global-setup';
import { adminToken, axeViolations, collectAlerts, launch, newPage, shopUrl, shot, until, VIEWPORTS } from './browser';

/** Journeys of issue 5, 6 and 8 in Chromium against the local stack. */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function signIn(page: Page, email: string, password: string) {
  await page.fill('input[name=email]', email);
  await page.fill('input[name=password]', password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

async function addToCart(page: Page, productId: string, size?: string) {
  await page.goto(`/product/${productId}`);
  if (size) await page.selectOption('select[name=size]', size);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page.getByText('is in your cart').waitFor();
}

const viewports = Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[];

it.each(viewports)(
  'on %s: a customer signs up, saves a profile, buys with it, rates the item, and keeps the cart across sign-out',
  async (viewport) => {
    const { context, page } = await newPage(browser, viewport);
    const alerts = collectAlerts(page);
    const email = `journey-${viewport}-${Date.now()}@example.com`;
    await page.goto('/signup');
    await page.fill('input[name=firstName]', 'Jo');
    await page.fill('input[name=lastName]', 'Buyer');
    await page.fill('input[name=email]', email);
    await page.fill('input[name=password]', 'weakpass');
    await page.fill('input[name=confirm]', 'weakpass1');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText(MESSAGES.passwordsDiffer).waitFor();
    await page.fill('input[name=password]', 'weakpass1');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText(MESSAGES.weakPassword).waitFor();
    await page.fill('input[name=password]', 'Journey123');
    await page.fill('input[name=confirm]', 'Journey123');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('link', { name: 'Account' }).waitFor();
    await shot(page, `journey-${viewport}-1-signed-up`);

    await page.goto('/account');
    await page.getByText(MESSAGES.noShippingProfiles).waitFor();
    await page.getByRole('button', { name: 'ADD+' }).click();
    const form = page.locator('form[aria-label="Shipping profile 1"]');
    for (const [name, value] of Object.entries({
      name: 'Jo Buyer',
      email,
      phone: '555123',
      address: '9 Elm St',
      city: 'Boise',
      state: 'Idaho',
      zip: '83701',
    })) {
      await form.locator(`input[name=${name}]`).fill(value);
    }
    await form.getByRole('button', { name: 'Save' }).click();
    // The spec's words in the profile's form and beside the phone (docs/decisions/0158), not in an alert.
    const phone = form.locator('input[name=phone]');
    await until(() => phone.getAttribute('aria-invalid'), 'true');
    const describedBy = (await phone.getAttribute('aria-describedby'))!;
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(MESSAGES.invalidPhone);
    expect(await form.getByRole('status').textContent()).toBe(MESSAGES.invalidPhone);
    expect(alerts).not.toContain(MESSAGES.invalidPhone);
    await phone.fill('2085550100');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('9 Elm St').waitFor();
    await shot(page, `journey-${viewport}-2-profile`);
    // Edit then cancel keeps the saved values; a second profile can be added and deleted.
    await page.getByRole('button', { name: 'Edit' }).click();
    await form.locator('input[name=city]').fill('Nampa');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText('9 Elm St, Boise').waitFor();
    await page.getByRole('button', { name: 'ADD+' }).click();
    const second = page.locator('form[aria-label="Shipping profile 2"]');
    for (const [name, value] of Object.entries({
      name: 'Office',
      email,
      phone: '2085550101',
      address: '1 Work Way',
      city: 'Boise',
      state: 'ID',
      zip: '83702',
    })) {
      await second.locator(`input[name=${name}]`).fill(value);
    }
    await second.getByRole('button', { name: 'Save' }).click();
    await page.getByText('1 Work Way').waitFor();
    await page.getByRole('button', { name: 'DELETE' }).nth(1).click();
    await page.getByText('1 Work Way').waitFor({ state: 'detached' });
    // Deleting asked first (issue 26); the shopper said OK.
    expect(alerts.at(-1)).toBe(PROFILE_MESSAGES.confirmDelete('Office'));

    // A customer opening /admin lands on /.
    await page.goto('/admin');
    await page.waitForURL((url) => url.pathname === '/');

    await addToCart(page, 'frosted-pine-candle');
    await page.goto('/cart');
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.selectOption('select', { index: 1 });
    await page.getByRole('button', { name: 'Next' }).click();
    await page.fill('input[autocomplete=cc-number]', '4242424242424242');
    await page.fill('input[autocomplete=cc-exp]', '12/40');
    await page.fill('input[autocomplete=cc-csc]', '123');
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL('**/orderconfirmation');
    const orderNumber = (await page.getByTestId('order-number').textContent())!.replace('#', '');

    await page.goto('/account');
    // The order's number, total and status are all in view on a phone as on a desktop (nothing runs off to the side).
    const orders = page.locator('section[aria-labelledby=orders-heading]');
    await orders.getByText('Processing').waitFor();
    const width = page.viewportSize()!.width;
    for (const part of [orders.getByRole('link', { name: /^Order / }), orders.getByText('Processing')]) {
      const box = (await part.first().boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(width);
    }
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    ).toBe(true);
    // The account with an order, and the order's own page, pass axe (the phone reads the orders as cards).
    const problems = await axeViolations(page, `/account on ${viewport}`);
    await orders
      .getByRole('link', { name: /^Order / })
      .first()
      .click();
    await page.getByRole('heading', { name: 'Your order' }).waitFor();
    problems.push(...(await axeViolations(page, `the customer's order page on ${viewport}`)));
    expect(problems).toEqual([]);
    await page.goto('/account');
    // Not shipped yet: no stars, a line says when (issue 50 item 7). The owner ships it; then the stars are offered.
    await page.getByText(RATING_MESSAGES.afterShipping).first().waitFor();
    expect(await page.getByRole('radio', { name: '5 stars' }).count()).toBe(0);
    const shipped = await fetch(`${shopUrl()}/api/admin/orders/${orderNumber}/complete`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await adminToken()}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(shipped.status).toBe(200);
    await page.reload();
    await page.getByRole('radio', { name: '5 stars' }).first().check({ force: true });
    await page.getByText('Thanks for your rating!').waitFor({ state: 'attached' });
    // The previous order's line: its photo first, the name beside it on the same row (not pushed aside by the
    // picture's <source>s taking grid cells).
    const line = page.locator('.previous li').first();
    const photo = (await line.locator('img').boundingBox())!;
    const name = (await line.locator('strong').boundingBox())!;
    expect(photo.x + photo.width).toBeLessThanOrEqual(name.x);
    expect(name.y).toBeLessThan(photo.y + photo.height);
    expect(name.width).toBeGreaterThan(100);
    await shot(page, `journey-${viewport}-3-rated`);
    const product = await fetch(`${shopUrl()}/api/products/frosted-pine-candle`).then((r) => r.json());
    expect(product.ratingCount).toBeGreaterThanOrEqual(1);
    expect(product.averageRating).toBe(5);

    // The saved cart survives sign-out and sign-in.
    await addToCart(page, 'snowflake-tee', 'L');
    await page.goto('/account');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.getByRole('link', { name: 'Sign In' }).waitFor();
    // The cart is cleared in an effect after the signed-out header renders: wait for it rather than race it.
    await until(() => page.evaluate(() => localStorage.getItem('cart')), '[]');
    await page.goto('/login');
    await signIn(page, email, 'Wrong1234');
    await page.getByText(MESSAGES.signInFailed).waitFor();
    await signIn(page, email, 'Journey123');
    await page.getByRole('link', { name: 'Account' }).waitFor();
    await until(
      async () => (await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]')))?.[0]?.id,
      'snowflake-tee',
    );
    // The saved cart's line shows its product's photo (a JPEG that loads, not the photo's bare path).
    await page.goto('/cart');
    const lineImage = page.locator('.cart-line img').first();
    await lineImage.waitFor();
    await until(
      () =>
        lineImage.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0),
      true,
    );
    // Reloading while signed in keeps the quantities (the saved cart replaces the local copy; it is not added to it).
    const quantities = () =>
      page.evaluate(() =>
        (JSON.parse(localStorage.getItem('cart') ?? '[]') as { quantity: number }[]).map((line) => line.quantity),
      );
    await until(async () => (await quantities()).join(), '1');
    for (let reload = 0; reload < 2; reload++) {
      await page.reload();
      await page.locator('.cart-line').first().waitFor();
      await until(async () => (await page.locator('.cart-line').count()) === 1 && (await quantities()).join(), '1');
    }
    await context.close();
  },
);

async function guestOrder(): Promise<string> {
  const address = {
    name: 'Guest Gail',
    email: 'gail@example.com',
    line1: '3 Pine Rd',
    city: 'Reno',
    state: 'NV',
    zip: '89501',
  };
  const post = (path: string, body: unknown) =>
    fetch(`${shopUrl()}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then((r) => r.json());
  const intent = await post('/auth/create-payment-intent/guest', {
    cart: [{ id: 'harvest-spice-candle', size: 'CANDLE', quantity: 1 }],
    shippingAddress: address,
  });
  await post('/api/test-payments/confirm', {
    clientSecret: intent.clientSecret,
    card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
    billingName: 'Gail',
    receiptEmail: 'gail@example.com',
  });
  const { order } = await post('/auth/adminOrders/guest', { paymentIntentId: intent.paymentIntentId });
  return order.orderNumber as string;
}

it.each(viewports)(
  'on %s: the admin adds a product with an uploaded image, edits, drafts and undrafts it, and completes a guest order',
  async (viewport) => {
    const orderNumber = await guestOrder();
    const { context, page } = await newPage(browser, viewport);
    const productName = `Cider Glow Candle ${viewport}`;
    const alerts = collectAlerts(page);
    await page.goto('/admin/products');
    await page.waitForURL('**/login');
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.waitForURL('**/admin/products');
    await page.getByRole('heading', { name: 'Add a product' }).waitFor();

    const add = page.locator('form.add');
    await add.locator('input[name=name]').fill(productName);
    await add.locator('input[name=price]').fill('19.50');
    await add.locator('input[name=tag]').fill('candles');
    await add.locator('input[name=stock-CANDLE]').fill('abc');
    await add.locator('textarea[name=description]').fill('Apple cider and <b>clove</b>.');
    await add.getByRole('button', { name: 'Add product' }).click();
    await until(() => alerts.at(-1), MESSAGES.uploadImage);
    // A real photo: the image pipeline makes its variants, and the form says when it is ready.
    const png = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#b45309' } })
      .png()
      .toBuffer();
    await add
      .locator('input[type=file]')
      .first()
      .setInputFiles({ name: 'candle.png', mimeType: 'image/png', buffer: png });
    await add.getByAltText('Main image preview').waitFor();
    await add.getByText('Ready').first().waitFor();
    await add.getByRole('button', { name: 'Add product' }).click();
    await page.getByText(`Added ${productName}.`).waitFor();

    const list = await fetch(`${shopUrl()}/api/products?category=candles`).then((r) => r.json());
    const created = list.products.find((p: { name: string }) => p.name === productName);
    // On a phone the products are cards (issue 34 item 6): the new one's card opens it alone, a card of its fields.
    if (viewport === 'phone') await page.getByTestId(`card-${created.id}`).getByRole('link').click();
    const row = page.getByTestId(`row-${created.id}`);
    await row.waitFor();
    await shot(page, `admin-${viewport}-1-added`);
    expect(created.price).toBe(1950);
    expect((await fetch(`${shopUrl()}${created.image}`)).status).toBe(200);
    expect(created.photos[0]).toMatchObject({ width: 1200, height: 900 });
    const detail = await fetch(`${shopUrl()}/api/products/${created.id}`).then((r) => r.json());
    expect(detail.sizes).toEqual([{ size: 'CANDLE', available: 0 }]);

    const save = row.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);
    await row.getByLabel('Price').fill('21.00');
    expect(await save.isDisabled()).toBe(false);
    await save.click();
    await page.getByText(`Saved ${productName}.`).waitFor();
    expect((await fetch(`${shopUrl()}/api/products/${created.id}`).then((r) => r.json())).price).toBe(2100);

    await row.getByRole('button', { name: 'Draft' }).click();
    await page.getByText(`Drafted ${productName}.`).waitFor();
    expect((await fetch(`${shopUrl()}/api/products/${created.id}`)).status).toBe(404);
    await page.goto('/admin/drafted-products');
    await page.locator('tr', { hasText: productName }).getByRole('button', { name: 'Undraft' }).click();
    await page.getByText('No drafted products.').waitFor();
    expect((await fetch(`${shopUrl()}/api/products/${created.id}`)).status).toBe(200);

    await page.goto('/admin/orders/pending');
    const order = page.getByRole('article', { name: `Order #${orderNumber}`, exact: true });
    await order.waitFor();
    await shot(page, `admin-${viewport}-2-orders`);
    await order.getByRole('button', { name: 'Complete Order' }).click();
    await order.waitFor({ state: 'detached' });

    // The product's description shows as text, not markup.
    await page.goto(`/product/${created.id}`);
    await page.getByText('Apple cider and <b>clove</b>.').waitFor();
    await context.close();
  },
);

it('a customer resets the password through the mailed link', async () => {
  const { context, page } = await newPage(browser, 'desktop');
  const email = `reset-${Date.now()}@example.com`;
  await page.goto('/signup');
  for (const [name, value] of Object.entries({
    firstName: 'Re',
    lastName: 'Set',
    email,
    password: 'Before123',
    confirm: 'Before123',
  }))
    await page.fill(`input[name=${name}]`, value);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByRole('link', { name: 'Account' }).waitFor();
  await page.goto('/account');
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.goto('/login');
  await page.getByRole('button', { name: MESSAGES.forgotPassword }).click();
  await page.fill('input[name=email]', email);
  await page.getByRole('button', { name: MESSAGES.sendLink }).click();
  await page.getByText(MESSAGES.resetSent).waitFor();
  await page.getByRole('button', { name: MESSAGES.resetSentButton }).waitFor();
  let link = '';
  await until(
    async () => {
      const { mails } = await fetch(`${shopUrl()}/ses/outbox`).then((r) => r.json());
      link =
        /(http\S+reset-password\S+)/.exec(mails.find((m: { to: string[] }) => m.to.includes(email))?.text ?? '')?.[1] ??
        '';
      return link !== '';
    },
    true,
    30_000,
  );
  await page.goto(link);
  await page.fill('input[name=password]', 'After1234');
  await page.fill('input[name=confirm]', 'After1234');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await page.getByText('Your new password is set.').waitFor();
  await page.goto('/login');
  await signIn(page, email, 'After1234');
  await page.getByRole('link', { name: 'Account' }).waitFor();
  await context.close();
});

it('a guest with the cart open in two tabs: a line added in one shows in the other, and a change there keeps it', async () => {
  const { context, page: first } = await newPage(browser, 'desktop');
  await addToCart(first, 'harvest-spice-candle');
  await first.goto('/cart');
  await first.locator('.cart-line').first().waitFor();
  const second = await context.newPage();
  await addToCart(second, 'snowflake-tee', 'M');
  // The first tab shows the tee without a reload, then adds one more candle on top of both lines.
  await until(() => first.locator('.cart-line').count(), 2);
  await first
    .getByRole('group', { name: 'Quantity of Harvest Spice Candle' })
    .getByRole('button', { name: 'One more' })
    .click();
  const lines = () =>
    second.evaluate(() =>
      (JSON.parse(localStorage.getItem('cart') ?? '[]') as { id: string; quantity: number }[])
        .map((l) => `${l.id}x${l.quantity}`)
        .join(),
    );
  await until(lines, 'harvest-spice-candlex2,snowflake-teex1');
  await context.close();
});
