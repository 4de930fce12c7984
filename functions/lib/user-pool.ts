import { CognitoIdentityProviderClient, ListUsersCommand } from '@aws-sdk/client-cognito-identity-provider';
import { clientFor } from './aws-client';
import { readEnv, type Env } from './env';

/**
 * The user pool, asked through the Cognito client by a function whose route declares `uses: ['cognito']` (infra
 * grants it AdminGetUser and ListUsers and sets USER_POOL_ID). Locally the pool and its endpoint are read from the
 * token issuer (`http://127.0.0.1:<port>/<pool id>`, the Cognito stand-in); in AWS the SDK's own endpoint is used.
 */
const issuerUrl = (env: Env) => new URL(env.COGNITO_ISSUER);
const isAws = (env: Env) => issuerUrl(env).hostname.endsWith('.amazonaws.com');

const userPoolClient = /* @__PURE__ */ clientFor(
  (env) => (isAws(env) ? undefined : issuerUrl(env).origin),
  (base) => new CognitoIdentityProviderClient(base),
);

const poolId = (env: Env) => env.USER_POOL_ID ?? issuerUrl(env).pathname.split('/').filter(Boolean).at(-1) ?? '';

/** The email of the account with this `sub` (from a verified token), or null when the pool has none for it. */
export async function accountEmail(sub: string): Promise<string | null> {
  // A sub is a UUID; anything else never reaches the filter.
  if (!/^[A-Za-z0-9-]{1,128}$/.test(sub)) return null;
  const { Users } = await userPoolClient().send(
    new ListUsersCommand({
      UserPoolId: poolId(readEnv()),
      Filter: `sub = "${sub}"`,
      Limit: 1,
      AttributesToGet: ['email'],
    }),
  );
  return Users?.[0]?.Attributes?.find((attribute) => attribute.Name === 'email')?.Value ?? null;
}
