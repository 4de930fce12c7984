import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SEED_PRODUCTS } from './seed';
import { freePort } from './processes';
import { startLocalStack, type LocalStack, type LocalStackOptions } from './stack';
import { RATE_LIMIT_MESSAGES } from '#shared/messages';
import { readReminderSettings } from '../domain/reminders/settings';
import { checkToken, signToken } from '../lib/signed-tokens';

/** The stack behind `npm start`, started as a user would get it: seeded once, data kept across restarts. */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-stack-'));
const webDir = path.join(dataDir, 'web');
mkdirSync(path.join(webDir, 'assets'), { recursive: true });
writeFileSync(
  path.join(webDir, 'index.html'),
  '<!doctype html><html><head><title>Shop</title></head><body><div id="root"></div></body></html>',
);
writeFileSync(
  path.join(webDir, 'assets', 'app.js'),
  `console.log(${JSON.stringify('a line of the app '.repeat(200))})`,
);
const admin = { email: 'boss@example.com', password: 'BossPass1' };

let stack: LocalStack | undefined;
let ports: { port: number; dynamoPort: number; cognitoPort: number } | undefined;
/** Same ports on restart, as `npm start` uses: a session token stays valid across a restart. */
const start = async (rateLimits?: LocalStackOptions['rateLimits'], more: Partial<LocalStackOptions> = {}) => {
  ports ??= { port: await freePort(), dynamoPort: await freePort(), cognitoPort: await freePort() };
  // Small demo photos: the same upload path and pipeline as npm start's 2400 px ones, in a fraction of the time.
  return startLocalStack({ ...ports, dataDir, webDir, admin, rateLimits, seedPhotoWidth: 640, ...more });
};
/** Started and ready, as the test setups wait for it. */
const startReady = async (rateLimits?: LocalStackOptions['rateLimits'], more: Partial<LocalStackOptions> = {}) => {
  const started = await start(rateLimits, more);
  stack = started;
  return { stack: started, ...(await started.ready) };
};
const get = (p: string, init?: RequestInit) => fetch(`${stack!.url}${p}`, init);

afterEach(async () => {
  await stack?.stop();
  stack = undefined;
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it('serves API, config, images and the SPA from one origin, and keeps data across a restart without seeding twice', async () => {
  stack = await start();
  // Listening, but the first start is still seeding: /api/health says so (503), and what it is doing.
  const starting = await get('/api/health');
  expect(starting.status).toBe(503);
  expect(starting.headers.get('retry-after')).toBe('2');
  expect(await starting.json()).toEqual({
    ok: false,
    starting: expect.stringMatching(/demo (promo codes|data|catalogue)/),
  });
  expect((await stack.ready).seeded).toBe(true);
  const ready = await get('/api/health');
  expect(ready.status).toBe(200);
  expect(await ready.json()).toEqual({ ok: true });

  const config = await (await get('/config.json')).json();
  expect(config).toMatchObject({
    region: 'us-east-1',
    userPoolId: stack.cognito.userPoolId,
    userPoolClientId: stack.cognito.clientId,
    paymentMode: 'test',
  });
  expect(config.cognitoEndpoint).toBe(`${stack.url}/cognito`);

  const all = (await (await get('/api/products')).json()).products;
  expect(all).toHaveLength(SEED_PRODUCTS.length);
  // The demo promo codes the header's promise needs.
  const promo = await get('/api/promo-codes/check', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code: 'welcome10', cart: [{ id: 'frosted-pine-candle', size: 'CANDLE', quantity: 1 }] }),
  });
  expect(await promo.json()).toEqual({ code: 'WELCOME10', discount: 220, description: '10% off your order' });
  for (const slug of ['new-releases', 'hoodies', 'giftwraps', 'candles', 'tees', 'rugs', 'hot']) {
    expect((await (await get(`/api/products?category=${slug}`)).json()).products.length).toBeGreaterThan(0);
  }
  // The demo photos went through the image pipeline: variants served for a year, the originals private.
  const image = await get(all[0].image);
  expect(image.status).toBe(200);
  expect(image.headers.get('content-type')).toBe('image/jpeg');
  expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  expect(all[0].photos[0]).toMatchObject({ width: 640, height: 480, widths: [320, 480, 640] });
  expect((await get(`${all[0].photos[0].src}/480.avif`)).headers.get('content-type')).toBe('image/avif');
  expect(readdirSync(path.join(dataDir, 's3', 'shop-images', 'uploads')).length).toBeGreaterThanOrEqual(
    SEED_PRODUCTS.length,
  );
  const etag = image.headers.get('etag')!;
  expect((await get(all[0].image, { headers: { 'if-none-match': etag } })).status).toBe(304);

  // Compressed as CloudFront does: brotli first, else gzip; revalidated by ETag.
  const script = await get('/assets/app.js', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
  expect(script.headers.get('content-encoding')).toBe('br');
  expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  expect(script.headers.get('vary')).toBe('Accept-Encoding');
  expect(Number(script.headers.get('content-length'))).toBeLessThan(800);
  expect(await script.text()).toContain('a line of the app');
  const gzip = await fetch(`${stack.url}/api/products`, { headers: { 'accept-encoding': 'gzip' } });
  expect(gzip.headers.get('content-encoding')).toBe('gzip');
  expect((await get('/assets/app.js', { headers: { 'if-none-match': script.headers.get('etag')! } })).status).toBe(304);

  // The page function: crawler pages with their own head; an unknown product is a 404 the SPA still renders.
  const page = await get(`/product/${SEED_PRODUCTS[0].id}`);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain(`<title>${SEED_PRODUCTS[0].name} · Seasonal Shop</title>`);
  expect(html).toContain(
    `<meta property="og:image" content="${stack.url}${all.find((p: { id: string }) => p.id === SEED_PRODUCTS[0].id).photos[0].src}/640.jpg" />`,
  );
  expect(html).toContain('<div id="root">');
  expect((await get('/product/no-such-thing')).status).toBe(404);
  expect((await get('/robots.txt')).headers.get('content-type')).toBe('text/plain; charset=utf-8');
  expect(await (await get('/sitemap.xml')).text()).toContain(`<loc>${stack.url}/product/${SEED_PRODUCTS[0].id}</loc>`);

  const spa = await get('/product-list/tees');
  expect(spa.status).toBe(200);
  expect(spa.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  expect(await spa.text()).toContain('<div id="root">');
  expect((await get('/assets/missing.js')).status).toBe(404);
  expect((await get('/images/products/missing.svg')).status).toBe(404);
  expect((await get('/api/unknown')).status).toBe(404);

  // Sign in through the same-origin Cognito proxy, as the SPA does, then ask validateAdmin.
  const auth = await get('/cognito/', {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    body: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: config.userPoolClientId,
      AuthParameters: { USERNAME: admin.email, PASSWORD: admin.password },
    }),
  });
  const token = (await auth.json()).AuthenticationResult.AccessToken;
  const check = await get('/auth/validateAdmin', { headers: { authorization: `Bearer ${token}` } });
  expect(await check.json()).toEqual({ isAdmin: true });
  await stack.stop();

  const restarted = await startReady();
  expect(restarted.seeded).toBe(false);
  expect((await get('/api/health')).status).toBe(200);
  expect((await (await get('/api/products')).json()).products).toHaveLength(SEED_PRODUCTS.length);
  const again = await get('/auth/validateAdmin', { headers: { authorization: `Bearer ${token}` } });
  expect(again.status).toBe(200);
}, 120_000);

