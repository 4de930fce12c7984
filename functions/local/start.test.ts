import { spawnSync } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/**
 * `npm start` with HOST beyond loopback (issue 23) or behind a tunnel (PUBLIC_URL, issue 32): refused while the
 * admin's password is the one everybody knows, else a plain warning of what the shop then exposes. PORT names a busy
 * port, so nothing is built or started.
 */
const ROOT = path.resolve(__dirname, '..', '..');
let busy: http.Server;
let port = 0;
beforeAll(async () => {
  busy = http.createServer();
  await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
  port = (busy.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => busy.close(() => resolve())));

function npmStart(env: Record<string, string>) {
  const { ADMIN_PASSWORD: _password, HOST: _host, PUBLIC_URL: _public, ...rest } = process.env;
  const result = spawnSync(
    process.execPath,
    [path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), path.join(ROOT, 'functions', 'local', 'start.ts')],
    {
      cwd: ROOT,
      env: { ...rest, PORT: String(port), DYNAMODB_PORT: String(port), COGNITO_PORT: String(port), ...env },
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

test('HOST=0.0.0.0 with the default admin password is refused, saying why and what to set', () => {
  const { status, output } = npmStart({ HOST: '0.0.0.0' });
  expect(status).toBe(1);
  expect(output).toContain(
    'HOST=0.0.0.0 would let anyone on the network sign in as the admin with the password everyone knows (ShopAdmin1): set ADMIN_PASSWORD too, or leave HOST unset.',
  );
});

test('HOST=0.0.0.0 with an admin password of its own starts with a plain warning of what it exposes', () => {
  const { status, output } = npmStart({ HOST: '0.0.0.0', ADMIN_PASSWORD: 'Mine0nly9' });
  expect(output).toContain(
    `WARNING: HOST=0.0.0.0 makes the shop answer every machine that reaches this one on port ${port}.`,
  );
  expect(output).toContain("The local stack is a developer's, not a public shop");
  expect(output).toContain(
    'Still on this machine only: the mail outbox (/ses/outbox, with reset codes), the Cognito stand-in and its admin calls.',
  );
  expect(output).toContain(`DynamoDB Local answers on port ${port} of every interface`);
  // Then it stops on the busy port, as any start would.
  expect(output).toContain(`Port ${port} is already in use`);
  expect(status).toBe(1);
});

test('without HOST nothing is said, and a PUBLIC_URL that is not an origin is refused', () => {
  expect(npmStart({}).output).not.toContain('WARNING');
  const { status, output } = npmStart({ PUBLIC_URL: 'http://192.168.1.20:3000/shop' });
  expect(status).toBe(1);
  expect(output).toContain(
    'PUBLIC_URL must be an origin such as http://192.168.1.20:3000 or https://shop.example.dev (got "http://192.168.1.20:3000/shop")',
  );
});

test('PUBLIC_URL (a tunnel) with the default admin password is refused, saying why and what to set', () => {
  const { status, output } = npmStart({ PUBLIC_URL: 'https://example.test' });
  expect(status).toBe(1);
  expect(output).toContain(
    'PUBLIC_URL=https://example.test would let anyone who reaches that address sign in as the admin with the password everyone knows (ShopAdmin1): set ADMIN_PASSWORD too, or leave PUBLIC_URL unset.',
  );
  expect(output).not.toContain('is already in use');
});

test('PUBLIC_URL with an admin password of its own says what the tunnel shows and to whom, then starts', () => {
  const { status, output } = npmStart({ PUBLIC_URL: 'https://example.test', ADMIN_PASSWORD: 'Mine0nly9' });
  expect(output).toContain(
    'PUBLIC_URL=https://example.test: whoever reaches that address can browse, create accounts, place orders with test cards',
  );
  expect(output).toContain('opens only with the key printed below once the shop is ready');
  // Then it stops on the busy port, as any start would.
  expect(output).toContain(`Port ${port} is already in use`);
  expect(status).toBe(1);
});

test('REMINDER_DELAY_MINUTES must be whole minutes from 0 (off) to a day; a good one passes on to the start', () => {
  for (const bad of ['soon', '1.5', '-1', '1441']) {
    const { status, output } = npmStart({ REMINDER_DELAY_MINUTES: bad });
    expect(status).toBe(1);
    expect(output).toContain(
      `REMINDER_DELAY_MINUTES must be a whole number of minutes from 0 (reminders off) to 1440 (got "${bad}")`,
    );
  }
  // A usable one: the start goes on and stops only at the busy port.
  expect(npmStart({ REMINDER_DELAY_MINUTES: '1' }).output).toContain(`Port ${port} is already in use`);
});
