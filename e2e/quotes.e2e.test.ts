import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { MESSAGES } from '../shared/messages';
import { axeViolations, launch, mailTo, newPage, shopUrl, shot, signInAsAdmin, until } from './browser';

/**
 * A quote from the first message to a paid order (issue 37), in Chromium against the local stack: a shopper on a
 * phone asks for 40 printed hoodies with a PNG and a PDF, the owner prices it in the admin, the shopper opens the
 * mail's link, pays with the test card, and the order appears in the admin and in the shopper's order status. The
 * request form, the quote page with its offer and the admin's quote page are kept as screenshots at 390, 820 and 1280.
 */
let browser: Browser;
const files = mkdtempSync(path.join(os.tmpdir(), 'quote-artwork-'));
const png = path.join(files, 'hoodie-logo.png');
const pdf = path.join(files, 'placement.pdf');
const email = `grace-${Date.now()}@example.com`;
const WIDTHS = {
  phone: { width: 390, height: 844 },
  tablet: { width: 820, height: 1180 },
  desktop: { width: 1280, height: 900 },
};

beforeAll(async () => {
  browser = await launch();
  writeFileSync(
    png,
    await sharp({ create: { width: 800, height: 600, channels: 3, background: '#1f3b73' } })
      .composite([
        {
          input: Buffer.from('<svg width="800" height="600"><circle cx="400" cy="300" r="180" fill="#f5b700"/></svg>'),
        },
      ])
      .png()
      .toBuffer(),
  );
  writeFileSync(pdf, '%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
});
afterAll(async () => {
  await browser?.close();
});

/** A page at one of the three widths. */
async function pageAt(width: keyof typeof WIDTHS): Promise<Page> {
  const context = await browser.newContext({ viewport: WIDTHS[width], baseURL: shopUrl() });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  return page;
}

async function fillRequest(page: Page) {
  await page.goto('/custom-printing');
  await page.getByLabel('Name').fill('Grace Hopper');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Service').selectOption('printing');
  await page.getByLabel('Quantity').fill('40');
  await page.getByLabel('Items').fill('40 printed hoodies, navy, logo on the front');
  await page.getByLabel('Message').fill('For our team retreat. Sizes to follow.');
  await page.getByLabel('Artwork (optional)').setInputFiles([png, pdf]);
  const list = page.getByRole('list', { name: 'Your files' });
  await until(async () => (await list.getByText('Ready').count()) === 2, true, 20_000);
}

it('a shopper on a phone asks, the owner prices, the shopper pays by the mail link; the order is everywhere', async () => {
  const { page: phone } = await newPage(browser, 'phone');
  await fillRequest(phone);
  expect(await phone.locator('.artwork-item img').count()).toBe(1);
  await shot(phone, 'quotes-1-request-390');
  await phone.getByRole('button', { name: 'Send' }).click();
  await phone.getByText(MESSAGES.formSubmitted).waitFor();

  const received = await mailTo(email, /^We received your quote request/);
  const number = /\(Q(\d+)\)/.exec(received.subject)![1];

  // The owner prices it in the admin.
  const { page: owner } = await newPage(browser, 'desktop');
  await signInAsAdmin(owner);
  await owner.goto('/admin/quotes');
  await owner.getByRole('link', { name: `Q${number}` }).click();
  await owner.getByRole('heading', { name: `Quote Q${number}` }).waitFor();
  await owner.getByText('hoodie-logo.png').waitFor();
  await owner.getByLabel('Description').fill('Navy hoodie, two-colour front print');
  await owner.getByLabel('Quantity').fill('40');
  await owner.getByLabel('Unit price ($)').fill('32');
  await owner.getByLabel('Shipping ($)').fill('15');
  await owner.getByLabel('Note to the customer').fill('Sizes can be mixed; tell us the split.');
  await owner.getByRole('button', { name: 'Send the offer' }).click();
  await owner.getByText('Offer sent: the customer was mailed.').waitFor();

  // The shopper opens the mail's link on the phone and pays with the test card.
  const offerMail = await mailTo(email, /^Your offer/);
  const link = new URL(/https?:\/\/\S+\/quotes\/\S+/.exec(offerMail.text)![0]);
  await phone.goto(link.pathname + link.search);
  await phone.getByRole('heading', { name: 'Our offer' }).waitFor();
  await shot(phone, 'quotes-2-offer-390');
  expect(await axeViolations(phone, 'quote page')).toEqual([]);
  await phone.getByRole('button', { name: 'Accept and pay' }).click();
  await phone.getByLabel('Address').fill('1 Main St');
  await phone.getByLabel('City').fill('Springfield');
  await phone.getByLabel('State').fill('Illinois');
  await phone.getByLabel('Zip').fill('62701');
  await phone.getByRole('button', { name: 'Continue to payment' }).click();
  // 40 x $32 + $15, and Illinois' 6.25% on both: $1,295.00 + $80.94.
  await phone.getByText('$1,375.94', { exact: true }).waitFor();
  await phone.fill('input[autocomplete=cc-number]', '4242424242424242');
  await phone.fill('input[autocomplete=cc-exp]', '12/40');
  await phone.fill('input[autocomplete=cc-csc]', '123');
  await phone.getByRole('button', { name: 'Pay $1,375.94' }).click();
  // The page reads the quote again: paid, with its order's number linked to the order status page.
  await phone.getByText('Accepted and paid', { exact: true }).first().waitFor();
  const paid = await phone.getByRole('link', { name: /^#\d+$/ }).textContent();
  const order = paid!.slice(1);
  await shot(phone, 'quotes-3-paid-390');

  // The order in the admin (to ship, with the quote's lines) and in the shopper's order status.
  await owner.goto('/admin/orders/pending');
  await owner
    .getByRole('link', { name: `#${order}` })
    .first()
    .waitFor();
  await owner.goto(`/admin/orders/${order}`);
  await owner.getByText('Navy hoodie, two-colour front print').first().waitFor();
  await phone.goto(`/order-status?order=${order}`);
  await phone.fill('input[name=email]', email);
  await phone.getByRole('button', { name: 'Find my order' }).click();
  await phone.getByText('Navy hoodie, two-colour front print').first().waitFor();
  await mailTo(email, new RegExp(`^Your order #${order}$`));
  // The owner moves it to production; the shopper's page shows it.
  await owner.goto(`/admin/quotes/${link.pathname.split('/').pop()}`);
  await owner.getByRole('button', { name: 'Move to in production' }).click();
  await owner.getByText('Moved to in production.').waitFor();
  await phone.goto(link.pathname + link.search);
  await phone.getByText('We are making your order now.').waitFor();

  // On the owner's phone, To ship marks the order made to order, with its quote and where production stands.
  const { page: ownerPhone } = await newPage(browser, 'phone');
  await signInAsAdmin(ownerPhone);
  await ownerPhone.goto('/admin/orders/pending');
  const row = ownerPhone
    .locator('tr, li, article')
    .filter({ hasText: `#${order}` })
    .last();
  await row.getByText('Made to order').waitFor();
  await row.getByText(`Quote Q${number}`).waitFor();
  await row.getByText(/In production since/).waitFor();
  await shot(ownerPhone, 'quotes-4-to-ship-made-to-order-390');
});

it('the request form, the quote page with an offer and the admin quote page at 390, 820 and 1280', async () => {
  const admin = await pageAt('desktop');
  await signInAsAdmin(admin);
  const first = await pageAt('phone');
  await fillRequest(first);
  await first.getByRole('button', { name: 'Send' }).click();
  await first.getByText(MESSAGES.formSubmitted).waitFor();
  const received = await mailTo(email, /^We received your quote request \(Q/);
  const quotePath = /\/quotes\/([0-9a-f-]{36})/.exec(received.text)![1];
  await admin.goto(`/admin/quotes/${quotePath}`);
  await admin.getByLabel('Description').fill('Logo clean-up');
  await admin.getByLabel('Kind').selectOption('design');
  await admin.getByLabel('Quantity').fill('1');
  await admin.getByLabel('Unit price ($)').fill('80');
  await admin.getByRole('button', { name: 'Add a line' }).click();
  await admin.getByLabel('Description').nth(1).fill('Printed hoodie');
  await admin.getByLabel('Quantity').nth(1).fill('40');
  await admin.getByLabel('Unit price ($)').nth(1).fill('32');
  await admin.getByRole('button', { name: 'Send the offer' }).click();
  await admin.getByText('Offer sent: the customer was mailed.').waitFor();
  const link = /https?:\/\/\S+(\/quotes\/\S+)/.exec(received.text)![1];
  for (const width of ['phone', 'tablet', 'desktop'] as const) {
    const page = await pageAt(width);
    await fillRequest(page);
    await shot(page, `quotes-request-${WIDTHS[width].width}`);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Our offer' }).waitFor();
    await shot(page, `quotes-offer-${WIDTHS[width].width}`);
    await signInAsAdmin(page);
    await page.goto(`/admin/quotes/${quotePath}`);
    await page.getByRole('heading', { name: 'New offer' }).waitFor();
    await shot(page, `quotes-admin-${WIDTHS[width].width}`);
    if (width === 'desktop') expect(await axeViolations(page, 'admin quote page')).toEqual([]);
    await page.context().close();
  }
});
