import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { buildSync } from 'esbuild';
import { apiEvent, lambdaContext } from '#tests/helpers';
import { lambdaBundleOptions } from '../../infra/lib/bundle-defines';
import { callerFromAuthorizer, groupsOf } from './caller';

/**
 * In AWS a user or admin route's token is verified by API Gateway's JWT authorizer, and the function reads the claims
 * it passes on (decision 0137): the groups in the forms API Gateway and the token give them, only an access token,
 * and, through a handler built as the stack builds it, the same doors as locally (401 without claims, 403 for a
 * shopper on an admin route) with no token verifier in the bundle.
 */
const ACCESS = { sub: 'user-1', username: 'user-1', token_use: 'access', client_id: 'web' };
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

describe('a handler built as the stack builds it', () => {
  const out = mkdtempSync(path.join(os.tmpdir(), 'caller-bundle-'));
  afterAll(() => rmSync(out, { recursive: true, force: true }));
  const entry = `
    import { defineHandler } from ${JSON.stringify(path.join(__dirname, 'http'))};
    const routes = [
      { method: 'GET', path: '/auth/me', handler: 'test/me', access: 'user', table: 'none', summary: 'me' },
      { method: 'GET', path: '/api/admin/me', handler: 'test/admin', access: 'admin', table: 'none', summary: 'admin' },
    ] as const;
    export const me = defineHandler(routes, 'test/me', async ({ caller }) => ({ userId: caller.userId }));
    export const admin = defineHandler(routes, 'test/admin', async ({ caller }) => ({ userId: caller.userId }));
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
    const inputs = Object.entries(Object.values(built.metafile.outputs)[0].inputs)
      .filter(([, input]) => input.bytesInOutput > 0)
      .map(([file]) => file);
    expect(inputs.filter((file) => file.includes('aws-jwt-verify') || file.endsWith('lib/auth.ts'))).toEqual([]);
    // The check can fail: the bundle holds the route chain.
    expect(inputs.some((file) => file.endsWith('lib/http.ts'))).toBe(true);
  });

  test('a shopper’s claims open a user route, not an admin one; no claims, no door', async () => {
    expect(await call(bundle.me, '/auth/me', ACCESS)).toEqual({ status: 200, body: { userId: 'user-1' } });
    expect((await call(bundle.admin, '/api/admin/me', ACCESS)).status).toBe(403);
    expect((await call(bundle.me, '/auth/me')).status).toBe(401);
    expect((await call(bundle.me, '/auth/me', { ...ACCESS, token_use: 'id' })).status).toBe(401);
    expect(await call(bundle.admin, '/api/admin/me', { ...ACCESS, 'cognito:groups': '[admin]' })).toEqual({
      status: 200,
      body: { userId: 'user-1' },
    });
  });

  test('a bearer token without the authorizer’s claims opens nothing in AWS', async () => {
    const event = apiEvent({ method: 'GET', path: '/auth/me', token: 'any.token.here' });
    expect((await bundle.me(event, { ...lambdaContext })).statusCode).toBe(401);
  });
});
