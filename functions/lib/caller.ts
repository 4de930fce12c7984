import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { ADMIN_GROUP } from '#shared/roles';
import { unauthorized } from './errors';

export interface Caller {
  /** Cognito `sub`: the user id everywhere in the table. */
  userId: string;
  username: string;
  groups: string[];
  isAdmin: boolean;
}

/**
 * The groups of a token's `cognito:groups` claim: an array in the token itself; in the claims API Gateway's JWT
 * authorizer passes on (payload 2.0), a string with the names in brackets, space-separated (`[admin editors]`).
 */
export function groupsOf(claim: unknown): string[] {
  if (Array.isArray(claim)) return claim.filter((group): group is string => typeof group === 'string');
  if (typeof claim !== 'string') return [];
  return claim
    .replace(/^\[|\]$/g, '')
    .split(/[\s,]+/)
    .filter(Boolean);
}

/** Who calls, from a verified access token's claims (aws-jwt-verify's payload, or API Gateway's authorizer's). */
export function callerOf(claims: Record<string, unknown>): Caller {
  const groups = groupsOf(claims['cognito:groups']);
  const userId = String(claims.sub);
  return {
    userId,
    username: typeof claims.username === 'string' ? claims.username : userId,
    groups,
    isAdmin: groups.includes(ADMIN_GROUP),
  };
}

/**
 * In AWS (decision 0137): who calls a user or admin route, from the claims of the token the route's JWT authorizer has
 * verified (signature, issuer, expiry and the web client's `client_id`: infra/lib/api.ts) before the function runs.
 * Only an access token authorizes, as locally (auth.ts); a route without the authorizer's claims answers 401.
 */
export function callerFromAuthorizer(event: APIGatewayProxyEventV2): Caller {
  const { authorizer } = event.requestContext as { authorizer?: { jwt?: { claims?: Record<string, unknown> } } };
  const claims = authorizer?.jwt?.claims;
  if (!claims || typeof claims.sub !== 'string' || !claims.sub || claims.token_use !== 'access')
    throw unauthorized('Your session is not valid. Sign in again.');
  return callerOf(claims);
}
