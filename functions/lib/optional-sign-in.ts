import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { callerFromClaims, type Caller } from './caller';
import { authorize } from './jwt-authorizer';

/**
 * The caller of a public route that recognises an optional sign-in (the promo check, the quote request): an HTTP API
 * authorizer has no optional mode and a public route gets no claims, so these two run the authorizer themselves, the
 * same one the local gateway runs on user and admin routes (jwt-authorizer.ts), and read the caller from its claims as
 * every user route does (caller.ts). No token, one the authorizer refuses, or one that is no access token: a guest,
 * never a refusal (docs/decisions/0140).
 */
export async function optionalCaller(event: APIGatewayProxyEventV2): Promise<Caller | null> {
  const headers = event.headers ?? {};
  const identitySource = headers.authorization ?? headers.Authorization;
  if (!identitySource) return null;
  const authorization = await authorize(identitySource);
  if (!authorization.authorized) return null;
  try {
    return callerFromClaims(authorization.jwt.claims);
  } catch {
    return null;
  }
}
