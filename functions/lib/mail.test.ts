import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import '#tests/one-realm';
import { mailNotTaken, sendMail, SEND_RULES, sesClientSettings } from './mail';

/**
 * The SES client's settings keep the mail rules of decision 0064, against a real local server standing in for SES:
 * one retry, only when SES answered that it is throttling (it took nothing); a request that was sent and got no
 * answer is never sent again; a hanging SES fails the send at 10 s; no connection proves nothing was sent.
 */
type Answer = (req: http.IncomingMessage, res: http.ServerResponse) => void;
let server: http.Server;
let endpoint: string;
/** The requests SES received, in order: their path, signature scheme and subject. */
let received: { path: string; signed: boolean; subject: string }[];
let answers: Answer[];
const saved = process.env.SES_ENDPOINT;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const input = JSON.parse(body) as { Content: { Simple: { Subject: { Data: string } } } };
      received.push({
        path: req.url ?? '',
        signed: /^AWS4-HMAC-SHA256 Credential=[^/]+\/\d{8}\/[^/]+\/ses\/aws4_request,/.test(
          req.headers.authorization ?? '',
        ),
        subject: input.Content.Simple.Subject.Data,
      });
      (answers.shift() ?? accept)(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ses`;
});
beforeEach(() => {
  received = [];
  answers = [];
  process.env.SES_ENDPOINT = endpoint;
});
afterEach(() => {
  process.env.SES_ENDPOINT = saved;
  jest.useRealTimers();
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

const json =
  (status: number, body: unknown, type?: string): Answer =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...(type ? { 'x-amzn-errortype': type } : {}) });
    res.end(JSON.stringify(body));
  };
const accept = json(200, { MessageId: 'm-1' });
const throttled = json(429, { message: 'Maximum sending rate exceeded.' }, 'TooManyRequestsException');
const mail = { to: 'ada@example.com', subject: 'Your order #1042', text: 'Thank you.' };
const failureOf = (sending: Promise<unknown>) => sending.then(() => null).catch((error: unknown) => error);

it('sends SendEmail, signed, to the v2 path under the endpoint, and answers its MessageId', async () => {
  expect(await sendMail(mail)).toEqual({ messageId: 'm-1' });
  expect(received).toEqual([{ path: '/ses/v2/email/outbound-emails', signed: true, subject: 'Your order #1042' }]);
});

it('throttled once: sent again once, after SES said it took nothing, and accepted', async () => {
  answers = [throttled];
  expect(await sendMail(mail)).toEqual({ messageId: 'm-1' });
  expect(received.map((request) => request.subject)).toEqual(['Your order #1042', 'Your order #1042']);
});

it('throttled twice: no third try; the error is SES’s, and the mail was not taken', async () => {
  answers = [throttled, throttled];
  const error = await failureOf(sendMail(mail));
  expect(error).toMatchObject({
    name: 'TooManyRequestsException',
    message: 'Maximum sending rate exceeded.',
    $metadata: { httpStatusCode: 429 },
  });
  expect(received).toHaveLength(2);
  expect(mailNotTaken(error)).toBe(true);
});

it('refused or failing at SES: not tried again here (the caller’s backoff does), and not taken', async () => {
  for (const refusal of [
    json(400, { message: 'Email address is not verified.' }, 'MessageRejected'),
    json(500, { message: 'Internal failure.' }, 'InternalFailure'),
  ]) {
    received = [];
    answers = [refusal];
    const error = await failureOf(sendMail(mail));
    expect(mailNotTaken(error)).toBe(true);
    expect(received).toHaveLength(1);
  }
});

it('the connection dropped after the request was sent: never sent again, and it may have been taken', async () => {
  answers = [(req) => req.socket.destroy()];
  const error = await failureOf(sendMail(mail));
  expect(error).not.toBeNull();
  expect(received).toHaveLength(1);
  expect(mailNotTaken(error)).toBe(false);
});

it('throttled, then the retry dropped: two requests, no more, and it may have been taken', async () => {
  answers = [throttled, (req) => req.socket.destroy()];
  const error = await failureOf(sendMail(mail));
  expect(received).toHaveLength(2);
  expect(mailNotTaken(error)).toBe(false);
});

it('SES never answers: the send fails at 10 s (not before), is not repeated, and may have been taken', async () => {
  // Only the timers are faked (the limits); the sockets are real.
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'clearImmediate', 'queueMicrotask', 'Date'] });
  let arrived!: () => void;
  const arrival = new Promise<void>((resolve) => (arrived = resolve));
  answers = [() => arrived()];
  let settled = false;
  const sending = failureOf(sendMail(mail)).finally(() => (settled = true));
  await arrival;
  jest.advanceTimersByTime(SEND_RULES.totalMs - 1);
  await new Promise((resolve) => setImmediate(resolve));
  expect(settled).toBe(false);
  jest.advanceTimersByTime(1);
  const error = await sending;
  expect(error).toMatchObject({ name: 'TimeoutError' });
  expect(SEND_RULES.totalMs).toBe(10_000);
  expect(received).toHaveLength(1);
  expect(mailNotTaken(error)).toBe(false);
});

it('no SES listening: nothing was sent, so the mail was not taken', async () => {
  process.env.SES_ENDPOINT = 'http://127.0.0.1:9/ses';
  const error = await failureOf(sendMail(mail));
  expect(error).toMatchObject({ code: 'ECONNREFUSED' });
  expect(mailNotTaken(error)).toBe(true);
});

it('no connection opened within the connect limit: the send fails, once, and nothing was sent', async () => {
  // A connection that never opens (no address here stays unanswered): the request handler's own connect limit.
  const opened: net.Socket[] = [];
  class NeverConnects extends http.Agent {
    override createConnection() {
      const socket = new net.Socket();
      Object.assign(socket, { connecting: true });
      opened.push(socket);
      return socket;
    }
  }
  const client = new SESv2Client({
    region: 'us-east-1',
    endpoint: endpoint,
    credentials: { accessKeyId: 'AKID', secretAccessKey: 'secret' },
    ...sesClientSettings,
    requestHandler: { ...sesClientSettings.requestHandler, connectionTimeout: 200, httpAgent: new NeverConnects() },
  });
  const error = await failureOf(
    client.send(
      new SendEmailCommand({
        FromEmailAddress: 'shop@example.com',
        Destination: { ToAddresses: [mail.to] },
        Content: { Simple: { Subject: { Data: mail.subject }, Body: { Text: { Data: mail.text } } } },
      }),
    ),
  );
  opened.forEach((socket) => socket.destroy());
  expect(error).toMatchObject({ name: 'TimeoutError' });
  expect(opened).toHaveLength(1);
  expect(received).toHaveLength(0);
  expect(mailNotTaken(error)).toBe(true);
  expect(SEND_RULES.connectMs).toBe(3_000);
});
