import {
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
  SignUpCommand,
  TooManyRequestsException,
} from '@aws-sdk/client-cognito-identity-provider';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { RATE_LIMIT_MESSAGES } from '#shared/messages';
import { ROUTES } from '#shared/routes';
import { sentMails, useFreshTable } from '#tests/helpers';
import { formSubmissions } from '../db/entities/form-submission';
import { products } from '../db/entities/product';
import { stockDemand } from '../db/entities/stock-alert';
import { createGateway, type GatewayOptions } from './gateway';
import { createRateLimiter } from './rate-limit';

/**
 * The rate limits in the real local gateway: the route table's handlers against DynamoDB Local, the Cognito
 * proxy in front of the Cognito stand-in. Two client addresses are two loopback addresses (127.0.0.1 and
 * 127.0.0.2); the limiter's clock is the test's, so no test waits for a window.
 */
let time = 0;
const refusals: Record<string, unknown>[] = [];
const servers: http.Server[] = [];

async function startGateway(options: Partial<GatewayOptions>): Promise<string> {
  const server = createGateway({
    routes: ROUTES,
    webDir: __dirname,
    imagesDir: __dirname,
    config: {} as GatewayOptions['config'],
    cognitoUrl: process.env.TEST_COGNITO_ENDPOINT!,
    ...options,
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

let origin: string;
beforeAll(async () => {
  await useFreshTable();
  const rateLimiter = createRateLimiter({ now: () => time, log: (line) => refusals.push(JSON.parse(line)) });
  origin = await startGateway({ rateLimiter });
});
afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON answer the test reads freely (no-unsafe-* are off in tests, 0046)
  body: any;
}

/** A request from a chosen loopback address (the socket's address is what the limiter counts). */
function send(
  base: string,
  path: string,
  options: { from?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const payload = JSON.stringify(options.body ?? {});
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${path}`,
      {
        method: 'POST',
        localAddress: options.from ?? '127.0.0.1',
        headers: { 'content-type': 'application/json', ...options.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text ? JSON.parse(text) : undefined });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const contactForm = (marker: string) => ({
  name: 'Rate Test',
  email: 'rate@example.com',
  message: `Hello ${marker}`,
  submissionId: randomUUID(),
});
const stored = async (marker: string) =>
  (await formSubmissions.query('inbox', {})).filter((s) => s.message === `Hello ${marker}`).length;
const mailed = (marker: string) => sentMails().filter((mail) => mail.text.includes(`Hello ${marker}`)).length;

test('a client over the forms limit gets 429 with Retry-After and the plain message, and nothing is stored or mailed', async () => {
  const marker = randomUUID();
  for (let i = 0; i < 10; i++) {
    const kind = ['contact', 'support', 'contact', 'quote'][i % 4];
    expect((await send(origin, `/api/forms/${kind}`, { body: { ...contactForm(marker), items: 'Tees' } })).status).toBe(
      201,
    );
  }
  time += 42_000;
  const refused = await send(origin, '/api/forms/contact', { body: contactForm(marker) });
  expect(refused.status).toBe(429);
  expect(refused.headers['retry-after']).toBe(String(600 - 42));
  expect(refused.headers['content-type']).toMatch(/^application\/json/);
  expect(refused.body).toEqual({ error: { code: 'rate_limited', message: RATE_LIMIT_MESSAGES.forms } });
  // The handler never ran: ten stored and mailed, not eleven.
  expect(await stored(marker)).toBe(10);
  expect(mailed(marker)).toBe(10);
  expect(refusals.at(-1)).toMatchObject({
    event: 'rate_limited',
    group: 'forms',
    client: '127.0.0.1',
    path: '/api/forms/contact',
    retryAfterSeconds: 558,
  });

  // Another client address is not affected.
  const other = await send(origin, '/api/forms/contact', { from: '127.0.0.2', body: contactForm(marker) });
  expect(other.status).toBe(201);
  expect(await stored(marker)).toBe(11);

  // Once the window has passed, the first client is let through again.
  expect((await send(origin, '/api/forms/quote', { body: { ...contactForm(marker), items: 'Mugs' } })).status).toBe(
    429,
  );
  time += 558_000;
  expect((await send(origin, '/api/forms/quote', { body: { ...contactForm(marker), items: 'Mugs' } })).status).toBe(
    201,
  );
  expect(await stored(marker)).toBe(12);
});

test('card confirmations: the handler answers until the limit, then the gateway does (429, not the 400 of a bad body)', async () => {
  const from = '127.0.0.3';
  for (let i = 0; i < 15; i++) {
    const answer = await send(origin, '/api/test-payments/confirm', { from, body: { nonsense: true } });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).not.toBe('rate_limited');
  }
  const refused = await send(origin, '/api/test-payments/confirm', { from, body: { nonsense: true } });
  expect(refused.status).toBe(429);
  expect(refused.body.error.message).toBe(RATE_LIMIT_MESSAGES.checkout);
  // The other checkout group (payment intents) still counts on its own.
  expect((await send(origin, '/auth/create-payment-intent/guest', { from, body: { nonsense: true } })).status).toBe(
    400,
  );
});

test('recording the order of an authorized card counts on its own, more generous group: card attempts from the same address never stop it', async () => {
  const from = '127.0.0.11';
  // A tester (or a family behind one address) used up the card steps.
  for (let i = 0; i < 15; i++)
    expect((await send(origin, '/api/test-payments/confirm', { from, body: { nonsense: true } })).status).toBe(400);
  expect((await send(origin, '/api/test-payments/confirm', { from, body: { nonsense: true } })).status).toBe(429);
  // The paying shopper's order call still reaches the handler (here: 400 for a bad body, 401 without a token).
  for (let i = 0; i < 60; i++) {
    const path = i % 2 ? '/auth/adminOrders' : '/auth/adminOrders/guest';
    const answer = await send(origin, path, { from, body: { nonsense: true } });
    expect({ i, status: answer.status }).toEqual({ i, status: path === '/auth/adminOrders' ? 401 : 400 });
  }
  // Its own limit: the 61st in five minutes is refused with its own sentence and Retry-After.
  const refused = await send(origin, '/auth/adminOrders/guest', { from, body: { nonsense: true } });
  expect(refused.status).toBe(429);
  expect(refused.body.error.message).toBe(RATE_LIMIT_MESSAGES.orderRecording);
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  expect(refusals.at(-1)).toMatchObject({ group: 'order-recording', client: from });
});

test('sign-up through the Cognito proxy: the 11th account from one address is refused before Cognito, and the SDK raises TooManyRequestsException with the message', async () => {
  const from = '127.0.0.4';
  const signUp = (email: string, address = from) =>
    send(origin, '/cognito/', {
      from: address,
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.SignUp',
      },
      body: {
        ClientId: process.env.COGNITO_CLIENT_ID,
        Username: email,
        Password: 'RateTest1',
        UserAttributes: [{ Name: 'email', Value: email }],
      },
    });
  for (let i = 0; i < 10; i++) expect((await signUp(`rate-${randomUUID()}@example.com`)).status).toBe(200);

  const refusedEmail = `rate-${randomUUID()}@example.com`;
  const refused = await signUp(refusedEmail);
  expect(refused.status).toBe(429);
  expect(Number(refused.headers['retry-after'])).toBe(600);
  expect(refused.body).toEqual({
    __type: 'TooManyRequestsException',
    message: RATE_LIMIT_MESSAGES.signUp,
    error: { code: 'rate_limited', message: RATE_LIMIT_MESSAGES.signUp },
  });
  const admin = new CognitoIdentityProviderClient({
    endpoint: process.env.TEST_COGNITO_ENDPOINT,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  await expect(
    admin.send(new AdminGetUserCommand({ UserPoolId: process.env.TEST_USER_POOL_ID, Username: refusedEmail })),
  ).rejects.toThrow(/User does not exist/);
  admin.destroy();

  // The browser's SDK (here the Node SDK, from 127.0.0.1 which has signed up nobody yet, after 10 sign-ups of its own).
  const sdk = new CognitoIdentityProviderClient({
    endpoint: `${origin}/cognito`,
    region: 'us-east-1',
    credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
    maxAttempts: 1,
  });
  for (let i = 0; i < 10; i++) expect((await signUp(`rate-${randomUUID()}@example.com`, '127.0.0.1')).status).toBe(200);
  const failure = await sdk
    .send(
      new SignUpCommand({
        ClientId: process.env.COGNITO_CLIENT_ID,
        Username: `rate-${randomUUID()}@example.com`,
        Password: 'RateTest1',
      }),
    )
    .catch((error: Error) => error);
  expect(failure).toBeInstanceOf(TooManyRequestsException);
  expect((failure as Error).message).toBe(RATE_LIMIT_MESSAGES.signUp);
  sdk.destroy();

  // Signing in is not limited, and another address may still sign up.
  expect((await signUp(`rate-${randomUUID()}@example.com`, '127.0.0.5')).status).toBe(200);
});

test('password reset: ForgotPassword and ConfirmForgotPassword count together', async () => {
  const from = '127.0.0.6';
  const call = (target: string) =>
    send(origin, '/cognito/', {
      from,
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': `AWSCognitoIdentityProviderService.${target}`,
      },
      body: {
        ClientId: process.env.COGNITO_CLIENT_ID,
        Username: `nobody-${randomUUID()}@example.com`,
        ConfirmationCode: '123456',
        Password: 'RateTest1',
      },
    });
  for (let i = 0; i < 10; i++)
    expect((await call(i % 2 ? 'ForgotPassword' : 'ConfirmForgotPassword')).status).not.toBe(429);
  const refused = await call('ForgotPassword');
  expect(refused.status).toBe(429);
  expect(refused.body.message).toBe(RATE_LIMIT_MESSAGES.passwordReset);
});

test('back-in-stock requests: the 11th from one address in ten minutes is refused before the handler, and nothing is stored', async () => {
  const from = '127.0.0.12';
  await products.create({
    id: 'rate-candle',
    name: 'Rate Candle',
    image: '/i/c.svg',
    description: 'd',
    price: 1800,
    tag: 'candles',
    stock: { CANDLE: 0 },
  });
  const ask = () =>
    send(origin, '/api/stock-alerts', {
      from,
      body: { productId: 'rate-candle', size: 'CANDLE', email: `rate-${randomUUID()}@example.com` },
    });
  for (let i = 0; i < 10; i++) expect((await ask()).status).toBe(200);
  const refused = await ask();
  expect(refused.status).toBe(429);
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  expect(refused.body).toEqual({ error: { code: 'rate_limited', message: RATE_LIMIT_MESSAGES.stockAlerts } });
  expect((await stockDemand.get({ productId: 'rate-candle', size: 'CANDLE' }, { consistent: true }))?.waiting).toBe(10);
  expect(refusals.at(-1)).toMatchObject({ group: 'stock-alerts', client: from, path: '/api/stock-alerts' });
});

test('without a limiter (RATE_LIMITS=off) the same client is never refused', async () => {
  const open = await startGateway({});
  const marker = randomUUID();
  for (let i = 0; i < 12; i++)
    expect((await send(open, '/api/forms/contact', { from: '127.0.0.7', body: contactForm(marker) })).status).toBe(201);
  expect(await stored(marker)).toBe(12);
});

describe('the Cognito proxy reads x-amz-target as Cognito does (one spelling per operation, so none slips past the limiter)', () => {
  const seen: string[] = [];
  let strict: string;
  beforeAll(async () => {
    // Its own limiter and clock, and a trigger stand-in that records every operation forwarded to Cognito.
    const rateLimiter = createRateLimiter({ now: () => time });
    strict = await startGateway({ rateLimiter, cognitoHook: (operation) => void seen.push(operation) });
  });
  const call = (target: string, from: string, body: Record<string, unknown>) =>
    send(strict, '/cognito/', {
      from,
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': target },
      body,
    });
  const signUpBody = (email: string) => ({
    ClientId: process.env.COGNITO_CLIENT_ID,
    Username: email,
    Password: 'RateTest1',
    UserAttributes: [{ Name: 'email', Value: email }],
  });
  const exists = async (email: string) => {
    const admin = new CognitoIdentityProviderClient({
      endpoint: process.env.TEST_COGNITO_ENDPOINT,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    try {
      return await admin
        .send(new AdminGetUserCommand({ UserPoolId: process.env.TEST_USER_POOL_ID, Username: email }))
        .then(
          () => true,
          () => false,
        );
    } finally {
      admin.destroy();
    }
  };
  const OTHER_SPELLINGS = [
    'X.SignUp',
    'awscognitoidentityproviderservice.SignUp',
    'AWSCognitoIdentityProviderService.signUp',
    'AWSCognitoIdentityProviderService.SignUp.X',
    'SignUp',
    'AWSCognitoIdentityProviderService.',
  ];

  test('an address at its sign-up limit cannot sign up with another spelling: 400 UnknownOperationException, no account, Cognito never called', async () => {
    const from = '127.0.0.8';
    for (let i = 0; i < 10; i++)
      expect(
        (await call('AWSCognitoIdentityProviderService.SignUp', from, signUpBody(`rate-${randomUUID()}@example.com`)))
          .status,
      ).toBe(200);
    expect(
      (await call('AWSCognitoIdentityProviderService.SignUp', from, signUpBody(`rate-${randomUUID()}@example.com`)))
        .status,
    ).toBe(429);
    seen.length = 0;
    for (const target of OTHER_SPELLINGS) {
      const email = `rate-${randomUUID()}@example.com`;
      const answer = await call(target, from, signUpBody(email));
      expect({ target, status: answer.status, type: answer.body.__type }).toEqual({
        target,
        status: 400,
        type: 'UnknownOperationException',
      });
      expect(answer.headers['x-amzn-errortype']).toMatch(/^UnknownOperationException/);
      expect(await exists(email)).toBe(false);
    }
    expect(seen).toEqual([]);
  });

  test('other spellings of ForgotPassword are refused the same way and never reach Cognito (no reset mail), and do not count', async () => {
    const from = '127.0.0.9';
    seen.length = 0;
    const forgot = { ClientId: process.env.COGNITO_CLIENT_ID, Username: 'nobody@example.com' };
    for (let i = 0; i < 25; i++) {
      const answer = await call(
        i % 2 ? 'X.ForgotPassword' : 'awscognitoidentityproviderservice.ForgotPassword',
        from,
        forgot,
      );
      expect(answer.status).toBe(400);
      expect(answer.body.__type).toBe('UnknownOperationException');
    }
    expect(seen).toEqual([]);
    // The exact spelling is still counted from the first call: 10 pass, the 11th is refused.
    for (let i = 0; i < 10; i++)
      expect((await call('AWSCognitoIdentityProviderService.ForgotPassword', from, forgot)).status).not.toBe(429);
    expect((await call('AWSCognitoIdentityProviderService.ForgotPassword', from, forgot)).status).toBe(429);
    expect(seen).toEqual(Array(10).fill('ForgotPassword'));
  });

  test('a call without x-amz-target is refused the same way', async () => {
    const answer = await send(strict, '/cognito/', {
      from: '127.0.0.10',
      headers: { 'content-type': 'application/x-amz-json-1.1' },
      body: signUpBody(`rate-${randomUUID()}@example.com`),
    });
    expect(answer.status).toBe(400);
    expect(answer.body.__type).toBe('UnknownOperationException');
  });
});
