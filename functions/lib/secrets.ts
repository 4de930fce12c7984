import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { clientFor } from './aws-client';

/** How long a read secret is kept before it is read again (so a key rotated in Stripe reaches warm functions). */
const CACHE_MS = 5 * 60_000;

/**
 * How a read is tried, as settings of the SDK client: up to 3 attempts by the SDK's standard retries (a throttled,
 * failing or unanswered read; a refusal at once), 3 s to connect and 5 s for each attempt.
 */
export const READ_RULES = { attempts: 3, connectMs: 3_000, totalMs: 5_000 } as const;

const cache = new Map<string, { at: number; value: Promise<string | null> }>();

/** Secrets Manager: its stand-in in tests (SECRETS_MANAGER_ENDPOINT), the service in AWS. */
const client = /* @__PURE__ */ clientFor(
  (env) => env.SECRETS_MANAGER_ENDPOINT,
  (base) =>
    new SecretsManagerClient({
      ...base,
      maxAttempts: READ_RULES.attempts,
      requestHandler: {
        connectionTimeout: READ_RULES.connectMs,
        requestTimeout: READ_RULES.totalMs,
        throwOnRequestTimeout: true,
      },
    }),
);

/** A value read by `read`, kept under `key` for five minutes; a failed read is not kept (the next call reads again). */
function kept<T extends string | null>(key: string, now: number, read: () => Promise<T>): Promise<T> {
  const hit = cache.get(key);
  if (hit && now - hit.at < CACHE_MS) return hit.value as Promise<T>;
  const value = read();
  cache.set(key, { at: now, value });
  value.catch(() => {
    if (cache.get(key)?.value === value) cache.delete(key);
  });
  return value;
}

/** The string value of a Secrets Manager secret, read on first use (the cold start) and kept for five minutes. */
export function secretString(secretId: string, now = Date.now()): Promise<string> {
  return kept(secretId, now, () =>
    client()
      .send(new GetSecretValueCommand({ SecretId: secretId }))
      .then(({ SecretString }) => {
        if (SecretString === undefined) throw new Error(`Secret ${secretId} has no string value`);
        return SecretString;
      }),
  );
}

/**
 * The AWSPREVIOUS value of a secret (null: never rotated), kept like `secretString`'s: for a key whose previous value
 * must keep working after a rotation (the mail links' signing key, decision 0084).
 */
export function previousSecretString(secretId: string, now = Date.now()): Promise<string | null> {
  return kept(`${secretId}|AWSPREVIOUS`, now, () => readSecretStage(secretId, 'AWSPREVIOUS'));
}

/** Forgets every value kept (tests that rotate a secret). */
export function forgetSecrets(): void {
  cache.clear();
}

/**
 * The string value of one version stage of a secret (`AWSCURRENT`, `AWSPREVIOUS`), read now (no cache: the caller
 * keeps what it needs), or null when the secret has no version with that stage (a secret never rotated has no
 * AWSPREVIOUS). Any other failure throws, as the SDK names it (ResourceNotFoundException, ...).
 */
export async function readSecretStage(secretId: string, stage: 'AWSCURRENT' | 'AWSPREVIOUS'): Promise<string | null> {
  try {
    const { SecretString } = await client().send(
      new GetSecretValueCommand({ SecretId: secretId, VersionStage: stage }),
    );
    return SecretString ?? null;
  } catch (error) {
    if ((error as Error).name === 'ResourceNotFoundException' && stage !== 'AWSCURRENT') return null;
    throw error;
  }
}
