import type { Browser } from 'playwright-core';
import { axeViolations, launch, newPage, outbox, shot, until, windowShot, type Mail } from './browser';

/**
 * Buying a gift card on a phone (issue 36 item 1, docs/decisions/0127): from the home page to the gift card page, a
 * $50 card for someone into the cart, through the checkout with the test card (no shipping, no tax), the receipt
 * naming the card; the send-mails job (every 15 s here) mails the recipient a code, which the balance page answers.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

it('a phone buys a $50 card for someone; the recipient’s mail has a code; the balance page says $50.00 of $50.00', async () => {
  const recipient = `bea-${Date.now()}@example.com`;
  const problems: string[] = [];
  const { context, page } = await newPage(browser, 'phone');
  await page.goto('/');
  await page.getByRole('link', { name: 'Give a gift card' }).click();
  await page.getByRole('heading', { level: 1, name: 'Gift Cards' }).waitFor();
  // The footer names both pages.
  const footer = page.getByRole('navigation', { name: 'Shop information' });
  expect(await footer.getByRole('link', { name: 'Gift Cards' }).getAttribute('href')).toBe('/gift-cards');
  expect(await footer.getByRole('link', { name: 'Gift Card Balance' }).getAttribute('href')).toBe(
    '/gift-cards/balance',
  );
  problems.push(...(await axeViolations(page, 'gift card form')));

  // A refused field says why beside it; then the card goes into the cart.
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByText("Please enter the recipient's name.").waitFor();
  problems.push(...(await axeViolations(page, 'gift card form with errors')));
  await shot(page, 'gift-cards-form-errors-390');
  await page.getByLabel("Recipient's name").fill('Bea Friend');
  await page.getByLabel("Recipient's email").fill(recipient);
  await page.getByLabel('Message (optional)').fill('Happy birthday, Bea!');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByText(/^Gift card for Bea Friend, mailed .+ is in your cart\./).waitFor();
  await shot(page, 'gift-cards-added-390');
  await page.getByRole('link', { name: 'View your cart' }).click();

  // The cart: the card with its recipient and day; nothing ships, nothing is taxed.
  await page.getByRole('link', { name: /^Gift card for Bea Friend, mailed / }).waitFor();
  const details = page.getByRole('complementary', { name: 'Order Details' });
  expect(await details.locator('dd.total').textContent()).toBe('$50.00');
  await shot(page, 'gift-cards-cart-390');
  // No promo code for gift cards: the panel says so instead of offering the field (issue 50 item 9).
  expect(await details.getByRole('textbox').count()).toBe(0);
  await details.getByText(/Promo codes are for the goods in the shop/).waitFor();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await page.getByText(/Nothing in your cart ships/).waitFor();
  // Nothing ships: the buyer's name and email only, no address (issue 50 item 9); beside them the marketing box, unticked
  // (issue 56 item 3).
  await page.getByRole('heading', { level: 1, name: 'Your Details' }).waitFor();
  const form = page.getByRole('form', { name: 'Your details' });
  expect(
    await form
      .locator('input:not([type=checkbox])')
      .evaluateAll((inputs) => inputs.map((input) => input.getAttribute('name'))),
  ).toEqual(['name', 'email']);
  expect(await form.getByRole('checkbox').evaluateAll((boxes) => boxes.map((box) => box.getAttribute('name')))).toEqual(
    ['marketingConsent'],
  );
  expect(await form.getByRole('checkbox').isChecked()).toBe(false);
  await page.fill('input[name=name]', 'Ada Buyer');
  await page.fill('input[name=email]', `ada-${Date.now()}@example.com`);
  problems.push(...(await axeViolations(page, 'gift cards only: your details')));
  await windowShot(page, 'gift-cards-details-390');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('heading', { level: 2, name: 'Your details' }).waitFor();
  await windowShot(page, 'gift-cards-payment-390');
  await page.fill('input[autocomplete=cc-number]', '4242 4242 4242 4242');
  await page.fill('input[autocomplete=cc-exp]', '12/40');
  await page.fill('input[autocomplete=cc-csc]', '123');
  expect(await details.locator('dd.total').textContent()).toBe('$50.00');
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL('**/orderconfirmation');
  await page.getByText(/^Gift card for Bea Friend, mailed /).waitFor();
  await page.getByRole('heading', { name: 'Nothing ships' }).waitFor();
  await shot(page, 'gift-cards-confirmation-390');

  // Today's card goes out on the send-mails job's next run.
  let mail: Mail | undefined;
  await until(async () => Boolean((mail = (await outbox()).find((m) => m.to.includes(recipient)))), true, 60_000, 500);
  expect(mail!.subject).toBe('Ada Buyer sent you a $50.00 gift card');
  expect(mail!.text).toContain('Happy birthday, Bea!');
  const code = /Your gift card code: ([A-Z0-9-]+)/.exec(mail!.text)![1];

  await page.goto('/gift-cards/balance');
  await page.getByLabel('Gift card code').fill(code);
  await page.getByRole('button', { name: 'Check balance' }).click();
  await page.getByText(`Balance: $50.00 of $50.00 (card ending ${code.slice(-4)})`).waitFor();
  problems.push(...(await axeViolations(page, 'balance page')));
  await shot(page, 'gift-cards-balance-390');
  await page.getByLabel('Gift card code').fill('AAAA-BBBB-CCCC-DDDD-EEEE');
  await page.getByRole('button', { name: 'Check balance' }).click();
  // The shop's words beside the code (the field's message, which the field is described by).
  await page
    .locator('#balance-code-error')
    .getByText(/could not find a gift card/)
    .waitFor();
  expect(await page.getByLabel('Gift card code').getAttribute('aria-describedby')).toBe('balance-code-error');
  await context.close();

  // The desktop layout of both pages.
  const desktop = await newPage(browser, 'desktop');
  await desktop.page.goto('/gift-cards');
  await desktop.page.getByRole('button', { name: 'Add to cart' }).waitFor();
  await shot(desktop.page, 'gift-cards-form-1280');
  await desktop.page.goto('/gift-cards/balance');
  await desktop.page.getByRole('button', { name: 'Check balance' }).waitFor();
  await shot(desktop.page, 'gift-cards-balance-1280');
  await desktop.context.close();
  expect(problems).toEqual([]);
});
