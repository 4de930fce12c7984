import { JwtVerifier } from 'aws-jwt-verify/jwt-verifier';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import { readEnv } from './env';
import { unauthorized } from './errors';
import { httpCall } from './http-call';
import { callerOf, type Caller } from './caller';
import { ADMIN_GROUP } from '#shared/roles';

export { ADMIN_GROUP, type Caller };

/**
 * Fetches JWKS over http as well as https: the local Cognito stand-in serves http on loopback (aws-jwt-verify's
 * default fetcher speaks https only). Over node:http(s) (http-call.ts), not fetch, whose first call would load undici
 * in a signed-in function's cold first request (issue 39); 3 s in all, as before.
 */
const fetcher = {
  async fetch(uri: string): Promise<ArrayBuffer> {
    const answer = await httpCall(new URL(uri), { method: 'GET' }, { connectMs: 3000, totalMs: 3000 });
    if (answer.status < 200 || answer.status > 299) throw new Error(`JWKS fetch failed: ${answer.status}`);
    const { buffer, byteOffset, byteLength } = answer.body;
    return buffer.slice(byteOffset, byteOffset + byteLength) as ArrayBuffer;
  },
};

type Verifier = { verify(token: string): Promise<JwtPayload> };
const verifiers = new Map<string, Verifier>();

function verifierFor(issuer: string, clientId: string, jwksUri: string): Verifier {
  const key = `${issuer}|${clientId}|${jwksUri}`;
  let verifier = verifiers.get(key);
  if (!verifier) {
    verifier = JwtVerifier.create(
      {
        issuer,
        jwksUri,
        audience: null,
        // Access tokens (not ID tokens) authorize; Cognito access tokens carry the client in `client_id`.
        customJwtCheck: ({ payload }) => {
          if (payload.token_use !== 'access') throw new Error('Not an access token');
          if (payload.client_id !== clientId) throw new Error('Token is for another client');
        },
      },
      { jwksCache: new SimpleJwksCache({ fetcher }) },
    );
    verifiers.set(key, verifier);
  }
  return verifier;
}

/** Verifies a Bearer access token (signature, issuer, expiry, client) and returns who is calling. */
export async function verifyBearer(authorization: string | undefined): Promise<Caller> {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  if (!match) throw unauthorized();
  const env = readEnv();
  const jwksUri = env.COGNITO_JWKS_URI ?? `${env.COGNITO_ISSUER}/.well-known/jwks.json`;
  let payload: JwtPayload;
  try {
    payload = await verifierFor(env.COGNITO_ISSUER, env.COGNITO_CLIENT_ID, jwksUri).verify(match[1]);
  } catch {
    throw unauthorized('Your session is not valid. Sign in again.');
  }
  return callerOf(payload);
}
