import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { GetEmailIdentityCommand, SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { neverSent, serviceError, signedRequest, signedRequestHeaders } from './aws-signed';
import { sendEmailInput } from './mail';

/**
 * AWS calls signed by hand (issue 39, decision 0131): the signature is the SDK's own, byte for byte, for the requests
 * the SDK clients made (SES v2's SendEmail, Secrets Manager's GetSecretValue); the transport keeps the SDK's limits
 * and tells a request never sent from one that may have been.
 */
const credentials = {
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
  sessionToken: 'session/token+with=signs',
};

interface Sent {
  method: string;
  hostname: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}
class Captured extends Error {
  constructor(readonly request: Sent) {
    super('captured');
  }
}
/** The request an SDK client signed, taken before it leaves (no network). */
const capture = {
  handle: async (request: Omit<Sent, 'body'> & { body: Uint8Array | string }) => {
    const { body } = request;
    throw new Captured({ ...request, body: typeof body === 'string' ? body : new TextDecoder().decode(body) });
  },
};
async function sdkRequest(send: () => Promise<unknown>): Promise<Sent> {
  const error = await send().catch((failure: unknown) => failure);
  if (!(error instanceof Captured)) throw error;
  return error.request;
}

/** Our headers for the same request, signed at the SDK's time, over the headers the SDK signed. */
function ours(service: string, sdk: Sent) {
  const signed = /SignedHeaders=([^,]+)/.exec(sdk.headers.authorization)![1].split(';');
  const [, y, mo, d, h, mi, s] = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(sdk.headers['x-amz-date'])!;
  return signedRequestHeaders({
    service,
    region: 'eu-west-1',
    method: sdk.method,
    url: new URL(`https://${sdk.hostname}${sdk.path}`),
    headers: Object.fromEntries(
      signed
        .filter((name) => !['host', 'x-amz-date', 'x-amz-security-token'].includes(name))
        .map((name) => [name, sdk.headers[name]]),
    ),
    body: sdk.body,
    keys: credentials,
    now: new Date(Date.UTC(+y, +mo - 1, +d, +h, +mi, +s)),
  });
}

describe('the signature is the SDK’s', () => {
  const config = { region: 'eu-west-1', credentials, requestHandler: capture, maxAttempts: 1 };

  it('SES v2 SendEmail with every part the shop sends (reply-to, HTML, headers, non-ASCII)', async () => {
    const input = sendEmailInput(
      {
        to: 'ada+tag@example.com',
        replyTo: 'bo@example.com',
        subject: 'Your order #1042 — ünïcode',
        text: 'Hello\nthere',
        html: '<p>Hello</p>',
        headers: { 'List-Unsubscribe': '<https://shop.example.com/u?t=a+b>', 'List-Unsubscribe-Post': 'One-Click' },
      },
      'shop@example.com',
    );
    const sdk = await sdkRequest(() => new SESv2Client(config).send(new SendEmailCommand(input)));
    expect({ method: sdk.method, host: sdk.hostname, path: sdk.path }).toEqual({
      method: 'POST',
      host: 'email.eu-west-1.amazonaws.com',
      path: '/v2/email/outbound-emails',
    });
    // The same body as the SDK's, field for field.
    expect(JSON.parse(sdk.body)).toEqual(JSON.parse(JSON.stringify(input)));
    expect(ours('ses', sdk).authorization).toBe(sdk.headers.authorization);
  });

  it('a path the service signs encoded twice (SES v2 GetEmailIdentity of an address)', async () => {
    const sdk = await sdkRequest(() =>
      new SESv2Client(config).send(new GetEmailIdentityCommand({ EmailIdentity: 'shop@example.com' })),
    );
    expect(sdk.path).toBe('/v2/email/identities/shop%40example.com');
    expect(ours('ses', sdk).authorization).toBe(sdk.headers.authorization);
  });

  it('Secrets Manager GetSecretValue with a version stage (JSON 1.1, X-Amz-Target)', async () => {
    const sdk = await sdkRequest(() =>
      new SecretsManagerClient(config).send(
        new GetSecretValueCommand({
          SecretId: 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:Origin-abc',
          VersionStage: 'AWSPREVIOUS',
        }),
      ),
    );
    expect(sdk.headers['x-amz-target']).toBe('secretsmanager.GetSecretValue');
    expect(JSON.parse(sdk.body)).toEqual({
      SecretId: 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:Origin-abc',
      VersionStage: 'AWSPREVIOUS',
    });
    expect(ours('secretsmanager', sdk).authorization).toBe(sdk.headers.authorization);
  });
});

describe('the transport, against a local server', () => {
  let server: http.Server;
  let url: URL;
  let requests: string[];
  let answer: (req: http.IncomingMessage, res: http.ServerResponse) => void;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        requests.push(body);
        answer(req, res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/x`);
  });
  beforeEach(() => {
    requests = [];
  });
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  const call = (limits = { connectMs: 3_000, totalMs: 10_000 }, target = url, agent?: http.Agent) =>
    signedRequest({ service: 'ses', method: 'POST', url: target, body: '{"a":1}', keys: credentials, agent }, limits);

  it('an answer of any status comes back whole; an error answer is named as the SDK names it', async () => {
    answer = (_req, res) => {
      res.writeHead(400, {
        'content-type': 'application/json',
        'x-amzn-errortype': 'MessageRejected:http://internal.amazon.com/coral/com.amazonaws.sesv2/',
        'x-amzn-requestid': 'req-1',
      });
      res.end(JSON.stringify({ message: 'Email address is not verified.' }));
    };
    const refused = await call();
    expect(refused.status).toBe(400);
    expect(requests).toEqual(['{"a":1}']);
    const error = serviceError(refused);
    expect(error).toMatchObject({
      name: 'MessageRejected',
      message: 'Email address is not verified.',
      $metadata: { httpStatusCode: 400, requestId: 'req-1' },
      $fault: 'client',
    });
    // JSON 1.1's namespaced __type, and a body that is not JSON.
    answer = (_req, res) => {
      res.writeHead(400, { 'content-type': 'application/x-amz-json-1.1' });
      res.end(JSON.stringify({ __type: 'com.amazonaws.secretsmanager#ResourceNotFoundException', Message: 'No.' }));
    };
    expect(serviceError(await call())).toMatchObject({ name: 'ResourceNotFoundException', message: 'No.' });
    answer = (_req, res) => {
      res.writeHead(503, { 'content-type': 'text/html' });
      res.end('<html>busy</html>');
    };
    expect(serviceError(await call())).toMatchObject({ name: 'UnknownError', $metadata: { httpStatusCode: 503 } });
  });

  it('no answer within the time limit: a timeout after the request was sent, which may have been taken', async () => {
    answer = () => undefined;
    const error = await call({ connectMs: 3_000, totalMs: 200 }).catch((failure: unknown) => failure);
    expect(error).toMatchObject({ name: 'TimeoutError' });
    expect(requests).toHaveLength(1);
    expect(neverSent(error)).toBe(false);
  });

  it('the connection dropped after the request arrived: maybe taken', async () => {
    answer = (req) => req.socket.destroy();
    const error = await call().catch((failure: unknown) => failure);
    expect(error).toMatchObject({ code: 'ECONNRESET' });
    expect(requests).toHaveLength(1);
    expect(neverSent(error)).toBe(false);
  });

  it('a connection refused, or never opened within the connect limit, sent nothing', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const refused = await call(undefined, new URL(`http://127.0.0.1:${port}/x`)).catch((failure: unknown) => failure);
    expect(refused).toMatchObject({ code: 'ECONNREFUSED' });
    expect(neverSent(refused)).toBe(true);

    // A connection whose opening never finishes (its host name is never resolved).
    const hanging = new http.Agent();
    (hanging as unknown as { createConnection: typeof net.createConnection }).createConnection = ((
      options: net.NetConnectOpts,
    ) =>
      net.createConnection({
        ...options,
        lookup: () => undefined,
      } as net.NetConnectOpts)) as typeof net.createConnection;
    const never = await call(
      { connectMs: 200, totalMs: 10_000 },
      new URL(`http://shop.invalid:${port}/x`),
      hanging,
    ).catch((failure: unknown) => failure);
    expect(never).toMatchObject({
      name: 'TimeoutError',
      message: 'Socket timed out without establishing a connection within 200 ms',
    });
    expect(neverSent(never)).toBe(true);
    expect(requests).toHaveLength(0);
  });
});
