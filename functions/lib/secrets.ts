import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { readEnv } from './env';

/** How long a read secret is kept before it is read again (so a key rotated in Stripe reaches warm functions). */
const CACHE_MS = 5 * 60_000;

const cache = new Map<string, { at: number; value: Promise<string> }>();
const clients = new Map<string, SecretsManagerClient>();

function client(): SecretsManagerClient {
  const { AWS_REGION, SECRETS_MANAGER_ENDPOINT } = readEnv();
  const key = `${AWS_REGION}|${SECRETS_MANAGER_ENDPOINT ?? ''}`;
  let found = clients.get(key);
  if (!found) {
    found = new SecretsManagerClient({
      region: AWS_REGION,
      maxAttempts: 3,
      requestHandler: { connectionTimeout: 3_000, requestTimeout: 5_000 },
      ...(SECRETS_MANAGER_ENDPOINT ? { endpoint: SECRETS_MANAGER_ENDPOINT, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
    });
    clients.set(key, found);
  }
  return found;
}

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
