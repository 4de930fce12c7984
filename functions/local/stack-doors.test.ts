import { DynamoDBClient, ListTablesCommand, ScanCommand } from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createPublicKey } from 'node:crypto';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { mintToken, publishedKey } from '#tests/jwt';
import { readSigningKey, signingKeyFile } from './cognito';
import { readOutbox } from './ses';
import { freePort } from './processes';
import { IMAGES_BUCKET, startLocalStack, type LocalStack } from './stack';
import { until } from '#tests/until';

/**
 * The doors of the stack behind `npm start` (issue 23), opened as a stranger would and seen shut: the ports it
 * listens on, DynamoDB Local with guessed keys, the S3 stand-in with the old well-known key, a page stored under
 * images/, and a forged Host in a password-reset mail; and the links and upload URLs under either name of the shop.
 */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-stack-doors-'));
const webDir = path.join(dataDir, 'web');
mkdirSync(webDir, { recursive: true });
writeFileSync(
  path.join(webDir, 'index.html'),
  '<!doctype html><html><head><title>Shop</title></head><body><div id="root"></div></body></html>',
);
const admin = { email: 'doors@example.com', password: 'DoorsPass1' };
let stack: LocalStack;
let ports: { port: number; dynamoPort: number; cognitoPort: number };

beforeAll(async () => {
  ports = { port: await freePort(), dynamoPort: await freePort(), cognitoPort: await freePort() };
  stack = await startLocalStack({
    ...ports,
    dataDir,
    webDir,
    admin,
    seedPhotoWidth: 320,
    rateLimits: { enabled: false },
  });
  await stack.ready;
}, 120_000);
afterAll(async () => {
  await stack?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const names = () => ({ loopback: `http://127.0.0.1:${ports.port}`, localhost: `http://localhost:${ports.port}` });

/** A request to the shop with the Host header given as it is (fetch always sends the URL's own). */
function withHost(
  host: string,
  pathname: string,
  init: { method?: string; headers?: Record<string, string>; body?: string; port?: number } = {},
): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: init.port ?? ports.port,
        path: pathname,
        method: init.method ?? 'GET',
        headers: { ...init.headers, host },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), headers: res.headers }),
        );
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

/**
 * Every TCP socket listening in this process and its children (the stand-ins), as /proc says: address, port and
 * whether its process is a DynamoDB Local (when Jest runs in band, the test run's own and the browser tests' are
 * children of this process too).
 */
function listeningSockets(): { address: string; port: number; dynamoLocal: boolean }[] {
  const children = (pid: number): number[] => {
    const direct = readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .filter((name) => {
        try {
          return Number(readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1].split(' ')[1]) === pid;
        } catch {
          return false;
        }
      })
      .map(Number);
    return direct.flatMap((child) => [child, ...children(child)]);
  };
  const inodes = new Map<string, boolean>();
  for (const pid of [process.pid, ...children(process.pid)]) {
    let fds: string[] = [];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    let dynamoLocal = false;
    try {
      dynamoLocal = readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('DynamoDBLocal.jar');
    } catch {
      // Gone meanwhile.
    }
    for (const fd of fds) {
      try {
        const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (match) inodes.set(match[1], dynamoLocal);
      } catch {
        // Closed meanwhile.
      }
    }
  }
  const found: { address: string; port: number; dynamoLocal: boolean }[] = [];
  for (const [file, v6] of [
    ['/proc/net/tcp', false],
    ['/proc/net/tcp6', true],
  ] as const) {
    for (const line of readFileSync(file, 'utf8').trim().split('\n').slice(1)) {
      const [, local, , state, , , , , , inode] = line.trim().split(/\s+/);
      if (state !== '0A' || !inodes.has(inode)) continue;
      const [hex, portHex] = local.split(':');
      const address = v6
        ? hex === '00000000000000000000000000000000'
          ? '::'
          : hex === '00000000000000000000000001000000'
            ? '::1'
            : `v6:${hex}`
        : (hex.match(/../g) ?? [])
            .reverse()
            .map((byte) => parseInt(byte, 16))
            .join('.');
      found.push({ address, port: parseInt(portHex, 16), dynamoLocal: inodes.get(inode)! });
    }
  }
  return found;
}

