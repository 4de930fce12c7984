import type http from 'node:http';
import { RATE_LIMIT_MESSAGES } from '#shared/messages';
import { RATE_LIMIT_GROUPS, type RateLimitGroup } from '#shared/rate-limits';
import { clientAddress, createRateLimiter, rateLimitSwitchFromEnv } from './rate-limit';

/** The limiter on its own, with a clock the test moves (no test waits for a window). */
const FORMS = RATE_LIMIT_GROUPS.find((g) => g.id === 'forms')!;
const contact = { method: 'POST', path: '/api/forms/contact' };
const support = { method: 'POST', path: '/api/forms/support' };

function setup(options: { scale?: number; groups?: readonly RateLimitGroup[] } = {}) {
  let time = 1_000_000;
  const lines: string[] = [];
  const limiter = createRateLimiter({ ...options, now: () => time, log: (line) => lines.push(line) });
  return {
    limiter,
    lines,
    advance: (seconds: number) => {
      time += seconds * 1000;
    },
  };
}

/** Sends `count` requests and answers how many were let through. */
const passed = (
  limiter: ReturnType<typeof createRateLimiter>,
  request: typeof contact,
  client: string,
  count: number,
) => Array.from({ length: count }, () => limiter.check(request, client)).filter((refusal) => refusal === null).length;

test("lets a group's limit through per window, then refuses with the group's message, Retry-After and a 429", () => {
  const { limiter, advance } = setup();
  expect(passed(limiter, contact, '10.0.0.1', FORMS.limit)).toBe(FORMS.limit);
  advance(30);
  const refusal = limiter.check(contact, '10.0.0.1')!;
  expect(refusal.status).toBe(429);
  expect(refusal.group.id).toBe('forms');
  expect(refusal.body).toEqual({ error: { code: 'rate_limited', message: RATE_LIMIT_MESSAGES.forms } });
  // The oldest counted request leaves the 600 s window 570 s from now.
  expect(refusal.headers).toEqual({ 'retry-after': '570' });
  expect(refusal.retryAfterSeconds).toBe(570);
});

test('the three forms count together; other groups and other clients count on their own', () => {
  const { limiter } = setup();
  expect(passed(limiter, contact, '10.0.0.1', 5) + passed(limiter, support, '10.0.0.1', 5)).toBe(10);
  expect(limiter.check({ method: 'POST', path: '/api/forms/quote' }, '10.0.0.1')).not.toBeNull();
  expect(limiter.check(contact, '10.0.0.2')).toBeNull();
  expect(limiter.check({ method: 'POST', path: '/api/test-payments/confirm' }, '10.0.0.1')).toBeNull();
  expect(limiter.check({ cognitoTarget: 'AWSCognitoIdentityProviderService.SignUp' }, '10.0.0.1')).toBeNull();
});

test('requests outside every group are never counted or refused', () => {
  const { limiter, lines } = setup();
  expect(passed(limiter, { method: 'GET', path: '/api/products' }, '10.0.0.1', 500)).toBe(500);
  expect(passed(limiter, { method: 'POST', path: '/api/products/validate-cart' }, '10.0.0.1', 500)).toBe(500);
  expect(lines).toEqual([]);
});

test('the window slides: a request is let through again exactly when the oldest counted one leaves the window', () => {
  const { limiter, advance } = setup();
  limiter.check(contact, '10.0.0.1'); // t = 0
  advance(100);
  expect(passed(limiter, contact, '10.0.0.1', 9)).toBe(9); // t = 100
  advance(499);
  expect(limiter.check(contact, '10.0.0.1')?.retryAfterSeconds).toBe(1); // t = 599: the first still counts
  advance(1);
  expect(limiter.check(contact, '10.0.0.1')).toBeNull(); // t = 600: it left; this one takes its place
  expect(limiter.check(contact, '10.0.0.1')?.retryAfterSeconds).toBe(100); // the nine of t = 100 leave at 700
  advance(100);
  expect(passed(limiter, contact, '10.0.0.1', 10)).toBe(9);
});

