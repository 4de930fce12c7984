import type { Browser } from 'playwright-core';
import { launch, newPage, shopUrl, shot } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

it('serves the health check and the SPA from one origin', async () => {
  expect(await (await fetch(`${shopUrl()}/api/health`)).json()).toEqual({ ok: true });
  const { context, page } = await newPage(browser);
  await page.goto('/');
  await page.waitForSelector('#root *');
  await shot(page, 'smoke-home');
  await context.close();
});
