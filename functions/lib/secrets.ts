import { readJson } from './aws-signed';
import { readEnv } from './env';

/** How long a read secret is kept before it is read again (so a key rotated in Stripe reaches warm functions). */
const CACHE_MS = 5 * 60_000;

const cache = new Map<string, { at: number; value: Promise<string | null> }>();

/**
 * GetSecretValue as one signed request over the JSON 1.1 protocol (aws-signed.ts), without the Secrets Manager client
 * that every function carried for the front door's secret (24 KB: issue 39, decision 0131). Errors are named as the
 * SDK's (ResourceNotFoundException, ...), with `$metadata.httpStatusCode`.
 */
function getSecretValue(secretId: string, stage?: string): Promise<{ SecretString?: string }> {
  const { SECRETS_MANAGER_ENDPOINT, AWS_REGION } = readEnv();
  return readJson({
    service: 'secretsmanager',
    target: 'secretsmanager.GetSecretValue',
    url: new URL(SECRETS_MANAGER_ENDPOINT ?? `https://secretsmanager.${AWS_REGION}.amazonaws.com/`),
    body: { SecretId: secretId, ...(stage ? { VersionStage: stage } : {}) },
    local: Boolean(SECRETS_MANAGER_ENDPOINT),
  });
}

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
    getSecretValue(secretId).then(({ SecretString }) => {
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
 * AWSPREVIOUS). Any other failure throws.
 */
export async function readSecretStage(secretId: string, stage: 'AWSCURRENT' | 'AWSPREVIOUS'): Promise<string | null> {
  try {
    const { SecretString } = await getSecretValue(secretId, stage);
    return SecretString ?? null;
  } catch (error) {
    if ((error as Error).name === 'ResourceNotFoundException' && stage !== 'AWSCURRENT') return null;
    throw error;
  }
}