test('refused requests are not counted: waiting Retry-After is always enough, however often the client retried', () => {
  const { limiter, advance } = setup();
  passed(limiter, contact, '10.0.0.1', 10);
  for (let i = 0; i < 50; i++) {
    advance(10);
    expect(limiter.check(contact, '10.0.0.1')).not.toBeNull();
  }
  const wait = limiter.check(contact, '10.0.0.1')!.retryAfterSeconds;
  expect(wait).toBe(100);
  advance(wait);
  expect(limiter.check(contact, '10.0.0.1')).toBeNull();
});

test('a scale multiplies every limit (RATE_LIMITS=<number>)', () => {
  expect(passed(setup({ scale: 3 }).limiter, contact, '10.0.0.1', 40)).toBe(30);
  expect(passed(setup({ scale: 0.5 }).limiter, contact, '10.0.0.1', 40)).toBe(5);
});

test('logs one structured line per refusal with the shared event name, the group and the client', () => {
  const { limiter, lines } = setup();
  passed(limiter, contact, '10.0.0.9', 12);
  limiter.check({ cognitoTarget: 'AWSCognitoIdentityProviderService.SignUp' }, '10.0.0.9');
  expect(lines.map((line) => JSON.parse(line))).toEqual([
    {
      level: 'WARN',
      event: 'rate_limited',
      group: 'forms',
      client: '10.0.0.9',
      method: 'POST',
      path: '/api/forms/contact',
      limit: 10,
      windowSeconds: 600,
      retryAfterSeconds: 600,
    },
    {
      level: 'WARN',
      event: 'rate_limited',
      group: 'forms',
      client: '10.0.0.9',
      method: 'POST',
      path: '/api/forms/contact',
      limit: 10,
      windowSeconds: 600,
      retryAfterSeconds: 600,
    },
  ]);
});

test('forgets clients whose requests all left the window once many are tracked', () => {
  const { limiter, advance } = setup();
  for (let i = 0; i < 10_001; i++) limiter.check(contact, `10.1.${Math.floor(i / 250)}.${i % 250}`);
  expect(limiter.tracked()).toBe(10_001);
  advance(601);
  // The next new entry passes the threshold and sweeps: only it is left.
  expect(limiter.check(contact, 'fresh')).toBeNull();
  expect(limiter.tracked()).toBe(1);
});

test('checkHttp counts the socket address (IPv4-mapped IPv6 as IPv4), never X-Forwarded-For, and reads x-amz-target on /cognito', () => {
  const { limiter } = setup();
  const req = (remoteAddress: string, headers: Record<string, string> = {}, method = 'POST') =>
    ({ method, headers, socket: { remoteAddress } }) as unknown as http.IncomingMessage;
  expect(clientAddress(req('::ffff:127.0.0.1'))).toBe('127.0.0.1');
  expect(clientAddress(req('::1'))).toBe('::1');
  for (let i = 0; i < 10; i++)
    expect(
      limiter.checkHttp(req('::ffff:127.0.0.1', { 'x-forwarded-for': `203.0.113.${i}` }), '/api/forms/contact'),
    ).toBeNull();
  expect(
    limiter.checkHttp(req('127.0.0.1', { 'x-forwarded-for': '203.0.113.99' }), '/api/forms/contact'),
  ).not.toBeNull();

  const signUp = { 'x-amz-target': 'AWSCognitoIdentityProviderService.SignUp' };
  for (let i = 0; i < 10; i++) expect(limiter.checkHttp(req('127.0.0.1', signUp), '/cognito/')).toBeNull();
  expect(limiter.checkHttp(req('127.0.0.1', signUp), '/cognito')?.group.id).toBe('sign-up');
  expect(
    limiter.checkHttp(
      req('127.0.0.1', { 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' }),
      '/cognito/',
    ),
  ).toBeNull();
  expect(limiter.checkHttp(req('127.0.0.1'), '/cognito/')).toBeNull();
});

test('RATE_LIMITS: on unless off; a number scales; anything else stops the start with a sentence', () => {
  expect(rateLimitSwitchFromEnv({})).toEqual({ enabled: true, scale: 1 });
  expect(rateLimitSwitchFromEnv({ RATE_LIMITS: ' off ' })).toEqual({ enabled: false, scale: 1 });
  expect(rateLimitSwitchFromEnv({ RATE_LIMITS: '10' })).toEqual({ enabled: true, scale: 10 });
  expect(() => rateLimitSwitchFromEnv({ RATE_LIMITS: 'lots' })).toThrow(/^RATE_LIMITS must be on, off or a number/);
});
