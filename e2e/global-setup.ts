import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type LaunchOptions } from 'playwright-core';
import { freePort } from '../functions/local/processes';
import { buildWeb, startLocalStack } from '../functions/local/stack';

export const E2E_ADMIN = { email: 'admin@example.com', password: 'ShopAdmin1' };
/** Every rate limit times this in the browser tests (one address, many shoppers). */
export const E2E_RATE_LIMIT_SCALE = 10;
export const e2eStateFile = () => path.join(os.tmpdir(), `shop-e2e-${process.env.SHOP_E2E_RUN_ID}.json`);

/** Debian's Chromium, headless, as the machine notes prescribe. */
export const CHROMIUM: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
    '--disable-quic',
  ],
};

/**
 * Browser tests run against the same stack `npm start` runs: the SPA is built and served with the API by the
 * local gateway, with fresh data in a temporary folder, on free loopback ports. One Chromium serves every test file
 * (decision 0148): each file connects to it (e2e/browser.ts `launch`) and each test opens its own browser context,
 * which shares no cookies, storage or cache with another.
 */
export default async function globalSetup(): Promise<void> {
  process.env.SHOP_E2E_RUN_ID ??= String(process.pid);
  const root = path.resolve(__dirname, '..');
  await buildWeb(root);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-'));
  const port = await freePort();
  const stack = await startLocalStack({
    port,
    dynamoPort: await freePort(),
    cognitoPort: await freePort(),
    dataDir,
    webDir: path.join(root, 'web', 'dist'),
    admin: E2E_ADMIN,
    // Limits on, as npm start has them, but scaled: every journey of the suite runs from 127.0.0.1, so one
    // address plays all their shoppers within minutes (functions/local/*rate-limit*.test.ts prove the limits).
    rateLimits: { enabled: true, scale: E2E_RATE_LIMIT_SCALE },
    // Demo photos of 1200 px (up to the 1200 variant, what og:image names): the same path as npm start's 2400 px,
    // faster.
    seedPhotoWidth: 1200,
    // The jobs every 15 s (npm start: every minute), so a checkout reminder due a minute after the card step arrives
    // within the journey's wait (e2e/reminders); each job only does what is due, so running more often changes nothing
    // else.
    jobIntervalMs: 15_000,
    log: (line) => {
      if (/error|failed|rate_limited/i.test(line)) console.error(line);
    },
  });
  const browser = await chromium.launchServer({ ...CHROMIUM, host: '127.0.0.1' });
  (globalThis as Record<string, unknown>).__shopE2E = { stack, dataDir, browser };
  // Ready means ready: the demo catalogue seeded and the promo codes there (GET /api/health answers 200 from then on).
  await stack.ready;
  const health = await fetch(`${stack.url}/api/health`);
  if (health.status !== 200)
    throw new Error(`The shop said it was ready, but /api/health answers ${health.status}: ${await health.text()}`);
  // The Cognito stand-in itself too: an operator's tools (npm run admin:add) talk to it directly, not through the shop.
  const cognito = {
    endpoint: stack.cognito.endpoint,
    userPoolId: stack.cognito.userPoolId,
    clientId: stack.cognito.clientId,
  };
  writeFileSync(e2eStateFile(), JSON.stringify({ url: stack.url, dataDir, cognito, browser: browser.wsEndpoint() }));
}
