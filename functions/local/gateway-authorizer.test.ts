import {
  AuthFlowType,
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ADMIN_GROUP } from '#shared/roles';
import { ROUTES } from '#shared/routes';
import { GATEWAY_UNAUTHORIZED } from '#shared/sign-in';
import { apiEvent, useFreshTable } from '#tests/helpers';
import { createCandle } from '#tests/checkout';
import { accessClaims, badTokens, mintToken } from '#tests/jwt';
import { callerFromAuthorizer } from '../lib/caller';
import { authorizeRoute } from './authorizer';
import { ensureUser } from './cognito';
import { createGateway, type GatewayOptions } from './gateway';

/**
 * The local gateway plays API Gateway's JWT authorizer on every user and admin route, as the stack configures it in AWS
 * (infra/lib/api.ts; docs/decisions/0140): a token that is missing, expired, of another pool, tampered with, of
 * another app client or signed by another key is answered by the gateway itself, 401 with exactly
 * `{"message":"Unauthorized"}`, and no function runs; a token it lets through reaches the function as claims in
 * payload 2.0's shape, every claim a string. Real tokens of the test run's Cognito stand-in, over HTTP.
 */
const cognito = new CognitoIdentityProviderClient({
  endpoint: process.env.TEST_COGNITO_ENDPOINT,
  region: 'us-east-1',
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
});
const userPoolId = process.env.TEST_USER_POOL_ID!;
const webClientId = process.env.COGNITO_CLIENT_ID!;
const PASSWORD = 'Passw0rdOk';

let server: http.Server;
let base = '';
const tokens = {} as Record<'customer' | 'admin' | 'customerId' | 'otherClient' | 'otherPool', string>;

/** Signs a user in with a client of a pool of the stand-in: its access token, or its ID token. */
async function signIn(clientId: string, email: string, kind: 'AccessToken' | 'IdToken' = 'AccessToken') {
  const result = await cognito.send(
    new InitiateAuthCommand({
      AuthFlow: AuthFlowType.USER_PASSWORD_AUTH,
      ClientId: clientId,
      AuthParameters: { USERNAME: email, PASSWORD },
    }),
  );
  return result.AuthenticationResult![kind]!;
}

/** Another app client of the shop's pool (what another app of the same pool would sign its users in with). */
async function newClient(poolId: string): Promise<string> {
  const made = await cognito.send(
    new CreateUserPoolClientCommand({
      UserPoolId: poolId,
      ClientName: `other-${randomUUID()}`,
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    }),
  );
  return made.UserPoolClient!.ClientId!;
}

const customerEmail = `customer-${randomUUID()}@example.com`;
const adminEmail = `admin-${randomUUID()}@example.com`;

