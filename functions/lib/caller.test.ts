import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { buildSync } from 'esbuild';
import { apiEvent, lambdaContext } from '#tests/helpers';
import { lambdaBundleOptions } from '../../infra/lib/bundle-defines';
import { callerFromAuthorizer, groupsOf } from './caller';
import { defineHandler } from './http';
import { claimsAsPassed } from './jwt-authorizer';

/**
 * A user or admin route's token is verified by the route's JWT authorizer before the function runs (API Gateway in
 * AWS, the local gateway and the handler tests locally), and the function reads the claims it passes on (decision
 * 0140): the groups in the forms API Gateway and the token give them, only an access token, and, through the handler
 * as the local gateway loads it (the source) and as the stack builds it (the bundle), the same caller from the same
 * claims in AWS's shape, the same doors (401 without claims, 403 for a shopper on an admin route), and no token
 * verifier in the bundle.
 */
const ACCESS = { sub: 'user-1', username: 'user-1', token_use: 'access', client_id: 'web' };
/** Claims as API Gateway passes a Cognito access token's on in payload 2.0: every value a string. */
const AWS_CLAIMS = {
  sub: '6418b458-d091-705e-122e-04bf2945fcdf',
  'cognito:groups': '[admin editors]',
  iss: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_HblcSIjTD',
  client_id: '5kek0i61pgkokoob4fsm9fo9it',
  origin_jti: '2c496ec9-8d59-4e03-913f-ca934fb3e078',
  event_id: '0d1c7a1c-1e6e-4b47-9b0a-3f7a2c1d9e10',
  token_use: 'access',
  scope: 'aws.cognito.signin.user.admin',
  auth_time: '1787992402',
  exp: '1787996002',
  iat: '1787992402',
  jti: 'afa8fe33-607e-4fdb-99ac-81c27d1ddc73',
  username: 'ada@example.com',
};
const withClaims = (event: APIGatewayProxyEventV2, claims?: Record<string, unknown>): APIGatewayProxyEventV2 => ({
  ...event,
  requestContext: { ...event.requestContext, ...(claims ? { authorizer: { jwt: { claims, scopes: null } } } : {}) },
});

test.each([
  ['[admin]', ['admin']],
  ['[admin editors]', ['admin', 'editors']],
  ['[]', []],
  ['admin', ['admin']],
  [
    ['admin', 'editors'],
    ['admin', 'editors'],
  ],
  [undefined, []],
  [7, []],
])('groups %j are %j', (claim, groups) => {
  expect(groupsOf(claim)).toEqual(groups);
});

test('the caller from the authorizer’s claims: an access token only, with a subject', () => {
  const event = apiEvent({ method: 'GET', path: '/auth/x' });
  expect(callerFromAuthorizer(withClaims(event, { ...ACCESS, 'cognito:groups': '[admin]' }))).toEqual({
    userId: 'user-1',
    username: 'user-1',
    groups: ['admin'],
    isAdmin: true,
  });
  expect(callerFromAuthorizer(withClaims(event, ACCESS)).isAdmin).toBe(false);
  // A group whose name only contains the admin group's is not it.
  expect(callerFromAuthorizer(withClaims(event, { ...ACCESS, 'cognito:groups': '[notadmin admins]' })).isAdmin).toBe(
    false,
  );
  for (const claims of [undefined, { ...ACCESS, token_use: 'id' }, { ...ACCESS, sub: '' }, { token_use: 'access' }])
    expect(() => callerFromAuthorizer(withClaims(event, claims))).toThrow(
      expect.objectContaining({ statusCode: 401 }) as Error,
    );
});

test('a token’s claims as the authorizer passes them on: numbers and lists as strings, a null claim left out', () => {
  expect(
    claimsAsPassed({
      sub: 'user-1',
      exp: 1787996002,
      'cognito:groups': ['admin', 'editors'],
      email_verified: true,
      none: null,
      address: { country: 'US' },
    }),
  ).toEqual({
    sub: 'user-1',
    exp: '1787996002',
    'cognito:groups': '[admin editors]',
    email_verified: 'true',
    address: '{"country":"US"}',
  });
  // One group, or none: the brackets all the same.
  expect(claimsAsPassed({ 'cognito:groups': ['admin'] })).toEqual({ 'cognito:groups': '[admin]' });
  expect(claimsAsPassed({ 'cognito:groups': [] })).toEqual({ 'cognito:groups': '[]' });
});

