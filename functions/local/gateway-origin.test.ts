import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ORIGIN_HEADER, ORIGIN_REFUSED_MESSAGE } from '#shared/origin';
import { ROUTE_LIST } from '#shared/routes';
import { formSubmissions } from '../db/entities/form-submission';
import { handler as submitContact } from '../http/forms/submit-contact';
import { invoke, useFreshTable } from '#tests/helpers';
import { createGateway } from './gateway';

/**
 * The local gateway plays CloudFront's origin header (docs/decisions/0066): a random value per start, put on every
 * event it hands to a handler over whatever the client sent, and the handlers refuse a call without it (as
 * `npm start` runs them: ORIGIN_SECRET set). A request through the gateway works; one at a handler does not.
 */
const secret = randomBytes(32).toString('base64url');
let server: http.Server;
let origin = '';

beforeAll(async () => {
  await useFreshTable();
  process.env.ORIGIN_SECRET = secret;
  server = createGateway({
    routes: ROUTE_LIST,
    webDir: '/nonexistent',
    imagesDir: '/nonexistent',
    config: {} as never,
    cognitoUrl: 'http://127.0.0.1:9',
    originSecret: secret,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  delete process.env.ORIGIN_SECRET;
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const form = (message: string) => ({ name: 'Gus', email: 'gus@example.com', message });

it('a browser through the gateway reaches the handler; a header the client made up is replaced, not trusted', async () => {
  for (const headers of [{}, { [ORIGIN_HEADER]: 'made-up' }] as Record<string, string>[]) {
    const answer = await fetch(`${origin}/api/forms/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(form('Via the gateway')),
    });
    expect(answer.status).toBe(201);
  }
  expect((await fetch(`${origin}/api/health`)).status).toBe(200);
  expect((await formSubmissions.query('inbox', {})).filter((s) => s.message === 'Via the gateway')).toHaveLength(2);
});

it('a call that skips the gateway (the handler with no header) is refused with 403 and stores nothing', async () => {
  const answer = await invoke(submitContact, {
    method: 'POST',
    path: '/api/forms/contact',
    body: form('Around the gateway'),
  });
  expect(answer).toMatchObject({
    status: 403,
    body: { error: { code: 'forbidden', message: ORIGIN_REFUSED_MESSAGE } },
  });
  expect((await formSubmissions.query('inbox', {})).filter((s) => s.message === 'Around the gateway')).toEqual([]);
});