it('holds back a client over a limit by default (RATE_LIMITS unset), and not with RATE_LIMITS=off', async () => {
  const saved = process.env.RATE_LIMITS;
  const contact = (i: number) =>
    get('/api/forms/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Stack', email: 'stack@example.com', message: `Limits ${i}` }),
    });
  try {
    delete process.env.RATE_LIMITS;
    // The limiter's clock stands still: every request falls in one window, however slow the machine.
    expect((await startReady({ now: () => 0 })).stack.rateLimits).toEqual({ enabled: true, scale: 1 });
    for (let i = 0; i < 10; i++) expect((await contact(i)).status).toBe(201);
    const refused = await contact(10);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('600');
    expect((await refused.json()).error.message).toBe(RATE_LIMIT_MESSAGES.forms);
    await stack!.stop();

    process.env.RATE_LIMITS = 'off';
    expect((await startReady({ now: () => 0 })).stack.rateLimits.enabled).toBe(false);
    for (let i = 0; i < 12; i++) expect((await contact(i)).status).toBe(201);
  } finally {
    if (saved === undefined) delete process.env.RATE_LIMITS;
    else process.env.RATE_LIMITS = saved;
  }
}, 120_000);

it('REMINDER_DELAY_MINUTES sets the reminder delay at start (kept after a restart without it); links signed before a restart still open', async () => {
  const lines: string[] = [];
  await startReady(undefined, { reminderDelayMinutes: 1, log: (line) => lines.push(line) });
  expect(await readReminderSettings()).toEqual({ reminderDelayMinutes: 1 });
  expect(lines).toContain('checkout reminders: 1 minute after the card step');
  const token = await signToken('unsubscribe', 'kept@example.com');
  await stack!.stop();
  await startReady();
  expect(await readReminderSettings()).toEqual({ reminderDelayMinutes: 1 });
  // The signing key is the data folder's, not a new one: the link mailed before the restart works.
  await expect(checkToken('unsubscribe', token)).resolves.toMatchObject({ ok: true, subject: 'kept@example.com' });
  expect(readFileSync(path.join(dataDir, 'link-signing-key'), 'utf8').trim()).toBe(process.env.LINK_SIGNING_KEY);
}, 120_000);
