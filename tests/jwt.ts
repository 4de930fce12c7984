import { createPrivateKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readSigningKey } from '../functions/local/cognito';

/**
 * The signing key of this test run's Cognito stand-in (made in its data folder by the global setup), to mint tokens
 * the functions accept.
 */
let runKey: KeyObject | undefined;
const standInKey = () => (runKey ??= readSigningKey(process.env.TEST_COGNITO_DATA_DIR!));

/**
 * The private key cognito-local ships in its npm package: anyone can read it, so a token it signed must open nothing
 * (docs/decisions/0089).
 */
export const publishedKey = createPrivateKey({
  key: JSON.parse(readFileSync(require.resolve('cognito-local/lib/keys/cognitoLocal.private.json'), 'utf8')).jwk,
  format: 'jwk',
});

const b64 = (value: unknown) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** Signs a JWT with RS256 (the run's stand-in key unless another is given), or leaves it unsigned with alg "none". */
export function mintToken(
  claims: Record<string, unknown>,
  options: { key?: KeyObject; alg?: 'RS256' | 'none'; kid?: string } = {},
): string {
  const alg = options.alg ?? 'RS256';
  const header = { alg, typ: 'JWT', kid: options.kid ?? 'CognitoLocal' };
  const input = `${b64(header)}.${b64(claims)}`;
  if (alg === 'none') return `${input}.`;
  return `${input}.${sign('sha256', Buffer.from(input), options.key ?? standInKey()).toString('base64url')}`;
}

/** Claims of a valid access token of this test run, for a given user. */
export function accessClaims(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const now = Math.floor(Date.now() / 1000);
  return {
    sub: 'user-sub-1',
    username: 'user-sub-1',
    token_use: 'access',
    client_id: process.env.COGNITO_CLIENT_ID,
    iss: process.env.COGNITO_ISSUER,
    iat: now,
    exp: now + 600,
    ...overrides,
  };
}

/** Tokens that must all be refused (401) by every user and admin route. */
export function badTokens(): Record<string, string> {
  const now = Math.floor(Date.now() / 1000);
  const { privateKey: otherKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    expired: mintToken(accessClaims({ iat: now - 7200, exp: now - 3600 })),
    'another audience': mintToken(accessClaims({ client_id: 'some-other-client' })),
    'another issuer': mintToken(accessClaims({ iss: 'https://evil.example.com/pool' })),
    'alg none': mintToken(accessClaims({ 'cognito:groups': ['admin'] }), { alg: 'none' }),
    'forged signature': mintToken(accessClaims({ 'cognito:groups': ['admin'] }), { key: otherKey }),
    "signed with cognito-local's published key": mintToken(accessClaims({ 'cognito:groups': ['admin'] }), {
      key: publishedKey,
    }),
    'id token': mintToken(accessClaims({ token_use: 'id', aud: process.env.COGNITO_CLIENT_ID })),
    garbage: 'not-a-jwt',
  };
}
