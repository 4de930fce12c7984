import {
  AdminListGroupsForUserCommand,
  AuthFlowType,
  ChangePasswordCommand,
  CognitoIdentityProviderClient,
  GetTokensFromRefreshTokenCommand,
  GetUserCommand,
  InitiateAuthCommand,
  ListUsersCommand,
  NotAuthorizedException,
  RevokeTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import os from 'node:os';
import { ROUTES } from '#shared/routes';
import { signInNewUser, useFreshTable } from '#tests/helpers';
import { formSubmissions } from '../db/entities/form-submission';
import { ADMIN_GROUP } from '#shared/roles';
import { createGateway, originOfHost, type GatewayOptions } from './gateway';
import { BROWSER_COGNITO_OPERATIONS } from './gateway-cognito';

/**
 * The doors of the local gateway (issue 23): the /cognito proxy forwards only what a browser calls, a request is
 * answered only under this machine's names (no forged Host reaches a link), and a too-large body gets its 413.
 * The route table's handlers run against DynamoDB Local, the proxy in front of the test run's Cognito stand-in.
 */
const seen: string[] = [];
let server: http.Server;
let port = 0;
let origin = '';

beforeAll(async () => {
  await useFreshTable();
  server = createGateway({
    routes: ROUTES,
    webDir: __dirname,
    imagesDir: __dirname,
    config: {
      region: 'us-east-1',
      userPoolId: process.env.TEST_USER_POOL_ID!,
      userPoolClientId: process.env.COGNITO_CLIENT_ID!,
    } as GatewayOptions['config'],
    cognitoUrl: process.env.TEST_COGNITO_ENDPOINT!,
    // Records every operation that passes the door (the triggers' stand-in is called for each).
    cognitoHook: (operation) => void seen.push(operation),
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON answer the test reads freely (no-unsafe-* are off in tests, 0046)
  body: any;
}

/** A request to the gateway on 127.0.0.1 with a chosen Host header. */
function send(
  path: string,
  options: { method?: string; host?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: options.method ?? (payload ? 'POST' : 'GET'),
        headers: { host: options.host ?? `127.0.0.1:${port}`, 'content-type': 'application/json', ...options.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // Not JSON: kept as text.
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const cognitoCall = (operation: string, body: Record<string, unknown>, host?: string) =>
  send('/cognito/', {
    host,
    body,
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
    },
  });

/** The Cognito stand-in itself, as only this machine reaches it (what npm start and admin:add use). */
const standIn = () =>
  new CognitoIdentityProviderClient({
    endpoint: process.env.TEST_COGNITO_ENDPOINT,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
/** The SDK as a browser uses it: through the shop's /cognito, without AWS credentials of any worth. */
const throughDoor = () =>
  new CognitoIdentityProviderClient({
    endpoint: `${origin}/cognito`,
    region: 'us-east-1',
    credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
    maxAttempts: 1,
  });

describe('the /cognito door', () => {
  const pool = () => process.env.TEST_USER_POOL_ID!;
  const ADMIN_CALLS: [string, () => Record<string, unknown>][] = [
    ['ListUsers', () => ({ UserPoolId: pool() })],
    ['AdminAddUserToGroup', () => ({ UserPoolId: pool(), Username: 'someone@example.com', GroupName: ADMIN_GROUP })],
    ['AdminCreateUser', () => ({ UserPoolId: pool(), Username: `made-${randomUUID()}@example.com` })],
    [
      'AdminSetUserPassword',
      () => ({ UserPoolId: pool(), Username: 'someone@example.com', Password: 'Taken0ver!', Permanent: true }),
    ],
    ['AdminGetUser', () => ({ UserPoolId: pool(), Username: 'someone@example.com' })],
    ['AdminDeleteUser', () => ({ UserPoolId: pool(), Username: 'someone@example.com' })],
    [
      'AdminUpdateUserAttributes',
      () => ({
        UserPoolId: pool(),
        Username: 'someone@example.com',
        UserAttributes: [{ Name: 'email', Value: 'x@example.com' }],
      }),
    ],
    [
      'AdminInitiateAuth',
      () => ({ UserPoolId: pool(), ClientId: process.env.COGNITO_CLIENT_ID, AuthFlow: 'ADMIN_USER_PASSWORD_AUTH' }),
    ],
    ['AdminConfirmSignUp', () => ({ UserPoolId: pool(), Username: 'someone@example.com' })],
    ['ListUsersInGroup', () => ({ UserPoolId: pool(), GroupName: ADMIN_GROUP })],
    ['ListGroups', () => ({ UserPoolId: pool() })],
    ['ListUserPools', () => ({ MaxResults: 10 })],
    ['DescribeUserPool', () => ({ UserPoolId: pool() })],
    ['DescribeUserPoolClient', () => ({ UserPoolId: pool(), ClientId: process.env.COGNITO_CLIENT_ID })],
    ['CreateUserPoolClient', () => ({ UserPoolId: pool(), ClientName: 'mine' })],
    ['UpdateUserPool', () => ({ UserPoolId: pool() })],
    ['DeleteUserPool', () => ({ UserPoolId: pool() })],
    ['DeleteGroup', () => ({ UserPoolId: pool(), GroupName: ADMIN_GROUP })],
    // A user's own calls the shop never makes: not forwarded either.
    ['UpdateUserAttributes', () => ({ AccessToken: 'x', UserAttributes: [{ Name: 'email_verified', Value: 'true' }] })],
    ['DeleteUser', () => ({ AccessToken: 'x' })],
  ];

  test.each(ADMIN_CALLS)(
    '%s is answered 400 NotAuthorizedException in Cognito’s format and never reaches the stand-in',
    async (operation, body) => {
      seen.length = 0;
      const answer = await cognitoCall(operation, body());
      expect(answer.status).toBe(400);
      expect(answer.headers['content-type']).toBe('application/x-amz-json-1.1');
      expect(answer.headers['x-amzn-errortype']).toBe('NotAuthorizedException:');
      expect(answer.body).toEqual({
        __type: 'NotAuthorizedException',
        message: expect.stringContaining(`${operation} is not a call a browser makes`),
      });
      expect(seen).toEqual([]);
    },
  );

  test('ListUsers through the door: the SDK raises NotAuthorizedException and no customer email comes back', async () => {
    const { email } = await signInNewUser();
    const sdk = throughDoor();
    const failure = await sdk
      .send(new ListUsersCommand({ UserPoolId: process.env.TEST_USER_POOL_ID }))
      .catch((error: Error) => error);
    sdk.destroy();
    expect(failure).toBeInstanceOf(NotAuthorizedException);
    expect((failure as Error).message).toMatch(
      /^ListUsers is not a call a browser makes: the shop's \/cognito forwards only sign-up, sign-in/,
    );
    expect(JSON.stringify(failure)).not.toContain(email);
  });

  test('a self-made account cannot make itself admin: AdminAddUserToGroup refused, no group, validateAdmin still 403', async () => {
    const { email, token } = await signInNewUser();
    const answer = await cognitoCall('AdminAddUserToGroup', {
      UserPoolId: process.env.TEST_USER_POOL_ID,
      Username: email,
      GroupName: ADMIN_GROUP,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.__type).toBe('NotAuthorizedException');
    const admin = standIn();
    expect(
      (
        await admin.send(
          new AdminListGroupsForUserCommand({ UserPoolId: process.env.TEST_USER_POOL_ID, Username: email }),
        )
      ).Groups ?? [],
    ).toEqual([]);
    admin.destroy();
    const check = await send('/auth/validateAdmin', { headers: { authorization: `Bearer ${token}` } });
    expect(check.status).toBe(403);
  });

  test('what a browser does still passes: sign-in, user, refresh (as Amplify 6 asks it), change password, sign-out; every one is in the list', async () => {
    const { email } = await signInNewUser();
    const sdk = throughDoor();
    const clientId = process.env.COGNITO_CLIENT_ID!;
    const signIn = (password: string) =>
      sdk.send(
        new InitiateAuthCommand({
          AuthFlow: AuthFlowType.USER_PASSWORD_AUTH,
          ClientId: clientId,
          AuthParameters: { USERNAME: email, PASSWORD: password },
        }),
      );
    const first = (await signIn('Passw0rdOk')).AuthenticationResult!;
    expect((await sdk.send(new GetUserCommand({ AccessToken: first.AccessToken }))).UserAttributes).toContainEqual({
      Name: 'email',
      Value: email,
    });

    // Amplify 6.15+ refreshes with GetTokensFromRefreshToken, which the stand-in lacks: the door asks it as
    // InitiateAuth.
    const refreshed = await sdk.send(
      new GetTokensFromRefreshTokenCommand({ ClientId: clientId, RefreshToken: first.RefreshToken }),
    );
    expect(refreshed.AuthenticationResult?.AccessToken).toEqual(expect.any(String));
    expect(
      (await sdk.send(new GetUserCommand({ AccessToken: refreshed.AuthenticationResult!.AccessToken }))).Username,
    ).toBeTruthy();

    await sdk.send(
      new ChangePasswordCommand({
        AccessToken: first.AccessToken,
        PreviousPassword: 'Passw0rdOk',
        ProposedPassword: 'Changed0k',
      }),
    );
    const second = (await signIn('Changed0k')).AuthenticationResult!;
    await sdk.send(new RevokeTokenCommand({ ClientId: clientId, Token: second.RefreshToken }));
    sdk.destroy();

    for (const operation of [
      'SignUp',
      'InitiateAuth',
      'GetTokensFromRefreshToken',
      'ForgotPassword',
      'ConfirmForgotPassword',
      'ChangePassword',
      'GetUser',
      'RevokeToken',
    ]) {
      expect(BROWSER_COGNITO_OPERATIONS.has(operation)).toBe(true);
    }
  });

  test('sign-up and a reset request pass the door (the triggers see them)', async () => {
    seen.length = 0;
    const email = `door-${randomUUID()}@example.com`;
    const signUp = await cognitoCall('SignUp', {
      ClientId: process.env.COGNITO_CLIENT_ID,
      Username: email,
      Password: 'DoorTest1',
      UserAttributes: [{ Name: 'email', Value: email }],
    });
    expect(signUp.status).toBe(200);
    expect(signUp.body.UserSub).toEqual(expect.any(String));
    // Forwarded: whatever the stand-in answers (an unconfirmed account has no reset), it is not the door's refusal.
    expect(
      JSON.stringify(
        (await cognitoCall('ForgotPassword', { ClientId: process.env.COGNITO_CLIENT_ID, Username: email })).body,
      ),
    ).not.toContain('is not a call a browser makes');
    expect(seen).toEqual(['SignUp', 'ForgotPassword']);
  });
});

describe('the Host a request names', () => {
  const lanAddress = Object.values(os.networkInterfaces())
    .flat()
    .find((a) => a && !a.internal && a.family === 'IPv4')?.address;

  test('the shop answers under each of this machine’s names, and /config.json names the Cognito door under the same one', async () => {
    const names = [
      `127.0.0.1:${port}`,
      `localhost:${port}`,
      `LocalHost:${port}`,
      `[::1]:${port}`,
      `${os.hostname()}:${port}`,
      ...(lanAddress ? [`${lanAddress}:${port}`] : []),
    ];
    for (const host of names) {
      const config = await send('/config.json', { host });
      expect({ host, status: config.status }).toEqual({ host, status: 200 });
      expect(config.body.cognitoEndpoint).toBe(`${new URL(`http://${host}`).origin}/cognito`);
    }
  });

  const FORGED = () => [
    'evil.example',
    `evil.example:${port}`,
    'localhost',
    `localhost:${port + 1 === 65536 ? 1 : port + 1}`,
    `127.0.0.1.nip.io:${port}`,
    `localhost:${port}.evil.example`,
    `localhost:${port}@evil.example`,
    `evil.example#localhost:${port}`,
  ];

  test('any other Host is refused with 400 and a sentence that says how to open the shop; no handler, stand-in or trigger runs', async () => {
    const marker = randomUUID();
    seen.length = 0;
    for (const host of FORGED()) {
      for (const answer of [
        await send('/config.json', { host }),
        await send('/api/forms/contact', {
          host,
          body: { name: 'Forged', email: 'forged@example.com', message: `Hello ${marker}`, submissionId: randomUUID() },
        }),
        await cognitoCall(
          'ForgotPassword',
          { ClientId: process.env.COGNITO_CLIENT_ID, Username: 'victim@example.com' },
          host,
        ),
      ]) {
        expect({ host, status: answer.status, code: answer.body?.error?.code }).toEqual({
          host,
          status: 400,
          code: 'unknown_host',
        });
        expect(answer.headers.connection).toBe('close');
        expect(answer.body.error.message).toBe(
          `This shop answers only under this machine's names (http://localhost:${port}, http://127.0.0.1:${port} or this machine's address on port ${port}); open it so, or set PUBLIC_URL to the address you use.`,
        );
      }
    }
    expect(seen).toEqual([]);
    expect((await formSubmissions.query('inbox', {})).filter((s) => s.message === `Hello ${marker}`)).toEqual([]);
  });

  test('a request without a Host (HTTP/1.0) is refused the same way', async () => {
    const text = await new Promise<string>((resolve, reject) => {
      let got = '';
      const socket = net.connect(port, '127.0.0.1', () => socket.write('GET /config.json HTTP/1.0\r\n\r\n'));
      socket.on('data', (chunk: Buffer) => (got += chunk.toString('utf8')));
      socket.on('close', () => resolve(got));
      socket.on('error', reject);
    });
    expect(text.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
    expect(JSON.parse(text.split('\r\n\r\n')[1]).error.code).toBe('unknown_host');
  });

  test('originOfHost: this machine’s names on the port the request came in on, or PUBLIC_URL’s host (its origin, https too)', () => {
    expect(originOfHost('localhost:3000', 3000)).toBe('http://localhost:3000');
    expect(originOfHost('127.0.0.2:3000', 3000)).toBe('http://127.0.0.2:3000');
    expect(originOfHost('[::1]:3000', 3000)).toBe('http://[::1]:3000');
    expect(originOfHost('localhost', 80)).toBe('http://localhost');
    expect(originOfHost('localhost:3000', 3001)).toBeNull();
    expect(originOfHost(undefined, 3000)).toBeNull();
    expect(originOfHost('shop.example.dev', 3000, 'https://shop.example.dev')).toBe('https://shop.example.dev');
    expect(originOfHost('phone.test:8080', 3000, 'http://phone.test:8080/')).toBe('http://phone.test:8080');
    expect(originOfHost('shop.example.dev:3000', 3000, 'https://shop.example.dev')).toBeNull();
    expect(originOfHost('evil.example', 3000, 'https://shop.example.dev')).toBeNull();
    expect(originOfHost('localhost:3000\r\nx: y', 3000)).toBeNull();
  });
});

describe('a body over the limit (6 MB)', () => {
  const LIMIT = 6 * 1024 * 1024;
  /**
   * A raw HTTP/1.1 request on a real socket: `head`, then up to `bodyBytes` of body (chunked when `chunked`,
   * never finished when `finish` is false), written while the answer is read; resolves with what came back.
   */
  function rawPost(options: {
    contentLength?: number;
    bodyBytes: number;
    chunked?: boolean;
    finish?: boolean;
  }): Promise<{ text: string; sent: number }> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      let text = '';
      let sent = 0;
      let answered = false;
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
        answered = true;
      });
      socket.on('error', (error: NodeJS.ErrnoException) => (text ? resolve({ text, sent }) : reject(error)));
      socket.on('close', () => resolve({ text, sent }));
      const framing = options.chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${options.contentLength}`;
      socket.write(
        `POST /api/forms/contact HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n${framing}\r\n\r\n`,
      );
      const piece = Buffer.alloc(64 * 1024, 'a');
      const pump = () => {
        while (sent < options.bodyBytes && !answered && !socket.destroyed) {
          sent += piece.length;
          const more = options.chunked
            ? socket.write(`${piece.length.toString(16)}\r\n${piece.toString()}\r\n`)
            : socket.write(piece);
          if (!more) return void socket.once('drain', pump);
        }
        if (options.finish && options.chunked && !socket.destroyed) socket.write('0\r\n\r\n');
      };
      pump();
    });
  }
  const answerOf = (text: string) => {
    const [head, json] = text.split('\r\n\r\n');
    return {
      statusLine: head.split('\r\n')[0],
      connection: /\r\nconnection: close/i.test(head),
      body: JSON.parse(json) as unknown,
    };
  };
  const TOO_LARGE = { error: { code: 'payload_too_large', message: 'The request body is too large (at most 6 MB).' } };

  test('Content-Length of 10 MB: 413 before any of the body is read (the client sends only 64 KB and waits), then the connection closes', async () => {
    const { text } = await rawPost({ contentLength: 10 * 1024 * 1024, bodyBytes: 64 * 1024 });
    expect(answerOf(text)).toEqual({ statusLine: 'HTTP/1.1 413 Payload Too Large', connection: true, body: TOO_LARGE });
  });

  test('Content-Length of 10 MB, all of it sent: the client still reads the 413 JSON (no connection reset)', async () => {
    for (let i = 0; i < 3; i++) {
      const { text } = await rawPost({ contentLength: 10 * 1024 * 1024, bodyBytes: 10 * 1024 * 1024 });
      expect(answerOf(text)).toEqual({
        statusLine: 'HTTP/1.1 413 Payload Too Large',
        connection: true,
        body: TOO_LARGE,
      });
    }
  });

  test('a chunked body: 413 as soon as it passes the limit, though the body never ends', async () => {
    const { text, sent } = await rawPost({ chunked: true, bodyBytes: 12 * 1024 * 1024, finish: false });
    expect(answerOf(text)).toEqual({ statusLine: 'HTTP/1.1 413 Payload Too Large', connection: true, body: TOO_LARGE });
    expect(sent).toBeGreaterThan(LIMIT);
  });

  test('fetch with a 10 MB body reads the 413 too, and the gateway goes on answering', async () => {
    const answer = await fetch(`${origin}/api/forms/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'a'.repeat(10 * 1024 * 1024),
    });
    expect(answer.status).toBe(413);
    expect(await answer.json()).toEqual(TOO_LARGE);
    expect((await send('/api/health')).body).toEqual({ ok: true });
  });
});