test('every stand-in listens on 127.0.0.1 only, but DynamoDB Local, which cannot (its port on every interface)', () => {
  const sockets = listeningSockets().map(({ address, port, dynamoLocal }) => ({ address, port, dynamoLocal }));
  expect(sockets).toContainEqual({ address: '127.0.0.1', port: ports.port, dynamoLocal: false });
  expect(sockets).toContainEqual({ address: '127.0.0.1', port: ports.cognitoPort, dynamoLocal: false });
  const open = sockets.filter((socket) => socket.address !== '127.0.0.1' && socket.address !== '::1');
  expect(open).toContainEqual({
    address: expect.stringMatching(/^(::|0\.0\.0\.0)$/),
    port: ports.dynamoPort,
    dynamoLocal: true,
  });
  // Whatever else listens beyond loopback is a DynamoDB Local (this stack's, or the test run's own when Jest runs in
  // band).
  for (const socket of open) expect(socket).toEqual({ ...socket, dynamoLocal: true });
});

test("the Cognito stand-in's own port answers this machine's programs, not a web page: a page's request or one under a re-pointed name gets 403 and no data", async () => {
  const cognito = `127.0.0.1:${ports.cognitoPort}`;
  const listUsers = (headers: Record<string, string>, host = cognito) =>
    withHost(host, '/', {
      port: ports.cognitoPort,
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.ListUsers',
        ...headers,
      },
      body: JSON.stringify({ UserPoolId: stack.cognito.userPoolId }),
    });
  // A program on this machine (the SDK, npm run admin:add, the functions) is answered.
  const program = await listUsers({});
  expect(program.status).toBe(200);
  expect(program.body).toContain(admin.email);
  // A page's cross-origin request, its preflight, and a page on a name re-pointed at 127.0.0.1 (DNS rebinding).
  const preflight = await withHost(cognito, '/', {
    port: ports.cognitoPort,
    method: 'OPTIONS',
    headers: {
      origin: 'https://evil.example',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type,x-amz-target',
    },
  });
  for (const refused of [
    preflight,
    await listUsers({ origin: 'https://evil.example' }),
    await listUsers({ origin: 'null' }),
    await listUsers({}, `rebind.evil.example:${ports.cognitoPort}`),
    await listUsers({}, 'evil.example'),
  ]) {
    expect(refused.status).toBe(403);
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    expect(JSON.parse(refused.body)).toMatchObject({ __type: 'AccessDeniedException' });
    expect(refused.body).not.toContain(admin.email);
  }
  // Nor can a page make itself admin there.
  const promote = await withHost(cognito, '/', {
    port: ports.cognitoPort,
    method: 'POST',
    headers: {
      origin: 'https://evil.example',
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.AdminAddUserToGroup',
    },
    body: JSON.stringify({ UserPoolId: stack.cognito.userPoolId, Username: 'someone', GroupName: 'admin' }),
  });
  expect(promote.status).toBe(403);
  // localhost is this machine too.
  expect((await listUsers({}, `localhost:${ports.cognitoPort}`)).status).toBe(200);
});

test('DynamoDB Local: guessed keys see no table and read no order; the key in the data folder sees the shop', async () => {
  const endpoint = `http://127.0.0.1:${ports.dynamoPort}`;
  for (const guess of ['local', 'fakeMyKeyId', 'AKIAIOSFODNN7EXAMPLE']) {
    const stranger = new DynamoDBClient({
      endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: guess, secretAccessKey: 'local' },
      maxAttempts: 1,
    });
    expect({ guess, tables: (await stranger.send(new ListTablesCommand({}))).TableNames }).toEqual({
      guess,
      tables: [],
    });
    await expect(stranger.send(new ScanCommand({ TableName: 'shop-v2' }))).rejects.toMatchObject({
      name: 'ResourceNotFoundException',
    });
    stranger.destroy();
  }
  expect(readFileSync(path.join(dataDir, 'dynamodb', 'access-key-id'), 'utf8').trim()).toBe(stack.dynamoAccessKeyId);
  const owner = new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: stack.dynamoAccessKeyId, secretAccessKey: 'any' },
  });
  expect((await owner.send(new ListTablesCommand({}))).TableNames).toContain('shop-v2');
  owner.destroy();
});

