import { readJson } from './aws-signed';
import { readEnv, type Env } from './env';

/**
 * The user pool, asked by a function whose route declares `uses: ['cognito']` (infra grants it AdminGetUser and
 * ListUsers and sets USER_POOL_ID). Locally the pool and its endpoint are read from the token issuer
 * (`http://127.0.0.1:<port>/<pool id>`, the Cognito stand-in); in AWS, the region's endpoint of Cognito's user pools.
 * One signed request over the JSON 1.1 protocol (aws-signed.ts), tried as the SDK client tried it, instead of the
 * Cognito client (33 KB in each of these functions' cold start: issue 39, decision 0135).
 */
const issuerUrl = (env: Env) => new URL(env.COGNITO_ISSUER);
const isAws = (env: Env) => issuerUrl(env).hostname.endsWith('.amazonaws.com');

const poolId = (env: Env) => env.USER_POOL_ID ?? issuerUrl(env).pathname.split('/').filter(Boolean).at(-1) ?? '';

interface ListUsersAnswer {
  Users?: { Attributes?: { Name?: string; Value?: string }[] }[];
}

/** The email of the account with this `sub` (from a verified token), or null when the pool has none for it. */
export async function accountEmail(sub: string): Promise<string | null> {
  // A sub is a UUID; anything else never reaches the filter.
  if (!/^[A-Za-z0-9-]{1,128}$/.test(sub)) return null;
  const env = readEnv();
  const local = !isAws(env);
  const { Users } = await readJson<ListUsersAnswer>({
    service: 'cognito-idp',
    target: 'AWSCognitoIdentityProviderService.ListUsers',
    url: new URL(local ? `${issuerUrl(env).origin}/` : `https://cognito-idp.${env.AWS_REGION}.amazonaws.com/`),
    body: { UserPoolId: poolId(env), Filter: `sub = "${sub}"`, Limit: 1, AttributesToGet: ['email'] },
    local,
  });
  return Users?.[0]?.Attributes?.find((attribute) => attribute.Name === 'email')?.Value ?? null;
}
