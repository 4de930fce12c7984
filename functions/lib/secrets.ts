import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { clientFor } from './aws-client';

/** How long a read secret is kept before it is read again (so a key rotated in Stripe reaches warm functions). */
const CACHE_MS = 5 * 60_000;

const cache = new Map<string, { at: number; value: Promise<string> }>();
const client = /* @__PURE__ */ clientFor(
  (env) => env.SECRETS_MANAGER_ENDPOINT,
  (base) => new SecretsManagerClient({ ...base, maxAttempts: 3, requestHandler: { connectionTimeout: 3_000, requestTimeout: 5_000 } }),
);

/**
 * The string value of a Secrets Manager secret, read on first use (the cold start) and kept for five minutes.
 * A failed read is not kept: the next call tries again.
 */
export function secretString(secretId: string, now = Date.now()): Promise<string> {
  const hit = cache.get(secretId);
  if (hit && now - hit.at < CACHE_MS) return hit.value;
  const value = client()
    .send(new GetSecretValueCommand({ SecretId: secretId }))
    .then(({ SecretString }) => {
      if (SecretString === undefined) throw new Error(`Secret ${secretId} has no string value`);
      return SecretString;
    });
  cache.set(secretId, { at: now, value });
  value.catch(() => {
    if (cache.get(secretId)?.value === value) cache.delete(secretId);
  });
  return value;
}

/**
 * The AWSPREVIOUS value of a secret (null: never rotated), kept five minutes like `secretString`'s: for keys whose
 * previous value must keep working for a while after a rotation (the mail links' signing key, decision 0084).
 */
export function previousSecretString(secretId: string, now = Date.now()): Promise<string | null> {
  const id = `${secretId}|AWSPREVIOUS`;
  const hit = previousCache.get(id);
  if (hit && now - hit.at < CACHE_MS) return hit.value;
  const value = readSecretStage(secretId, 'AWSPREVIOUS');
  previousCache.set(id, { at: now, value });
  value.catch(() => {
    if (previousCache.get(id)?.value === value) previousCache.delete(id);
  });
  return value;
}
const previousCache = new Map<string, { at: number; value: Promise<string | null> }>();

/** Forgets every value read (tests that rotate a secret). */
export function forgetSecrets(): void {
  cache.clear();
  previousCache.clear();
}

/**
 * The string value of one version stage of a secret (`AWSCURRENT`, `AWSPREVIOUS`), read now (no cache: the caller
 * keeps what it needs), or null when the secret has no version with that stage (a secret never rotated has no
 * AWSPREVIOUS). Any other failure throws.
 */
export async function readSecretStage(secretId: string, stage: 'AWSCURRENT' | 'AWSPREVIOUS'): Promise<string | null> {
  try {
    const { SecretString } = await client().send(new GetSecretValueCommand({ SecretId: secretId, VersionStage: stage }));
    return SecretString ?? null;
  } catch (error) {
    if ((error as Error).name === 'ResourceNotFoundException' && stage !== 'AWSCURRENT') return null;
    throw error;
  }
}
