import { GATEWAY_UNAUTHORIZED } from '#shared/sign-in';
import { invoke, signInNewUser } from '#tests/helpers';
import { accessClaims, badTokens, mintToken } from '#tests/jwt';
import { handler } from './validate-admin';

const call = (token?: string, headers?: Record<string, string>) =>
  invoke(handler, { method: 'GET', path: '/auth/validateAdmin', token, headers });

describe('GET /auth/validateAdmin', () => {
  it('answers {"isAdmin":true} for a member of the admin group (real Cognito stand-in sign-in)', async () => {
    const { token } = await signInNewUser({ admin: true });
    const { status, body } = await call(token);
    expect(status).toBe(200);
    expect(body).toEqual({ isAdmin: true });
  });

  it('answers 403 for a signed-in customer', async () => {
    const { token } = await signInNewUser();
    const { status, body } = await call(token);
    expect(status).toBe(403);
    expect(body.error.code).toBe('forbidden');
  });

  it('answers 401 without a token: API Gateway’s own body, from the route’s JWT authorizer', async () => {
    const { status, body } = await call();
    expect(status).toBe(401);
    expect(body).toEqual(GATEWAY_UNAUTHORIZED);
  });

  it.each(Object.entries(badTokens()))('answers 401 for a token that is %s', async (_kind, token) => {
    const { status } = await call(token);
    expect(status).toBe(401);
  });

  it('accepts a well-formed token signed by the stand-in, so the 401s above are about the defect', async () => {
    const { status } = await call(mintToken(accessClaims({ 'cognito:groups': ['admin'] })));
    expect(status).toBe(200);
  });

  it('ignores an admin claim smuggled in a header', async () => {
    const { token } = await signInNewUser();
    expect((await call(token, { 'x-user-role': 'admin', 'cognito:groups': 'admin' })).status).toBe(403);
  });
});
