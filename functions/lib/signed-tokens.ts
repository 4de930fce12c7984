import { createHmac, timingSafeEqual } from 'node:crypto';
import { readEnv } from './env';
import { previousSecretString, secretString } from './secrets';

/**
 * Signed tokens for links in mails (docs/decisions/0078): a restore link carries a checkout id, an unsubscribe link an
 * email address. Whoever holds the mail holds the link; nobody can make one for another checkout or address, or change
 * one, without the shop's key. A token is `<payload>.<signature>`, both base64url: the payload is `{"p": purpose, "s":
 * subject, "e"?: expiry in epoch seconds}`, the signature HMAC-SHA256 over `v1.<purpose>.<payload>` with the key, so a
 * token made for one purpose is never taken for another.
 *
 * The key: locally and in tests LINK_SIGNING_KEY (npm start keeps a random one in the data folder, so links survive
 * a restart); in AWS a generated Secrets Manager secret (LINK_SIGNING_SECRET_ARN, read once per five minutes). Tokens
 * are signed with its current value and accepted with its current or previous one, so links mailed before a rotation
 * keep working until the next rotation (docs/decisions/0084).
 */
export type TokenPurpose = 'restore' | 'unsubscribe' | 'quote' | 'guest-order' | 'drop-line';

export type TokenCheck =
  { ok: true; subject: string; expiresAt: Date | null } | { ok: false; reason: 'invalid' | 'expired' };

/** Tokens longer than this are refused before any work (a link in a mail is far shorter). */
export const MAX_TOKEN_LENGTH = 600;

/** The key tokens are signed with, and the one before it (in AWS, after a rotation; read only when asked for). */
async function signingKeys(): Promise<{ current: string; previous: () => Promise<string | null> }> {
  const env = readEnv();
  if (env.LINK_SIGNING_KEY) return { current: env.LINK_SIGNING_KEY, previous: async () => null };
  const arn = env.LINK_SIGNING_SECRET_ARN;
  if (!arn)
    throw new Error('No key to sign links with: set LINK_SIGNING_KEY (local) or LINK_SIGNING_SECRET_ARN (AWS).');
  return { current: await secretString(arn), previous: () => previousSecretString(arn) };
}

const signature = (key: string, purpose: TokenPurpose, payload: string) =>
  createHmac('sha256', key).update(`v1.${purpose}.${payload}`).digest();

/** A token for `purpose` about `subject` (a checkout id, an email address), valid until `expiresAt` (none: no end). */
export async function signToken(purpose: TokenPurpose, subject: string, expiresAt?: Date): Promise<string> {
  const payload = Buffer.from(
    JSON.stringify({ p: purpose, s: subject, ...(expiresAt ? { e: Math.floor(expiresAt.getTime() / 1000) } : {}) }),
    'utf8',
  ).toString('base64url');
  return `${payload}.${signature((await signingKeys()).current, purpose, payload).toString('base64url')}`;
}

/**
 * What a token of `purpose` says, if the shop signed it for that purpose and it has not expired. `invalid`: not one of
 * ours, changed, cut short, or made for another purpose; `expired`: ours, but too old. Signatures are compared in
 * constant time; the payload is read only once the signature holds.
 */
export async function checkToken(purpose: TokenPurpose, token: string, now = new Date()): Promise<TokenCheck> {
  const invalid = { ok: false, reason: 'invalid' } as const;
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return invalid;
  const parts = token.split('.');
  if (parts.length !== 2 || !/^[A-Za-z0-9_-]+$/.test(parts[0]) || !/^[A-Za-z0-9_-]+$/.test(parts[1])) return invalid;
  const [payload, given] = parts;
  // Compared as text, not as decoded bytes: the last letter of a base64url signature carries two unused bits, so
  // decoding would let a changed last letter pass for the same signature. Only the exact token we made is ours.
  // The previous key is read only for a token the current one did not sign (a link mailed before a rotation).
  const actual = Buffer.from(given, 'utf8');
  const signedWith = (key: string) => {
    const expected = Buffer.from(signature(key, purpose, payload).toString('base64url'), 'utf8');
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  };
  const keys = await signingKeys();
  if (!signedWith(keys.current)) {
    const previous = await keys.previous();
    if (!previous || !signedWith(previous)) return invalid;
  }
  let claims: { p?: unknown; s?: unknown; e?: unknown };
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof claims;
  } catch {
    return invalid;
  }
  if (claims?.p !== purpose || typeof claims.s !== 'string' || (claims.e !== undefined && typeof claims.e !== 'number'))
    return invalid;
  if (typeof claims.e === 'number' && claims.e * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, subject: claims.s, expiresAt: typeof claims.e === 'number' ? new Date(claims.e * 1000) : null };
}