test('the S3 stand-in refuses the old well-known key (403 InvalidAccessKeyId): no original read, no page written; a page put there with the real key is never served', async () => {
  const s3With = (accessKeyId: string, secretAccessKey: string) =>
    new S3Client({
      region: 'us-east-1',
      endpoint: `${names().loopback}/s3`,
      forcePathStyle: true,
      credentials: { accessKeyId, secretAccessKey },
      maxAttempts: 1,
    });
  const original = readdirSync(path.join(dataDir, 's3', IMAGES_BUCKET, 'uploads'))[0];
  const stranger = s3With('local', 'local');
  await expect(
    stranger.send(new GetObjectCommand({ Bucket: IMAGES_BUCKET, Key: `uploads/${original}` })),
  ).rejects.toMatchObject({ name: 'InvalidAccessKeyId', $metadata: { httpStatusCode: 403 } });
  await expect(
    stranger.send(
      new PutObjectCommand({
        Bucket: IMAGES_BUCKET,
        Key: 'images/products/x/evil.html',
        Body: '<script>alert(1)</script>',
        ContentType: 'text/html',
      }),
    ),
  ).rejects.toMatchObject({
    name: 'InvalidAccessKeyId',
  });
  stranger.destroy();
  expect((await fetch(`${names().loopback}/images/products/x/evil.html`)).status).toBe(404);

  // Even with the key of this start (the functions'), a page stored under images/ is not served from the shop's origin.
  const owner = s3With(process.env.STANDIN_ACCESS_KEY_ID!, process.env.STANDIN_SECRET_ACCESS_KEY!);
  await owner.send(
    new PutObjectCommand({
      Bucket: IMAGES_BUCKET,
      Key: 'images/products/x/evil.html',
      Body: '<script>alert(1)</script>',
      ContentType: 'text/html',
    }),
  );
  await owner.send(
    new PutObjectCommand({
      Bucket: IMAGES_BUCKET,
      Key: 'images/products/x/320.jpg',
      Body: '<script>alert(1)</script>',
      ContentType: 'text/html',
    }),
  );
  owner.destroy();
  for (const key of ['x/evil.html', 'x/320.jpg']) {
    const answer = await fetch(`${names().loopback}/images/products/${key}`);
    expect({ key, status: answer.status }).toEqual({ key, status: 404 });
    expect(await answer.text()).not.toContain('<script>');
  }
});

test('a password-reset mail links to the address the reset was asked under; a forged Host gets 400 and no mail', async () => {
  const config = (await (await fetch(`${names().loopback}/config.json`)).json()) as {
    userPoolClientId: string;
    cognitoEndpoint: string;
  };
  expect(config.cognitoEndpoint).toBe(`${names().loopback}/cognito`);
  const mailsTo = () =>
    readOutbox(path.join(dataDir, 'outbox')).filter(
      (mail) => mail.to.includes(admin.email) && /reset/i.test(mail.subject),
    );
  const forgot = (host: string) =>
    withHost(host, '/cognito/', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.ForgotPassword',
      },
      body: JSON.stringify({ ClientId: config.userPoolClientId, Username: admin.email }),
    });
  const codeBefore = stack.cognito.confirmationCode(admin.email);
  for (const forged of ['evil.example', `evil.example:${ports.port}`, `localhost:${ports.port + 1}`]) {
    const answer = await forgot(forged);
    expect({
      forged,
      status: answer.status,
      code: (JSON.parse(answer.body) as { error: { code: string } }).error.code,
    }).toEqual({ forged, status: 400, code: 'unknown_host' });
  }
  expect(mailsTo()).toEqual([]);
  expect(stack.cognito.confirmationCode(admin.email)).toBe(codeBefore);

  for (const [name, base] of Object.entries(names())) {
    const before = mailsTo().length;
    expect((await forgot(new URL(base).host)).status).toBe(200);
    const mail = mailsTo()[0];
    expect({ name, count: mailsTo().length }).toEqual({ name, count: before + 1 });
    expect(mail.text).toContain(`${base}/reset-password?email=${encodeURIComponent(admin.email)}&code=`);
    expect(mail.text).not.toContain('evil');
  }
  // The jobs (no request) link to http://localhost:PORT (or PUBLIC_URL).
  expect(process.env.SITE_URL).toBe(names().localhost);
});

test('an admin photo upload works under either name: the upload URL names the address the page was opened under, inside its CSP', async () => {
  const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#208040' } })
    .jpeg()
    .toBuffer();
  for (const [name, base] of Object.entries(names())) {
    const config = (await (await fetch(`${base}/config.json`)).json()) as { userPoolClientId: string };
    const auth = (await (
      await fetch(`${base}/cognito/`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
        },
        body: JSON.stringify({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: config.userPoolClientId,
          AuthParameters: { USERNAME: admin.email, PASSWORD: admin.password },
        }),
      })
    ).json()) as { AuthenticationResult: { AccessToken: string } };
    const authorization = `Bearer ${auth.AuthenticationResult.AccessToken}`;
    const upload = (await (
      await fetch(`${base}/api/admin/uploads`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ contentType: 'image/jpeg', size: photo.length }),
      })
    ).json()) as { id: string; uploadUrl: string; headers: Record<string, string> };
    expect({ name, uploadOrigin: new URL(upload.uploadUrl).origin }).toEqual({ name, uploadOrigin: base });
    expect(upload.uploadUrl.startsWith(`${base}/s3/${IMAGES_BUCKET}/uploads/`)).toBe(true);
    // The admin page's CSP lets the page reach its own origin, which is where the upload goes.
    const csp = (await fetch(`${base}/admin/products`)).headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/connect-src 'self'/);

    const put = await fetch(upload.uploadUrl, { method: 'PUT', headers: upload.headers, body: new Uint8Array(photo) });
    expect({ name, status: put.status }).toEqual({ name, status: 200 });
    // The image pipeline's answer: anything but 'processing' (sharp on a busy machine may take a while).
    const status = await until(
      async () => {
        const { status } = (await (
          await fetch(`${base}/api/admin/uploads/${upload.id}`, { headers: { authorization } })
        ).json()) as { status: string };
        return status === 'processing' ? undefined : status;
      },
      undefined,
      60_000,
    );
    expect({ name, status }).toEqual({ name, status: 'ready' });
    const variant = await fetch(`${base}/images/products/${upload.id}/320.jpg`);
    expect({ name, status: variant.status, type: variant.headers.get('content-type') }).toEqual({
      name,
      status: 200,
      type: 'image/jpeg',
    });
  }
});

