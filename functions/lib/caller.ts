import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { ADMIN_GROUP } from '#shared/roles';
import { SESSION_NOT_VALID_MESSAGE } from '#shared/sign-in';
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

/** Who calls, from a verified access token's claims (as the authorizer passes them on, or the token's own). */
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
 * Who calls a user or admin route, from the claims of the token the route's JWT authorizer verified (signature,
 * issuer, expiry and the web client's `client_id`) before the function ran: API Gateway's in AWS (infra/lib/api.ts),
 * the local gateway's and the handler tests' locally (functions/lib/jwt-authorizer.ts), in the same shape, every claim
 * a string (docs/decisions/0140). Only an access token authorizes (the authorizer does not look at `token_use`: an ID
 * token of the web client passes it); none, or no subject, answers 401 in the shop's error format.
 */
export function callerFromClaims(claims: Record<string, unknown> | undefined): Caller {
  if (!claims || typeof claims.sub !== 'string' || !claims.sub || claims.token_use !== 'access')
    throw unauthorized(SESSION_NOT_VALID_MESSAGE);
  return callerOf(claims);
}

/** The caller of a user or admin route, from `requestContext.authorizer.jwt.claims` (callerFromClaims). */
export function callerFromAuthorizer(event: APIGatewayProxyEventV2): Caller {
  const { authorizer } = event.requestContext as { authorizer?: { jwt?: { claims?: Record<string, unknown> } } };
  return callerFromClaims(authorizer?.jwt?.claims);
}
