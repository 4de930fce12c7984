import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { RouteDef } from '#shared/routes';
import { GATEWAY_UNAUTHORIZED } from '#shared/sign-in';
import { authorize, type JwtAuthorizerSettings } from '../lib/jwt-authorizer';

/**
 * API Gateway's JWT authorizer, played as AWS runs it on every user and admin route (infra/lib/api.ts), by the local
 * gateway (gateway-api.ts) and the handler tests (tests/helpers.ts `invoke`) alike: the token is checked before the
 * function runs (functions/lib/jwt-authorizer.ts: the pool's keys, issuer, expiry, `client_id`), and either the
 * function gets its claims in payload 2.0's shape (`requestContext.authorizer.jwt`, every claim a string), or the
 * request is answered 401 `{"message":"Unauthorized"}` by the "gateway" itself. A public route gets no claims, whatever
 * the request carries (docs/decisions/0140).
 */

/**
 * API Gateway's own answer to a token its authorizer refuses: 401, the body `{"message":"Unauthorized"}`, and a
 * `www-authenticate` header saying why (`Bearer` alone when no token was sent).
 */
export function unauthorizedAnswer(description: string | null): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode: 401,
    headers: {
      'content-type': 'application/json',
      'www-authenticate': description
        ? `Bearer scope="" error="invalid_token" error_description="${description}"`
        : 'Bearer',
    },
    body: JSON.stringify(GATEWAY_UNAUTHORIZED),
  };
}

/** A request past the route's authorizer (with the claims when the route has one), or the authorizer's 401. */
export type Authorized = { event: APIGatewayProxyEventV2 } | { refusal: APIGatewayProxyStructuredResultV2 };

/**
 * Runs the route's authorizer on an event as API Gateway receives the request: a public route's event goes on as it
 * is; a user or admin route's goes on with `requestContext.authorizer.jwt` (claims, scopes) when the token passes.
 * `settings`: the stack's pool and client, from the functions' settings (COGNITO_ISSUER, COGNITO_CLIENT_ID) unless
 * given.
 */
export async function authorizeRoute(
  route: Pick<RouteDef, 'access'>,
  event: APIGatewayProxyEventV2,
  settings?: JwtAuthorizerSettings,
): Promise<Authorized> {
  if (route.access === 'public') return { event };
  const headers = event.headers ?? {};
  const authorization = await authorize(headers.authorization ?? headers.Authorization, settings);
  if (!authorization.authorized) return { refusal: unauthorizedAnswer(authorization.description) };
  // The type of a payload 2.0 event (aws-lambda's) has no authorizer; API Gateway's event has it on these routes.
  const requestContext = { ...event.requestContext, authorizer: { jwt: authorization.jwt } };
  return { event: { ...event, requestContext } };
}