test("a token signed with cognito-local's published key opens nothing: an admin's is 401 on the dashboard, a customer's 401 on their orders; the stand-in's own tokens open them", async () => {
  const base = names().loopback;
  const config = (await (await fetch(`${base}/config.json`)).json()) as { userPoolClientId: string };
  const cognitoCall = async (operation: string, body: Record<string, unknown>) => {
    const answer = await fetch(`${base}/cognito/`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
      },
      body: JSON.stringify(body),
    });
    return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
  };
  const signIn = async (email: string, password: string) => {
    const { body } = await cognitoCall('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: config.userPoolClientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    });
    return (body as { AuthenticationResult: { AccessToken: string } }).AuthenticationResult.AccessToken;
  };
  const claimsOf = (token: string) =>
    JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>;
  const get = async (pathname: string, token: string) =>
    (await fetch(`${base}${pathname}`, { headers: { authorization: `Bearer ${token}` } })).status;

  const customer = { email: `published-key-${Date.now()}@example.com`, password: 'Customer1ok' };
  expect(
    (
      await cognitoCall('SignUp', {
        ClientId: config.userPoolClientId,
        Username: customer.email,
        Password: customer.password,
        UserAttributes: [{ Name: 'email', Value: customer.email }],
      })
    ).status,
  ).toBe(200);
  const adminToken = await signIn(admin.email, admin.password);
  const customerToken = await signIn(customer.email, customer.password);
  // Real sign-ins open what they should.
  expect(await get('/api/admin/dashboard', adminToken)).toBe(200);
  expect(await get('/auth/orders', customerToken)).toBe(200);
  expect(await get('/auth/shippingProfiles', customerToken)).toBe(200);

  // The same claims (the pool's issuer and client, the admin group, the customer's sub), signed with the key inside
  // cognito-local's npm package.
  const now = Math.floor(Date.now() / 1000);
  const forged = (token: string) => mintToken({ ...claimsOf(token), iat: now, exp: now + 600 }, { key: publishedKey });
  const forgedAdmin = forged(adminToken);
  expect(claimsOf(forgedAdmin)).toMatchObject({ 'cognito:groups': ['admin'], iss: stack.cognito.issuer });
  expect(await get('/api/admin/dashboard', forgedAdmin)).toBe(401);
  const forgedCustomer = forged(customerToken);
  expect(await get('/auth/orders', forgedCustomer)).toBe(401);
  expect(await get('/auth/shippingProfiles', forgedCustomer)).toBe(401);
  // Nor does the Cognito door read the customer's account with it (cognito-local itself only decodes the token).
  const account = await cognitoCall('GetUser', { AccessToken: forgedCustomer });
  expect(account).toEqual({ status: 400, body: { __type: 'NotAuthorizedException', message: 'Invalid Access Token' } });
  expect((await cognitoCall('GetUser', { AccessToken: customerToken })).status).toBe(200);

  // The key is this data folder's, its owner's only; the JWKS the functions read holds it alone.
  const keyFile = signingKeyFile(path.join(dataDir, 'cognito'));
  expect(statSync(keyFile).mode & 0o777).toBe(0o600);
  const jwks = (await (await fetch(`${stack.cognito.issuer}/.well-known/jwks.json`)).json()) as {
    keys: { n: string }[];
  };
  expect(jwks.keys.map((key) => key.n)).toEqual([
    createPublicKey(readSigningKey(path.dirname(keyFile))).export({ format: 'jwk' }).n,
  ]);
  expect(jwks.keys[0].n).not.toBe(createPublicKey(publishedKey).export({ format: 'jwk' }).n);
});
