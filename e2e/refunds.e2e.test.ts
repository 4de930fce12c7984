import type { Browser } from 'playwright-core';
import { adminToken, axeViolations, launch, mailTo, newPage, shopUrl, shot, signInAsAdmin, VIEWPORTS } from './browser';

/**
 * A refund in part on a phone (issue 35 item 3, decision 0116), in Chromium against the local stack: a guest buys two
 * candles; the owner, on a phone 390 wide, refunds one of them from the order's page; the guest gets one mail with
 * the amount, the order status page lists the refund, and the dashboard counts it.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const CANDLE = {
  id: 'harvest-spice-candle',
  name: 'Harvest Spice Candle',
  image: '/images/products/harvest-spice-candle.svg',
  price: 1,
  size: 'CANDLE',
  quantity: 2,
};

/** The dashboard's refund figures, as the admin's API answers them. */
const refundFigures = async () => {
  const token = await adminToken();
  const answer = (await fetch(`${shopUrl()}/api/admin/dashboard`, {
    headers: { authorization: `Bearer ${token}` },
  }).then((r) => r.json())) as { refunds: { today: { count: number; cents: number } } };
  return answer.refunds.today;
};

it('the owner refunds one of two candles on a phone; the customer is mailed, the status page and the dashboard show it', async () => {
  const email = `refund-${Date.now()}@example.com`;
  const problems: string[] = [];

  // 1. A guest buys two candles.
  const { context: guestContext, page: guest } = await newPage(browser, 'phone');
  await guest.goto('/');
  await guest.evaluate((line) => localStorage.setItem('cart', JSON.stringify([line])), CANDLE);
  await guest.goto('/cart');
  await guest.getByRole('button', { name: 'Proceed to Checkout' }).click();
  for (const [name, value] of Object.entries({
    name: 'Rita Refund',
    email,
    line1: '3 Pine Rd',
    city: 'Reno',
    state: 'NV',
    zip: '89501',
  }))
    await guest.fill(`input[name=${name}]`, value);
  await guest.getByRole('button', { name: 'Next' }).click();
  await guest.fill('input[autocomplete=cc-number]', '4242 4242 4242 4242');
  await guest.fill('input[autocomplete=cc-exp]', '12/40');
  await guest.fill('input[autocomplete=cc-csc]', '123');
  await guest.getByRole('button', { name: /^Pay / }).click();
  await guest.waitForURL('**/orderconfirmation');
  const label = (await guest.getByTestId('order-number').textContent())!;
  const orderNumber = label.slice(1);
  const before = await refundFigures();

  // 2. The owner opens the order on a phone and refunds one candle, back to stock.
  const { context: ownerContext, page: owner } = await newPage(browser, 'desktop');
  await signInAsAdmin(owner);
  await owner.setViewportSize(VIEWPORTS.phone);
  await owner.goto(`/admin/orders/${orderNumber}`);
  const form = owner.getByRole('region', { name: 'Refund', exact: true });
  await form.getByLabel(/Harvest Spice Candle \(2 of 2 left\)/).selectOption('1');
  await form.getByLabel('Reason').selectOption('damaged');
  // Amplify's checkbox is its label (the input itself is visually hidden): pressed where the owner presses.
  await form.getByText('Put these units back in stock').click();
  expect(await form.getByLabel('Put these units back in stock').isChecked()).toBe(true);
  const button = form.getByRole('button', { name: /^Refund \$\d+\.\d\d$/ });
  const amount = (await button.textContent())!.replace('Refund ', '');
  problems.push(...(await axeViolations(owner, 'refund form')));
  await shot(owner, 'refunds-1-form-phone');
  owner.once('dialog', (dialog) => void dialog.accept());
  await button.click();
  await owner.getByText(`Refunded ${amount}; the customer is mailed.`).waitFor();
  // The list and the ledger check under the form; the form now offers the one candle left.
  const list = owner.getByRole('region', { name: 'Refunds', exact: true });
  await list.getByText(/Ledger: \d+ entries agree with the totals\./).waitFor();
  expect(await list.getByRole('listitem').first().textContent()).toContain(`${amount} refunded`);
  await form.getByLabel(/Harvest Spice Candle \(1 of 2 left\)/).waitFor();
  // The page fits the phone: nothing wider than the screen.
  expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(owner, 'refunds-2-refunded-phone');

  // 3. The customer's mail says what and how much.
  const mail = await mailTo(email, /^Refund of/);
  expect(mail.subject).toBe(`Refund of ${amount} for your order ${label}`);
  expect(mail.text).toContain('1 x Harvest Spice Candle');
  expect(mail.text).toContain('Reason: Damaged');

  // 4. The order status page lists the refund.
  await guest.goto(`/order-status?order=${orderNumber}`);
  await guest.fill('input[name=email]', email);
  await guest.getByRole('button', { name: 'Find my order' }).click();
  const refunds = guest.getByLabel('Refunds');
  await refunds.waitFor();
  expect(await refunds.textContent()).toContain(`${amount} refunded to your card`);
  expect(await refunds.textContent()).toContain('1 x Harvest Spice Candle');
  problems.push(...(await axeViolations(guest, 'order status with a refund')));
  await shot(guest, 'refunds-3-order-status-phone');

  // 5. The dashboard counts it.
  const after = await refundFigures();
  expect(after.count).toBeGreaterThanOrEqual(before.count + 1);
  await owner.goto('/admin');
  const tile = owner.getByRole('listitem', { name: 'Refunds' });
  await tile.waitFor();
  expect(await tile.textContent()).toContain(`Today: ${after.count} ${after.count === 1 ? 'refund' : 'refunds'}`);
  await shot(owner, 'refunds-4-dashboard-phone');

  expect(problems).toEqual([]);
  await guestContext.close();
  await ownerContext.close();
});
