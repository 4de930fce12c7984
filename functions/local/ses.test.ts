import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http, { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { localCredentials } from '../lib/aws-client';
import { sendMail } from '../lib/mail';
import { createGateway, type GatewayOptions } from './gateway';
import { createSesStandIn, isLoopback, OUTBOX_KEY_COOKIE } from './ses';

/**
 * The SES v2 stand-in behind the local gateway, called by the real SDK as the functions call it, signed with the key
 * of this run (STANDIN_ACCESS_KEY_ID and its secret, what the stand-in takes by default).
 */
const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-ses-test-'));
const outbox = path.join(dir, 'outbox');
let server: http.Server;
let origin: string;
let ses: SESv2Client;

beforeAll(async () => {
  server = createGateway({
    routes: [],
    webDir: dir,
    imagesDir: dir,
    config: {} as GatewayOptions['config'],
    cognitoUrl: 'http://127.0.0.1:9',
    mounts: { '/ses/': createSesStandIn(outbox) },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  ses = new SESv2Client({ region: 'us-east-1', endpoint: `${origin}/ses`, credentials: localCredentials('standin') });
});
afterAll(async () => {
  ses.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

const mailTo = (to: string) => ({
  FromEmailAddress: 'shop@example.com',
  Destination: { ToAddresses: [to] },
  Content: { Simple: { Subject: { Data: `Mail to ${to}` }, Body: { Text: { Data: 'x' } } } },
});
const outboxList = async () =>
  (await (await fetch(`${origin}/ses/outbox`)).json()).mails as Array<Record<string, unknown>>;

it('accepts SendEmail from the real SDK, writes an .eml and lists the mail at /ses/outbox', async () => {
  const answer = await ses.send(
    new SendEmailCommand({
      FromEmailAddress: 'no-reply@example.com',
      Destination: { ToAddresses: ['shop@example.com'] },
      ReplyToAddresses: ['ada@example.com'],
      Content: {
        Simple: {
          Subject: { Data: 'Contact Form Submission' },
          Body: { Text: { Data: 'Name: Ada\n\nHello <b>there</b>' } },
        },
      },
    }),
  );
  expect(answer.MessageId).toEqual(expect.any(String));

  const [mail] = await outboxList();
  expect(mail).toMatchObject({
    id: answer.MessageId,
    to: ['shop@example.com'],
    from: 'no-reply@example.com',
    replyTo: ['ada@example.com'],
    subject: 'Contact Form Submission',
    text: 'Name: Ada\n\nHello <b>there</b>',
  });
  expect(Date.parse(mail.date as string)).not.toBeNaN();

  const eml = readFileSync(
    path.join(
      outbox,
      readdirSync(outbox).find((f) => f.endsWith('.eml'))!,
    ),
    'utf8',
  );
  expect(eml).toContain('Subject: Contact Form Submission\r\n');
  expect(eml).toContain('Reply-To: ada@example.com\r\n');
  expect(eml).toContain('Content-Type: text/plain; charset=UTF-8\r\n');
  expect(eml).toMatch(/\r\n\r\nName: Ada\r\n\r\nHello <b>there<\/b>\r\n$/);
});

it('is what sendMail talks to when SES_ENDPOINT points at it; newest mail first; headers stay one line', async () => {
  const saved = process.env.SES_ENDPOINT;
  process.env.SES_ENDPOINT = `${origin}/ses`;
  try {
    await sendMail({ to: 'shop@example.com', subject: 'Über\r\nBcc: evil@example.com', text: 'second' });
  } finally {
    process.env.SES_ENDPOINT = saved;
  }
  const mails = await outboxList();
  expect(mails.map((m) => m.text)).toEqual(['second', 'Name: Ada\n\nHello <b>there</b>']);
  const emls = readdirSync(outbox)
    .filter((f) => f.endsWith('.eml'))
    .sort();
  const eml = readFileSync(path.join(outbox, emls.at(-1)!), 'utf8');
  expect(eml).not.toMatch(/^Bcc:/m);
  expect(eml).toContain(`Subject: =?UTF-8?B?${Buffer.from('Über Bcc: evil@example.com').toString('base64')}?=\r\n`);
});

it('answers other paths and bad bodies with JSON errors the SDK can read', async () => {
  const missing = await fetch(`${origin}/ses/v2/email/identities`);
  expect(missing.status).toBe(404);
  expect(await missing.json()).toEqual({ message: expect.stringContaining('/ses/v2/email/identities') });

  await expect(
    ses.send(
      new SendEmailCommand({
        Destination: { ToAddresses: [] },
        Content: { Simple: { Subject: { Data: 'x' }, Body: {} } },
      }),
    ),
  ).rejects.toMatchObject({
    name: 'BadRequestException',
  });
});

it('takes only mail signed with the key of this start: unsigned, or signed with another key, is 403 and nothing is sent', async () => {
  const before = (await outboxList()).length;
  const unsigned = await fetch(`${origin}/ses/v2/email/outbound-emails`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(mailTo('unsigned@example.com')),
  });
  expect(unsigned.status).toBe(403);
  expect(unsigned.headers.get('x-amzn-errortype')).toBe('AccessDeniedException');
  for (const credentials of [
    { accessKeyId: 'local', secretAccessKey: 'local' },
    { accessKeyId: localCredentials('standin').accessKeyId, secretAccessKey: 'a-guessed-secret' },
  ]) {
    const stranger = new SESv2Client({ region: 'us-east-1', endpoint: `${origin}/ses`, credentials, maxAttempts: 1 });
    await expect(stranger.send(new SendEmailCommand(mailTo('stranger@example.com')))).rejects.toMatchObject({
      name: 'AccessDeniedException',
      $metadata: { httpStatusCode: 403 },
    });
    stranger.destroy();
  }
  expect(await outboxList()).toHaveLength(before);
});

it("a web page in the developer's browser cannot send (its request carries an Origin): 403, nothing in the outbox", async () => {
  const before = (await outboxList()).length;
  const mail = {
    FromEmailAddress: 'shop@example.com',
    Destination: { ToAddresses: ['victim@example.com'] },
    Content: { Simple: { Subject: { Data: 'From a page' }, Body: { Text: { Data: 'x' } } } },
  };
  const page = await fetch(`${origin}/ses/v2/email/outbound-emails`, {
    method: 'POST',
    headers: { origin: 'https://evil.example', 'content-type': 'text/plain' },
    body: JSON.stringify(mail),
  });
  expect(page.status).toBe(403);
  expect(page.headers.get('x-amzn-errortype')).toBe('AccessDeniedException');
  expect(page.headers.get('access-control-allow-origin')).toBeNull();
  expect(await outboxList()).toHaveLength(before);
});

it('the outbox as JSON is never stored by a cache nor sniffed: it carries reset links and gift card codes', async () => {
  const answer = await fetch(`${origin}/ses/outbox`);
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toBe('application/json');
  expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  expect(answer.headers.get('cache-control')).toBe('no-store');
  expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
  expect(Array.isArray((await answer.json()).mails)).toBe(true);
  // The page for a browser carries them too.
  const page = await fetch(`${origin}/ses/outbox`, { headers: { accept: 'text/html' } });
  expect([page.headers.get('x-content-type-options'), page.headers.get('cache-control')]).toEqual([
    'nosniff',
    'no-store',
  ]);
});

it("another site's page in the developer's browser cannot read the outbox (its request carries an Origin): 403, no mail in the answer, no CORS", async () => {
  const host = new URL(origin).host;
  for (const pageOrigin of ['https://evil.example', 'null', `http://localhost.evil.example:${new URL(origin).port}`]) {
    const answer = await fetch(`${origin}/ses/outbox`, { headers: { origin: pageOrigin } });
    expect(answer.status).toBe(403);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    expect(await answer.json()).toEqual({
      message: "The outbox is not shown to another site's page: open it in the address bar.",
    });
  }
  // The shop's own page (same origin) and the address bar still read it.
  expect((await fetch(`${origin}/ses/outbox`, { headers: { origin: `http://${host}` } })).status).toBe(200);
  expect((await fetch(`${origin}/ses/outbox`)).status).toBe(200);
});

it('a browser (Accept: text/html) gets the outbox as a page whose addresses are links, the mail text escaped, and no frame may hold it', async () => {
  await ses.send(
    new SendEmailCommand({
      FromEmailAddress: 'shop@example.com',
      Destination: { ToAddresses: ['page@example.com'] },
      Content: {
        Simple: {
          Subject: { Data: 'Your cart <is> waiting' },
          Body: {
            Text: { Data: 'Come back: https://shop.example.com/cart/restore?token=a.b&x=1\n<script>alert(1)</script>' },
          },
        },
      },
    }),
  );
  const answer = await fetch(`${origin}/ses/outbox`, { headers: { accept: 'text/html,application/xhtml+xml' } });
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(answer.headers.get('content-security-policy')).toBe(
    "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  );
  // No other site can frame it (and have a visitor click inside it): the policy's frame-ancestors, and the older
  // header for browsers without it.
  expect(answer.headers.get('x-frame-options')).toBe('DENY');
  expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
  const page = await answer.text();
  expect(page).toContain('<h2>Your cart &lt;is&gt; waiting</h2>');
  expect(page).toContain(
    '<a href="https://shop.example.com/cart/restore?token=a.b&amp;x=1">https://shop.example.com/cart/restore?token=a.b&amp;x=1</a>',
  );
  expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  expect(page).not.toContain('<script>');
  // Scripts and tests still get JSON.
  expect((await fetch(`${origin}/ses/outbox`)).headers.get('content-type')).toBe('application/json');
});

describe('the outbox (every mail, reset codes included) answers only this machine', () => {
  test('isLoopback reads the socket address: 127.0.0.0/8 and ::1, also IPv4-mapped; nothing else', () => {
    for (const address of ['127.0.0.1', '127.0.0.2', '::1', '::ffff:127.0.0.1'])
      expect({ address, loopback: isLoopback(address) }).toEqual({ address, loopback: true });
    for (const address of [
      '192.0.2.2',
      '::ffff:192.0.2.2',
      'fd00::2',
      '10.0.0.1',
      '',
      undefined,
      '127.0.0.1.evil',
      '::ffff:10.0.0.1',
    ]) {
      expect({ address, loopback: isLoopback(address) }).toEqual({ address, loopback: false });
    }
  });

  // This machine's own network address: a connection to it comes from it, not from loopback, as a phone's would.
  const lanAddress = Object.values(os.networkInterfaces())
    .flat()
    .find((a) => a && !a.internal && a.family === 'IPv4')?.address;
  (lanAddress ? test : test.skip)(
    `a client on the network address (${lanAddress ?? 'none on this machine'}) gets 403 in SES's format and no mail, whatever its headers say`,
    async () => {
      const lan = createGateway({
        routes: [],
        webDir: dir,
        imagesDir: dir,
        config: {} as GatewayOptions['config'],
        cognitoUrl: 'http://127.0.0.1:9',
        mounts: { '/ses/': createSesStandIn(outbox) },
      });
      // Only for this test, and only on this machine's own address (the shop itself listens on 127.0.0.1).
      await new Promise<void>((resolve) => lan.listen(0, lanAddress, resolve));
      try {
        const url = `http://${lanAddress}:${(lan.address() as AddressInfo).port}/ses/outbox`;
        const spoofed: Record<string, string>[] = [
          {},
          { 'x-forwarded-for': '127.0.0.1' },
          { forwarded: 'for=127.0.0.1' },
          { 'x-real-ip': '127.0.0.1' },
        ];
        for (const headers of spoofed) {
          const answer = await fetch(url, { headers });
          expect(answer.status).toBe(403);
          expect(answer.headers.get('x-amzn-errortype')).toBe('AccessDeniedException');
          const text = await answer.text();
          expect(JSON.parse(text)).toEqual({
            message:
              'The outbox (every mail the shop sent, reset codes included) is shown only on the machine that runs the shop: open it there, under localhost.',
          });
          expect(text).not.toContain('Contact Form Submission');
        }
      } finally {
        await new Promise<void>((resolve) => lan.close(() => resolve()));
      }
      // On this machine it is still there.
      expect((await outboxList()).length).toBeGreaterThan(0);
    },
  );
});

it('keeps the header fields a mail gives (List-Unsubscribe, List-Unsubscribe-Post) in the outbox and the .eml, with its HTML part; refuses a header SES would', async () => {
  const headers = {
    'List-Unsubscribe': '<https://shop.example.com/api/email-preferences/unsubscribe?token=a.b>',
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
  const answer = await ses.send(
    new SendEmailCommand({
      FromEmailAddress: 'no-reply@example.com',
      Destination: { ToAddresses: ['headers@example.com'] },
      Content: {
        Simple: {
          Subject: { Data: 'Your cart is waiting for you' },
          Body: { Text: { Data: 'Hi' }, Html: { Data: '<p>Hi</p>' } },
          Headers: Object.entries(headers).map(([Name, Value]) => ({ Name, Value })),
        },
      },
    }),
  );
  const mail = (await outboxList()).find((listed) => listed.id === answer.MessageId)!;
  expect(mail).toMatchObject({ headers, html: '<p>Hi</p>', text: 'Hi' });
  const eml = readdirSync(outbox).find((name) => name.endsWith(`${answer.MessageId}.eml`))!;
  expect(readFileSync(path.join(outbox, eml), 'utf8')).toContain(
    '\r\nList-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n',
  );

  const bad = ses.send(
    new SendEmailCommand({
      FromEmailAddress: 'no-reply@example.com',
      Destination: { ToAddresses: ['headers@example.com'] },
      Content: {
        Simple: { Subject: { Data: 'x' }, Body: { Text: { Data: 'x' } }, Headers: [{ Name: 'Bad: name', Value: 'x' }] },
      },
    }),
  );
  await expect(bad).rejects.toMatchObject({ name: 'BadRequestException' });
});

describe('tunnel mode (PUBLIC_URL set): the outbox and the send endpoint answer only the key of this start', () => {
  // A tunnel's agent connects from loopback and names the tunnel's host, or rewrites it to localhost.
  const tunnelHost = 'shop-tunnel.example';
  const key = 'tunnel-key-of-this-start-0123456789abcdef';
  let tunnel: http.Server;
  let port = 0;
  beforeAll(async () => {
    tunnel = createGateway({
      routes: [],
      webDir: dir,
      imagesDir: dir,
      config: {} as GatewayOptions['config'],
      cognitoUrl: 'http://127.0.0.1:9',
      publicUrl: `https://${tunnelHost}`,
      mounts: { '/ses/': createSesStandIn(outbox, { outboxKey: key }) },
    });
    await new Promise<void>((resolve) => tunnel.listen(0, '127.0.0.1', resolve));
    port = (tunnel.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => tunnel.close(() => resolve())));

  /** A request from 127.0.0.1 (as a tunnel's agent makes it) with the Host header given. */
  function request(
    pathname: string,
    options: { host: string; method?: string; headers?: Record<string, string>; body?: string },
  ): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path: pathname,
          method: options.method ?? 'GET',
          headers: { ...options.headers, host: options.host },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              text: Buffer.concat(chunks).toString('utf8'),
            }),
          );
        },
      );
      req.on('error', reject);
      req.end(options.body);
    });
  }
  const hosts = () => [tunnelHost, `localhost:${port}`, `127.0.0.1:${port}`];

  test('without the key: 403 under the tunnel’s Host, localhost and 127.0.0.1 alike, and no mail in the answer', async () => {
    expect((await outboxList()).length).toBeGreaterThan(0);
    for (const host of hosts()) {
      for (const pathname of ['/ses/outbox', '/ses/outbox?key=a-guessed-key', '/ses/outbox?key=']) {
        const tries: Record<string, string>[] = [
          {},
          { accept: 'text/html' },
          { cookie: `${OUTBOX_KEY_COOKIE}=a-guessed-key` },
        ];
        for (const headers of tries) {
          const answer = await request(pathname, { host, headers });
          expect({ host, pathname, headers, status: answer.status }).toEqual({ host, pathname, headers, status: 403 });
          expect(JSON.parse(answer.text)).toEqual({
            message:
              'The outbox (every mail the shop sent, reset codes included) opens only with the key npm start printed, as PUBLIC_URL is set: open the outbox link it printed.',
          });
        }
      }
    }
  });

  test('the printed link opens the page: the key goes into a cookie for /ses only (HttpOnly, SameSite=Strict, Secure), and the page opens again with it', async () => {
    for (const host of hosts()) {
      const json = await request(`/ses/outbox?key=${key}`, { host });
      expect({ host, status: json.status }).toEqual({ host, status: 200 });
      expect((JSON.parse(json.text) as { mails: unknown[] }).mails.length).toBeGreaterThan(0);
    }
    const link = await request(`/ses/outbox?key=${key}`, { host: tunnelHost, headers: { accept: 'text/html' } });
    expect(link.status).toBe(303);
    expect(link.headers.location).toBe('/ses/outbox');
    expect(link.headers['set-cookie']).toEqual([
      `${OUTBOX_KEY_COOKIE}=${key}; Path=/ses; HttpOnly; SameSite=Strict; Secure`,
    ]);
    const page = await request('/ses/outbox', {
      host: tunnelHost,
      headers: { accept: 'text/html', cookie: `other=1; ${OUTBOX_KEY_COOKIE}=${key}` },
    });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.text).toContain('<h1>Outbox:');
    expect(page.text).toContain('(the key npm start printed)');
    // The key does not open the outbox to another site's page.
    const framed = await request('/ses/outbox', {
      host: tunnelHost,
      headers: { origin: 'https://evil.example', cookie: `${OUTBOX_KEY_COOKIE}=${key}` },
    });
    expect(framed.status).toBe(403);
  });

  test('sending: an unsigned request under the tunnel’s Host from loopback is 403 and sends nothing; the functions’ signed mail goes out', async () => {
    const before = (await outboxList()).length;
    for (const host of hosts()) {
      const answer = await request('/ses/v2/email/outbound-emails', {
        host,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(mailTo('victim@example.com')),
      });
      expect({ host, status: answer.status }).toEqual({ host, status: 403 });
    }
    expect(await outboxList()).toHaveLength(before);
    const signed = new SESv2Client({
      region: 'us-east-1',
      endpoint: `http://localhost:${port}/ses`,
      credentials: localCredentials('standin'),
    });
    expect((await signed.send(new SendEmailCommand(mailTo('tunnel@example.com')))).MessageId).toEqual(
      expect.any(String),
    );
    signed.destroy();
    expect(await outboxList()).toHaveLength(before + 1);
  });
});
