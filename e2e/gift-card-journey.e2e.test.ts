import type { Browser } from 'playwright-core';
import { axeViolations, launch, mailTo, newPage, shot, signInAsAdmin, VIEWPORTS } from './browser';

/**
 * A gift card's whole life on phones (issue 36, docs/decisions/0126 to 0128), in Chromium against the local stack: a
 * buyer gives a $50 card; the recipient opens the mail in the outbox and spends it on two candles, paying the rest
 * with the test card; the owner, on a phone, refunds one candle as store credit, which is mailed as a new card whose
 * code the balance page answers.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const CANDLES = {
  id: 'harvest-spice-candle',
  name: 'Harvest Spice Candle',
  image: '/images/products/harvest-spice-candle.svg',
  price: 1,
  size: 'CANDLE',
  quantity: 2,
};
const codeIn = (text: string) => /Your gift card code: ([A-Z0-9-]+)/.exec(text)![1];

it('a $50 card bought for someone pays most of two candles, the card the rest; one candle comes back as store credit', async () => {
  const stamp = Date.now();
  const recipient = `gail-${stamp}@example.com`;
  const problems: string[] = [];

  // 1. The buyer gives a $50 card.
  const { context: buyerContext, page: buyer } = await newPage(browser, 'phone');
  await buyer.goto('/gift-cards');
  await buyer.getByLabel("Recipient's name").fill('Gail Giftee');
  await buyer.getByLabel("Recipient's email").fill(recipient);
  await buyer.getByRole('button', { name: 'Add to cart' }).click();
  await buyer.getByRole('link', { name: 'View your cart' }).click();
  await buyer.getByRole('button', { name: 'Proceed to Checkout' }).click();
  // Gift cards only: the buyer's name and email, no address (issue 50 item 9).
  await buyer.fill('input[name=name]', 'Ben Buyer');
  await buyer.fill('input[name=email]', `ben-${stamp}@example.com`);
  await buyer.getByRole('button', { name: 'Next' }).click();
  await buyer.fill('input[autocomplete=cc-number]', '4242 4242 4242 4242');
  await buyer.fill('input[autocomplete=cc-exp]', '12/40');
  await buyer.fill('input[autocomplete=cc-csc]', '123');
  await buyer.getByRole('button', { name: 'Pay $50.00' }).click();
  await buyer.waitForURL('**/orderconfirmation');
  await buyerContext.close();

  // 2. The recipient's mail, from the send-mails job's next run.
  const gift = await mailTo(recipient, /sent you a \$50\.00 gift card$/);
  const code = codeIn(gift.text);

  // 3. The recipient spends it on two candles; the test card pays the rest.
  const { context: guestContext, page: guest } = await newPage(browser, 'phone');
  await guest.goto('/');
  await guest.evaluate((line) => localStorage.setItem('cart', JSON.stringify([line])), CANDLES);
  await guest.goto('/cart');
  await guest.getByRole('button', { name: 'Proceed to Checkout' }).click();
  for (const [name, value] of Object.entries({
    name: 'Gail Giftee',
    email: recipient,
    line1: '3 Pine Rd',
    city: 'Reno',
    state: 'NV',
    zip: '89501',
  }))
    await guest.fill(`input[name=${name}]`, value);
  await guest.getByRole('button', { name: 'Next' }).click();
  const giftForm = guest.getByRole('form', { name: 'Pay with a gift card' });
  await giftForm.getByLabel('Gift card').fill(code.toLowerCase());
  await giftForm.getByRole('button', { name: 'Apply' }).click();
  await guest.getByText(`Gift card ending ${code.slice(-4)} pays $50.00`).waitFor();
  const details = guest.getByRole('complementary', { name: 'Order Details' });
  const rest = (await details.locator('dt:has-text("To pay by card") + dd').textContent())!;
  expect(rest).toMatch(/^\$\d+\.\d\d$/);
  problems.push(...(await axeViolations(guest, 'card step with a gift card')));
  await shot(guest, 'gift-card-journey-1-card-step-390');
  await guest.fill('input[autocomplete=cc-number]', '4242 4242 4242 4242');
  await guest.fill('input[autocomplete=cc-exp]', '12/40');
  await guest.fill('input[autocomplete=cc-csc]', '123');
  await guest.getByRole('button', { name: `Pay ${rest}` }).click();
  await guest.waitForURL('**/orderconfirmation');
  const label = (await guest.getByTestId('order-number').textContent())!;
  const orderNumber = label.slice(1);
  // The card is empty now.
  await guest.goto('/gift-cards/balance');
  await guest.getByLabel('Gift card code').fill(code);
  await guest.getByRole('button', { name: 'Check balance' }).click();
  await guest.getByText(`Balance: $0.00 of $50.00 (card ending ${code.slice(-4)})`).waitFor();

  // 4. The owner, on a phone, refunds one candle as store credit.
  const { context: ownerContext, page: owner } = await newPage(browser, 'desktop');
  await signInAsAdmin(owner);
  await owner.setViewportSize(VIEWPORTS.phone);
  await owner.goto(`/admin/orders/${orderNumber}`);
  await owner
    .getByText(`Gift card ending ${code.slice(-4)}`)
    .first()
    .waitFor();
  const form = owner.getByRole('region', { name: 'Refund', exact: true });
  await form.getByLabel(/Harvest Spice Candle \(2 of 2 left\)/).selectOption('1');
  await form.getByLabel('Reason').selectOption('goodwill');
  await form.getByLabel('As store credit').check();
  const button = form.getByRole('button', { name: /^Refund \$\d+\.\d\d$/ });
  const amount = (await button.textContent())!.replace('Refund ', '');
  problems.push(...(await axeViolations(owner, 'refund form with store credit')));
  owner.once('dialog', (dialog) => void dialog.accept());
  await button.click();
  const list = owner.getByRole('region', { name: 'Refunds', exact: true });
  await list.getByText(/\(as store credit\)/).waitFor();
  await list.getByText(/Ledger: \d+ entries agree with the totals\./).waitFor();
  expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(owner, 'gift-card-journey-2-store-credit-390');

  // 5. The store credit is a new card, mailed to the customer; the balance page answers its code.
  const credit = await mailTo(recipient, new RegExp(`^Your store credit of \\${amount}$`));
  const creditCode = codeIn(credit.text);
  expect(creditCode).not.toBe(code);
  await guest.goto('/gift-cards/balance');
  await guest.getByLabel('Gift card code').fill(creditCode);
  await guest.getByRole('button', { name: 'Check balance' }).click();
  await guest.getByText(`Balance: ${amount} of ${amount} (card ending ${creditCode.slice(-4)})`).waitFor();
  await shot(guest, 'gift-card-journey-3-credit-balance-390');

  expect(problems).toEqual([]);
  await guestContext.close();
  await ownerContext.close();
});