const TEST_ROUTES = [
  { method: 'GET', path: '/auth/me', handler: 'test/me', access: 'user', table: 'none', summary: 'me' },
  { method: 'GET', path: '/api/admin/me', handler: 'test/admin', access: 'admin', table: 'none', summary: 'admin' },
] as const;
/** The two routes' handlers from the source, as the local gateway and the handler tests load a function. */
const local = {
  me: defineHandler(TEST_ROUTES, 'test/me', async ({ caller }) => ({ caller })),
  admin: defineHandler(TEST_ROUTES, 'test/admin', async ({ caller }) => ({ caller })),
};

describe('a handler built as the stack builds it', () => {
  const out = mkdtempSync(path.join(os.tmpdir(), 'caller-bundle-'));
  afterAll(() => rmSync(out, { recursive: true, force: true }));
  const entry = `
    import { defineHandler } from ${JSON.stringify(path.join(__dirname, 'http'))};
    const routes = ${JSON.stringify(TEST_ROUTES)} as const;
    export const me = defineHandler(routes, 'test/me', async ({ caller }) => ({ caller }));
    export const admin = defineHandler(routes, 'test/admin', async ({ caller }) => ({ caller }));
  `;
  const built = buildSync({
    stdin: { contents: entry, resolveDir: __dirname, loader: 'ts', sourcefile: 'entry.ts' },
    ...lambdaBundleOptions(),
    outfile: path.join(out, 'handler.js'),
    metafile: true,
    logLevel: 'silent',
  });
  type Handler = (event: APIGatewayProxyEventV2, context: unknown) => Promise<{ statusCode: number; body: string }>;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the bundle just built, as Lambda loads it
  const bundle = require(path.join(out, 'handler.js')) as { me: Handler; admin: Handler };
  const call = async (handler: Handler, routePath: string, claims?: Record<string, unknown>) => {
    const answer = await handler(withClaims(apiEvent({ method: 'GET', path: routePath }), claims), {
      ...lambdaContext,
    });
    return { status: answer.statusCode, body: JSON.parse(answer.body) as unknown };
  };

  test('it carries no token verifier', () => {
    // The bundle itself, not the source map written beside it (which lists no inputs).
    const [, output] = Object.entries(built.metafile.outputs).find(([file]) => file.endsWith('handler.js'))!;
    const inputs = Object.entries(output.inputs)
      .filter(([, input]) => input.bytesInOutput > 0)
      .map(([file]) => file);
    expect(inputs.filter((file) => file.includes('aws-jwt-verify') || file.endsWith('lib/jwt-authorizer.ts'))).toEqual(
      [],
    );
    // The check can fail: the bundle holds the route chain.
    expect(inputs.some((file) => file.endsWith('lib/http.ts'))).toBe(true);
  });

  const builds = () => ({ 'the bundle (AWS)': bundle, 'the source (locally)': local as unknown as typeof bundle });

  test.each(['the bundle (AWS)', 'the source (locally)'] as const)(
    '%s: a shopper’s claims open a user route, not an admin one; no claims, no door',
    async (where) => {
      const { me, admin } = builds()[where];
      const shopper = { userId: 'user-1', username: 'user-1', groups: [], isAdmin: false };
      expect(await call(me, '/auth/me', ACCESS)).toEqual({ status: 200, body: { caller: shopper } });
      expect((await call(admin, '/api/admin/me', ACCESS)).status).toBe(403);
      expect(await call(me, '/auth/me')).toMatchObject({ status: 401, body: { error: { code: 'unauthorized' } } });
      expect((await call(me, '/auth/me', { ...ACCESS, token_use: 'id' })).status).toBe(401);
      expect(await call(admin, '/api/admin/me', { ...ACCESS, 'cognito:groups': '[admin]' })).toEqual({
        status: 200,
        body: { caller: { ...shopper, groups: ['admin'], isAdmin: true } },
      });
    },
  );

  test('claims in AWS’s shape (numbers and lists as strings) give the same caller locally and in AWS', async () => {
    const caller = {
      userId: AWS_CLAIMS.sub,
      username: 'ada@example.com',
      groups: ['admin', 'editors'],
      isAdmin: true,
    };
    for (const [where, { me, admin }] of Object.entries(builds()))
      for (const [handler, routePath] of [
        [me, '/auth/me'],
        [admin, '/api/admin/me'],
      ] as const)
        expect({ where, routePath, ...(await call(handler, routePath, AWS_CLAIMS)) }).toEqual({
          where,
          routePath,
          status: 200,
          body: { caller },
        });
  });

  test('a bearer token without the authorizer’s claims opens nothing in AWS', async () => {
    const event = apiEvent({ method: 'GET', path: '/auth/me', token: 'any.token.here' });
    expect((await bundle.me(event, { ...lambdaContext })).statusCode).toBe(401);
  });
});
