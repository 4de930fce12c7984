import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import { JwtVerifier } from 'aws-jwt-verify/jwt-verifier';
import { JwtExpiredError, JwtInvalidIssuerError, JwtInvalidSignatureError } from 'aws-jwt-verify/error';
import { readEnv } from './env';

/**
 * API Gateway's JWT authorizer as the stack puts it on every user and admin route (infra/lib/api.ts: the user pool's
 * issuer, the web client as the one audience, no authorization scopes), on the shop's one token verifier
 * (aws-jwt-verify). The local gateway runs it on those routes before the function, as API Gateway does
 * (functions/local/authorizer.ts), the handler tests go through it (tests/helpers.ts), and the two public routes that
 * recognise an optional sign-in run it themselves (optional-sign-in.ts). Docs/decisions/0140.
 *
 * What it checks, as API Gateway does: the identity source (the Authorization header: the token, or `Bearer <token>`);
 * the signature, RSA, by the key of the issuer's JWKS the header's `kid` names; `iss`; `aud` when the token has one,
 * else `client_id`, against the audience; `exp` (required), `nbf` and `iat`. Not `token_use`: an ID token of the web
 * client passes here, and the function refuses it (caller.ts).
 */
export interface JwtAuthorizerSettings {
  /** The user pool's issuer (`https://cognito-idp.<region>.amazonaws.com/<pool>`; the Cognito stand-in locally). */
  issuer: string;
  /** The app clients whose tokens open the routes (the authorizer's `jwtAudience`: the web client). */
  audience: readonly string[];
  /** The pool's keys: `<issuer>/.well-known/jwks.json` unless given. */
  jwksUri?: string;
}

/** What API Gateway hands the function in payload 2.0 (`requestContext.authorizer.jwt`). */
export interface JwtAuthorizerContext {
  /** The token's claims, every value a string (claimsAsPassed). */
  claims: Record<string, string>;
  /**
   * The route's authorization scopes the token met: null, as API Gateway gives it on a route that names none (no route
   * of the stack does; the token's own `scope` stays a claim).
   */
  scopes: string[] | null;
}

export type Authorization =
  | { authorized: true; jwt: JwtAuthorizerContext }
  /** `description`: why, as API Gateway says it in `www-authenticate`; null when no token was sent. */
  | { authorized: false; description: string | null };

/** The stack's settings as every function has them (COGNITO_ISSUER, COGNITO_CLIENT_ID). */
export function authorizerSettingsFromEnv(): JwtAuthorizerSettings {
  const env = readEnv();
  return { issuer: env.COGNITO_ISSUER, audience: [env.COGNITO_CLIENT_ID] };
}

/**
 * The pool's keys over https (AWS) or http (the Cognito stand-in on loopback: aws-jwt-verify's own fetcher speaks https
 * only), with Node's fetch; 3 s in all. aws-jwt-verify keeps them, and fetches again for a `kid` it does not know.
 */
const JWKS_TIMEOUT_MS = 3000;
const fetcher = {
  async fetch(uri: string): Promise<ArrayBuffer> {
    const answer = await fetch(uri, { signal: AbortSignal.timeout(JWKS_TIMEOUT_MS) });
    if (!answer.ok) throw new Error(`JWKS fetch failed: ${answer.status}`);
    return answer.arrayBuffer();
  },
};

/** Raised by the checks aws-jwt-verify leaves to the caller: API Gateway's words for them. */
class RefusedClaim extends Error {}

/** API Gateway's audience rule: `aud` when present (a string or a list), else `client_id`; `exp` required; `iat` past. */
function checkClaims(payload: JwtPayload, audience: readonly string[]): void {
  if (payload.aud !== undefined) {
    const auds = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
    if (!auds.some((aud) => audience.includes(aud))) throw new RefusedClaim('the token does not have a valid audience');
  } else if (typeof payload.client_id !== 'string' || !audience.includes(payload.client_id)) {
    throw new RefusedClaim('the token does not have a valid audience');
  }
  if (payload.exp === undefined) throw new RefusedClaim('the token has no expiry');
  if (payload.iat !== undefined && payload.iat > Date.now() / 1000)
    throw new RefusedClaim('the token is not valid yet');
}

type Verifier = { verify(token: string): Promise<JwtPayload> };
const verifiers = new Map<string, Verifier>();

function verifierFor(settings: JwtAuthorizerSettings): Verifier {
  const jwksUri = settings.jwksUri ?? `${settings.issuer}/.well-known/jwks.json`;
  const key = JSON.stringify([settings.issuer, [...settings.audience], jwksUri]);
  let verifier = verifiers.get(key);
  if (!verifier) {
    verifier = JwtVerifier.create(
      {
        issuer: settings.issuer,
        jwksUri,
        // Checked by API Gateway's rule instead (a Cognito access token has no `aud`: its `client_id` is read).
        audience: null,
        customJwtCheck: ({ payload }) => checkClaims(payload, settings.audience),
      },
      { jwksCache: new SimpleJwksCache({ fetcher }) },
    );
    verifiers.set(key, verifier);
  }
  return verifier;
}

/** Why a token was refused, in the words API Gateway's `www-authenticate` header uses. */
function describe(error: unknown): string {
  if (error instanceof RefusedClaim) return error.message;
  if (error instanceof JwtExpiredError) return 'the token has expired';
  if (error instanceof JwtInvalidIssuerError) return 'the token does not have a valid issuer';
  if (error instanceof JwtInvalidSignatureError) return 'the token has an invalid signature';
  return 'the token is not valid';
}

/** One claim's value as API Gateway passes it on: a list as `[a b]` (names space-separated), an object as JSON. */
function claimText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return `[${value.map(claimText).join(' ')}]`;
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}

/**
 * A verified token's claims as API Gateway hands them to the function in payload 2.0: every value a string (`exp`
 * "1787996002", `cognito:groups` "[admin editors]"), a claim whose value is null left out.
 */
export function claimsAsPassed(payload: Record<string, unknown>): Record<string, string> {
  const claims: Record<string, string> = {};
  for (const [name, value] of Object.entries(payload)) {
    if (value !== null && value !== undefined) claims[name] = claimText(value);
  }
  return claims;
}

/**
 * Runs the authorizer on a request's identity source (its Authorization header): the claims the function is given, or
 * the refusal, which API Gateway answers itself (401 `{"message":"Unauthorized"}`) before any function runs.
 */
export async function authorize(
  identitySource: string | undefined,
  settings: JwtAuthorizerSettings = authorizerSettingsFromEnv(),
): Promise<Authorization> {
  const token = (identitySource ?? '').trim().replace(/^Bearer\s+/i, '');
  if (!token) return { authorized: false, description: null };
  try {
    const payload = await verifierFor(settings).verify(token);
    return { authorized: true, jwt: { claims: claimsAsPassed(payload), scopes: null } };
  } catch (error) {
    return { authorized: false, description: describe(error) };
  }
}
