import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SEED_PRODUCTS } from './seed';
import { freePort } from './processes';
import { startLocalStack, type LocalStack } from './stack';

/** The stack behind `npm start`, started as a user would get it: seeded once, data kept across restarts. */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-stack-'));
const webDir = path.join(dataDir, 'web');
mkdirSync(path.join(webDir, 'assets'), { recursive: true });
writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Shop</title><div id="root"></div>');
writeFileSync(path.join(webDir, 'assets', 'app.js'), 'console.log(1)');
const admin = { email: 'boss@example.com', password: 'BossPass1' };

let stack: LocalStack | undefined;
let ports: { port: number; dynamoPort: number; cognitoPort: number } | undefined;
/** Same ports on restart, as `npm start` uses: a session token stays valid across a restart. */
const start = async () => {
  ports ??= { port: await freePort(), dynamoPort: await freePort(), cognitoPort: await freePort() };
  return startLocalStack({ ...ports, dataDir, webDir, admin });
};
const get = (p: string, init?: RequestInit) => fetch(`${stack!.url}${p}`, init);

afterEach(async () => {
  await stack?.stop();
  stack = undefined;
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it('serves API, config, images and the SPA from one origin, and keeps data across a restart without seeding twice', async () => {
  stack = await start();
  expect(stack.seeded).toBe(true);
  expect(await (await get('/api/health')).json()).toEqual({ ok: true });

  const config = await (await get('/config.json')).json();
  expect(config).toMatchObject({ region: 'us-east-1', userPoolId: stack.cognito.userPoolId, userPoolClientId: stack.cognito.clientId, paymentMode: 'test' });
  expect(config.cognitoEndpoint).toBe(`${stack.url}/cognito`);

  const all = (await (await get('/api/products')).json()).products;
  expect(all).toHaveLength(SEED_PRODUCTS.length);
  for (const slug of ['new-releases', 'hoodies', 'giftwraps', 'candles', 'tees', 'rugs', 'hot']) {
    expect((await (await get(`/api/products?category=${slug}`)).json()).products.length).toBeGreaterThan(0);
  }
  const image = await get(all[0].image);
  expect(image.status).toBe(200);
  expect(image.headers.get('content-type')).toBe('image/svg+xml');

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
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
    body: JSON.stringify({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: config.userPoolClientId, AuthParameters: { USERNAME: admin.email, PASSWORD: admin.password } }),
  });
  const token = (await auth.json()).AuthenticationResult.AccessToken;
  const check = await get('/auth/validateAdmin', { headers: { authorization: `Bearer ${token}` } });
  expect(await check.json()).toEqual({ isAdmin: true });
  await stack.stop();

  stack = await start();
  expect(stack.seeded).toBe(false);
  expect((await (await get('/api/products')).json()).products).toHaveLength(SEED_PRODUCTS.length);
  const again = await get('/auth/validateAdmin', { headers: { authorization: `Bearer ${token}` } });
  expect(again.status).toBe(200);
}, 120_000);