beforeAll(async () => {
  await useFreshTable();
  await createCandle(5);
  await ensureUser({ client: cognito, userPoolId }, customerEmail, PASSWORD);
  await ensureUser({ client: cognito, userPoolId }, adminEmail, PASSWORD, [ADMIN_GROUP]);
  tokens.customer = await signIn(webClientId, customerEmail);
  tokens.admin = await signIn(webClientId, adminEmail);
  tokens.customerId = await signIn(webClientId, customerEmail, 'IdToken');
  // The same customer through another app client of the same pool.
  tokens.otherClient = await signIn(await newClient(userPoolId), customerEmail);
  // A user of another pool of the same Cognito (signed with the same key: only its issuer differs).
  const otherPool = (await cognito.send(new CreateUserPoolCommand({ PoolName: `other-${randomUUID()}` }))).UserPool!;
  await ensureUser({ client: cognito, userPoolId: otherPool.Id! }, customerEmail, PASSWORD);
  tokens.otherPool = await signIn(await newClient(otherPool.Id!), customerEmail);

  server = createGateway({
    routes: ROUTES,
    webDir: __dirname,
    imagesDir: __dirname,
    config: { region: 'us-east-1', userPoolId, userPoolClientId: webClientId } as GatewayOptions['config'],
    cognitoUrl: process.env.TEST_COGNITO_ENDPOINT!,
    // As the stack configures API Gateway's: the pool's issuer, the web client.
    authorizer: { issuer: process.env.COGNITO_ISSUER!, audience: [webClientId] },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  cognito.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>;
/** The token with its payload changed and its header and signature kept. */
const tampered = (token: string, change: Record<string, unknown>) => {
  const [header, , signature] = token.split('.');
  const payload = Buffer.from(JSON.stringify({ ...claimsOf(token), ...change })).toString('base64url');
  return `${header}.${payload}.${signature}`;
};

async function send(method: string, pathname: string, authorization?: string, body?: unknown) {
  const answer = await fetch(`${base}${pathname}`, {
    method,
    headers: {
      ...(authorization === undefined ? {} : { authorization }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: answer.status, headers: answer.headers, text: await answer.text() };
}

describe('refused by the authorizer: API Gateway’s own 401, before any function', () => {
  const now = Math.floor(Date.now() / 1000);
  const refused = () => ({
    none: undefined,
    'an empty Authorization header': '',
    expired: `Bearer ${mintToken(accessClaims({ sub: claimsOf(tokens.customer).sub, iat: now - 7200, exp: now - 3600 }))}`,
    'of another user pool': `Bearer ${tokens.otherPool}`,
    'tampered with (made an admin)': `Bearer ${tampered(tokens.customer, { 'cognito:groups': [ADMIN_GROUP] })}`,
    'tampered with (its expiry moved)': `Bearer ${tampered(tokens.customer, { exp: now + 86_400 })}`,
    'of another app client of the pool': `Bearer ${tokens.otherClient}`,
    ...Object.fromEntries(
      Object.entries(badTokens())
        .filter(([kind]) => kind !== 'id token')
        .map(([kind, token]) => [kind, `Bearer ${token}`]),
    ),
  });

  test.each(['GET /auth/cart', 'GET /api/admin/dashboard', 'GET /auth/validateAdmin'])('%s', async (route) => {
    const [method, pathname] = route.split(' ');
    for (const [kind, authorization] of Object.entries(refused())) {
      const answer = await send(method, pathname, authorization);
      expect({ kind, status: answer.status, body: answer.text }).toEqual({
        kind,
        status: 401,
        body: JSON.stringify(GATEWAY_UNAUTHORIZED),
      });
      expect(answer.text).toBe('{"message":"Unauthorized"}');
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
      expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(answer.headers.get('apigw-requestid')).toBeTruthy();
    }
  });

  test('a write with a refused token changes nothing (the function never ran)', async () => {
    const cart = [{ id: 'candle', name: 'Candle', image: '/i/c.svg', price: 1800, size: 'CANDLE', quantity: 2 }];
    const forged = `Bearer ${tampered(tokens.customer, { exp: now + 86_400 })}`;
    expect((await send('POST', '/auth/cart', forged, { cart })).status).toBe(401);
    const mine = await send('GET', '/auth/cart', `Bearer ${tokens.customer}`);
    expect({ status: mine.status, body: JSON.parse(mine.text) as unknown }).toEqual({
      status: 200,
      body: { cart: { cart: [] } },
    });
    // The check can fail: the same write with the real token is stored.
    expect((await send('POST', '/auth/cart', `Bearer ${tokens.customer}`, { cart })).status).toBe(200);
    expect(JSON.parse((await send('GET', '/auth/cart', `Bearer ${tokens.customer}`)).text)).toMatchObject({
      cart: { cart: [expect.objectContaining({ id: 'candle', quantity: 2 })] },
    });
  });
});

describe('let through: the function reads the claims', () => {
  test('a shopper’s and an admin’s real tokens open what they should (the function’s own 403 for the shopper)', async () => {
    const validate = (token: string) => send('GET', '/auth/validateAdmin', `Bearer ${token}`);
    expect(JSON.parse((await validate(tokens.admin)).text)).toEqual({ isAdmin: true });
    const shopper = await validate(tokens.customer);
    expect({
      status: shopper.status,
      code: (JSON.parse(shopper.text) as { error: { code: string } }).error.code,
    }).toEqual({ status: 403, code: 'forbidden' });
    // The identity source may be the token alone, as API Gateway takes it.
    expect((await send('GET', '/auth/validateAdmin', tokens.admin)).status).toBe(200);
  });

  test('an ID token of the web client passes the authorizer (it reads `aud`, not `token_use`); the function refuses it in the shop’s error format', async () => {
    expect(claimsOf(tokens.customerId)).toMatchObject({ token_use: 'id', aud: webClientId });
    const answer = await send('GET', '/auth/cart', `Bearer ${tokens.customerId}`);
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.text)).toEqual({
      error: { code: 'unauthorized', message: 'Your session is not valid. Sign in again.' },
    });
  });

  test('a public route runs whatever the token, and gets no claims', async () => {
    const check = await send('POST', '/api/promo-codes/check', 'Bearer not-a-jwt', {
      code: 'NO-SUCH-CODE',
      cart: [{ id: 'candle', size: 'CANDLE', quantity: 1 }],
    });
    expect(check.status).not.toBe(401);
    const event = apiEvent({ method: 'GET', path: '/api/health', token: tokens.admin });
    expect(await authorizeRoute({ access: 'public' }, event)).toEqual({ event });
  });

  test('the claims in payload 2.0’s shape: every claim a string, numbers as digits, the groups in brackets', async () => {
    const token = claimsOf(tokens.admin);
    const authorized = await authorizeRoute(
      { access: 'admin' },
      apiEvent({ method: 'GET', path: '/api/admin/dashboard', token: tokens.admin }),
    );
    const { jwt } = (
      (authorized as { event: APIGatewayProxyEventV2 }).event.requestContext as unknown as {
        authorizer: { jwt: { claims: Record<string, unknown>; scopes: unknown } };
      }
    ).authorizer;
    expect(jwt.scopes).toBeNull();
    expect(Object.values(jwt.claims).every((value) => typeof value === 'string')).toBe(true);
    expect(jwt.claims).toMatchObject({
      sub: token.sub,
      exp: String(token.exp),
      iat: String(token.iat),
      client_id: webClientId,
      token_use: 'access',
      'cognito:groups': `[${ADMIN_GROUP}]`,
    });
    expect(Object.keys(jwt.claims).sort()).toEqual(Object.keys(token).sort());
    // What the function makes of them.
    expect(callerFromAuthorizer((authorized as { event: APIGatewayProxyEventV2 }).event)).toMatchObject({
      userId: token.sub,
      groups: [ADMIN_GROUP],
      isAdmin: true,
    });
  });
});
