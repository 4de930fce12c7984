import { zipSync } from 'fflate';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { SHEET_WORDS as WORDS } from '../shared/catalog-sheet';
import { axeViolations, launch, newPage, shot, signInAsAdmin } from './browser';

/**
 * The catalogue spreadsheet on a phone (issue 55 item 4): the owner sends a CSV with a zip of photos, reads the dry
 * run's errors by line and column, sends the corrected file, and applies it; the product is then in the shop.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const handle = `e2e-sheet-candle-${Date.now().toString(36)}`;
const header =
  'Handle,Title,Body (HTML),Tags,Option1 Name,Option1 Value,Variant Inventory Qty,Variant Price,Image Src,Status';
const file = (title: string, price: string) =>
  Buffer.from(
    `${header}\r\n${handle},"${title.replace(/"/g, '""')}",<p>Lit by the sheet.</p>,candles,Title,Default Title,6,${price},sheet.jpg,active\r\n`,
  );

it('on a phone: the dry run names each error by line and column, the corrected file applies', async () => {
  const { context, page } = await newPage(browser, 'phone');
  const photo = await sharp({ create: { width: 900, height: 900, channels: 3, background: '#b04010' } })
    .jpeg()
    .toBuffer();
  const zip = Buffer.from(zipSync({ 'sheet.jpg': photo }));
  await signInAsAdmin(page);
  await page.goto('/admin/catalog');
  await page.getByRole('heading', { name: WORDS.title }).waitFor();

  // A file with a formula in its title and a price that is no price.
  await page.getByLabel(WORDS.csvLabel).setInputFiles({
    name: 'products.csv',
    mimeType: 'text/csv',
    buffer: file('=HYPERLINK("https://evil.example","Candle")', 'twelve'),
  });
  await page.getByLabel(WORDS.zipLabel).setInputFiles({ name: 'photos.zip', mimeType: 'application/zip', buffer: zip });
  await page.getByRole('button', { name: WORDS.checkButton }).click();
  const problem = page.getByTestId('problem-2').first();
  await problem.waitFor({ timeout: 60_000 });
  expect(await problem.textContent()).toContain('Title');
  expect(await page.getByRole('button', { name: WORDS.applyButton }).count()).toBe(0);
  await shot(page, 'catalog-sheet-1-phone-errors');
  expect(await axeViolations(page, '/admin/catalog (errors)')).toEqual([]);

  // The corrected file: checked clean, then applied.
  await page.getByLabel(WORDS.csvLabel).setInputFiles({
    name: 'products.csv',
    mimeType: 'text/csv',
    buffer: file('Sheet Candle', '12.50'),
  });
  await page.getByRole('button', { name: WORDS.checkButton }).click();
  const apply = page.getByRole('button', { name: WORDS.applyButton });
  await apply.waitFor({ timeout: 60_000 });
  expect(await page.getByTestId('import-summary').textContent()).toContain('New1');
  await apply.click();
  await page.getByText(WORDS.applied).waitFor({ timeout: 60_000 });
  await shot(page, 'catalog-sheet-2-phone-applied');

  await page.goto(`/product/${handle}`);
  await page.getByRole('heading', { name: 'Sheet Candle' }).waitFor();
  expect(await page.getByText('$12.50').first().isVisible()).toBe(true);
  await context.close();
}, 180_000);
