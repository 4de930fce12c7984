import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { ROUTE_LIST } from '#shared/routes';
import { SECURITY_HEADERS } from '#shared/security-headers';
import { createGateway } from './gateway';
import { createRateLimiter } from './rate-limit';

/**
 * Every API answer of the local gateway carries the security headers CloudFront's response-headers policy adds in AWS
 * (infra/lib/site.ts, one definition in shared/security-headers.ts): `X-Content-Type-Options: nosniff` above all, so
 * no browser reads an answer as another type than it says. The function's answers and the gateway's own alike.
 */
const server = createGateway({
  routes: ROUTE_LIST,
  webDir: os.tmpdir(),
  imagesDir: os.tmpdir(),
  config: {
    region: 'us-east-1',
    userPoolId: 'local',
    userPoolClientId: 'local',
    stripePublishableKey: null,
    paymentMode: 'test',
  },
  cognitoUrl: 'http://127.0.0.1:9',
  // Order look-ups: 10 per 5 minutes; the clock stands still.
  rateLimiter: createRateLimiter({ now: () => 0 }),
});
let port = 0;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function send(
  method: string,
  pathname: string,
  options: { headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method, path: pathname, headers: { host: `127.0.0.1:${port}`, ...options.headers } },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

it('puts nosniff and the other security headers on every API answer: a function’s, a 401, and the gateway’s 404, 405, 413, 429 and 400', async () => {
  const lookup = () =>
    send('POST', '/api/orders/lookup', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ orderNumber: '#1', email: 'x' }),
    });
  for (let i = 0; i < 10; i++) await lookup();
  const answers = {
    health: await send('GET', '/api/health'),
    description: await send('GET', '/api/openapi.json'),
    noToken: await send('GET', '/auth/cart'),
    noRoute: await send('GET', '/api/no-such-thing'),
    wrongMethod: await send('DELETE', '/api/health'),
    tooLarge: await send('POST', '/api/forms/contact', {
      headers: { 'content-type': 'application/json', 'content-length': String(10 * 1024 * 1024) },
    }),
    rateLimited: await lookup(),
    unknownHost: await send('GET', '/api/health', { headers: { host: 'evil.example' } }),
  };
  expect(Object.fromEntries(Object.entries(answers).map(([name, answer]) => [name, answer.status]))).toEqual({
    health: 200,
    description: 200,
    noToken: 401,
    noRoute: 404,
    wrongMethod: 405,
    tooLarge: 413,
    rateLimited: 429,
    unknownHost: 400,
  });
  expect(SECURITY_HEADERS['x-content-type-options']).toBe('nosniff');
  for (const [name, answer] of Object.entries(answers)) {
    for (const [header, value] of Object.entries(SECURITY_HEADERS))
      expect({ name, header, value: answer.headers[header] }).toEqual({ name, header, value });
  }
});
